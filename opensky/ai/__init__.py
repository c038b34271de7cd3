"""Computer players.  They see only a player's view (``opensky.rules.view``)."""
from __future__ import annotations

from opensky.ai.base import Bot, BotFailure, safe_choose
from opensky.ai.registry import BOT_NAMES, make_bot

__all__ = ["Bot", "BotFailure", "make_bot", "BOT_NAMES", "safe_choose"]
