"""The in-game menu (Esc) of an online game: resume, rules, settings, leave
the table, quit — no Save, Load or Undo (the host keeps the game, and a
decision sent to it is final).  The game goes on at the host meanwhile; the
screen tells what happened when the menu closes."""
from __future__ import annotations

from typing import TYPE_CHECKING

from opensky.i18n import N_
from opensky.ui.game.menu import GameMenu
from opensky.ui.scenes.dialog import Dialog
from opensky.ui.widgets import Button

if TYPE_CHECKING:
    from opensky.ui.app import App
    from opensky.ui.online.scenes import Online


class OnlineMenu(GameMenu):
    title = "Menu"

    def __init__(self, app: "App", game: "Online") -> None:
        Dialog.__init__(self, app)
        self.game = game  # type: ignore[assignment]
        self.widgets.add(Button("Resume", app.pop, primary=True))
        self.widgets.add(Button("Rules", self.rules))
        self.widgets.add(Button("Settings…", self.settings))
        hosting = getattr(game, "hosting", None) is not None
        self.widgets.add(Button("Leave table", self.to_title, tooltip=N_(
            "Stop hosting: the game stops for every player") if hosting else N_(
            "Leave this game: the host keeps it, and a computer may take your seat")))
        self.widgets.add(Button("Quit OpenSky", self.quit))

    def to_title(self) -> None:
        self.game.back_to_title()  # type: ignore[attr-defined]

    def quit(self) -> None:
        self.game.leave()  # type: ignore[attr-defined]
        self.app.quit()


__all__ = ["OnlineMenu"]
