"""Replay of a Blue Skies game: step through a saved or finished game move by
move, or play it back, with every story told as it was.

It is OpenSky's replay (``ui/scenes/replay.py``: the controls, the keys, the
playback) on Blue Skies' screen, reused read-only (nobody decides, and no
hand is shown: the spectator view); only the hooks that reach the screen
are its own.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from opensky.i18n import tr
from opensky.ui.scenes.replay import ReplayScene
from opensky.ui.screens import screen

if TYPE_CHECKING:
    from opensky.persistence.bssave import LoadedBSGame
    from opensky.ui.app import App


class BSReplayScene(ReplayScene):
    def __init__(self, app: "App", loaded: "LoadedBSGame") -> None:
        self.whole = loaded.session
        super().__init__(app, loaded)

    def open_start(self, loaded: Any) -> Any:
        from opensky.persistence.bssave import LoadedBSGame
        from opensky.play.bscontroller import BSController

        board = loaded.session.board
        setup = BSController.setup_from(loaded, board.path or board.id)
        start = LoadedBSGame(loaded.session.fork(0), loaded.seats, loaded.name)
        return screen("bs_game")(self.app, setup, loaded=start, read_only=True)

    def jump(self, n: int) -> None:
        self.game.reset_to(self.whole.fork(n))

    def telling(self) -> bool:
        return bool(self.game.story.blocking())

    def moving(self) -> bool:
        return self.telling()

    def bar(self) -> pygame.Rect:
        return self.game.tray_rect  # type: ignore[no-any-return]

    def last_line(self) -> str:
        lines = self.game.log_lines()
        return lines[-1] if lines else tr("The game begins.")

    def handle(self, e: pygame.event.Event) -> None:
        super().handle(e)
        if e.type == pygame.MOUSEMOTION:
            self.game.handle(e)  # the airport under the pointer, for its tooltip
