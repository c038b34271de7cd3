"""The game screen and its menu (``opensky.ui.game`` has the rooms)."""
from __future__ import annotations

from opensky.ui.game.animator import Flight
from opensky.ui.game.menu import GameMenu
from opensky.ui.game.scene import GameScene

__all__ = ["Flight", "GameMenu", "GameScene"]
