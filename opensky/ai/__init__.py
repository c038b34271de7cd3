"""Computer players.  They see only a player's view (``opensky.rules.view``)."""
from __future__ import annotations

from opensky.ai.base import Bot, make_bot, BOT_NAMES

__all__ = ["Bot", "make_bot", "BOT_NAMES"]
