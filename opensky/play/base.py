"""What both local controllers share (``controller.Controller``, OpenSky's,
and ``bscontroller.BSController``, Blue Skies'): the seats as a save keeps
them, who is a person, applying an action (autosave, then the listeners),
the engine's refusal in its own words.  Each game's controller brings its
session, its views, its computers' pacing and its undo policy."""
from __future__ import annotations

from typing import Any, Callable

from opensky.i18n import tr
from opensky.persistence.save import Seat
from opensky.persistence.store import write_autosave
from opensky.play.seats import GameSetup
from opensky.rules.errors import IllegalAction


class LocalController:
    """The shared part (a base: the subclass sets every attribute below)."""

    setup: GameSetup
    session: Any
    bots: dict[int, Any]
    listeners: list[Callable[[Any, list[Any]], None]]
    autosave: bool
    save_error: str

    def seat_infos(self) -> list[Seat]:
        """The seats as a save keeps them (copies: the save never shares them)."""
        return [Seat(s.name, s.color, s.shape, s.human, s.bot) for s in self.setup.seats]

    def is_human(self, p: int) -> bool:
        return p not in self.bots

    def humans(self) -> list[int]:
        return [i for i in range(self.session.state.P) if self.is_human(i)]

    def waiting_humans(self) -> list[int]:
        return [p for p in self.session.state.actors if self.is_human(p)]

    def apply(self, action: Any) -> list[Any]:
        """Apply a legal action, autosave, and tell the listeners what happened
        (the true events: a listener showing them seals them for its viewer)."""
        ev: list[Any] = self.session.apply(action)
        self.save()
        for f in self.listeners:
            f(action, ev)
        return ev

    def save(self) -> None:
        if not self.autosave:
            return
        try:
            write_autosave(self.session, self.seat_infos())
            self.save_error = ""
        except OSError as e:
            # the previous good copy is untouched; keep playing and say so
            self.save_error = f"Autosave failed ({e.strerror or e}); the previous save is kept."

    def refusal(self, action: Any) -> str:
        """Why the engine refuses ``action`` now, in its own words."""
        try:
            self.session.state.copy().apply(action)
        except IllegalAction as e:  # the engine's own words
            return str(e)
        return tr("That is not possible now.")

    def try_apply(self, action: Any) -> str | None:
        """Apply, or return the engine's refusal message."""
        try:
            self.apply(action)
        except IllegalAction as e:
            return str(e)
        return None


__all__ = ["LocalController"]
