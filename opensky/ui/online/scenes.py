"""The game screens of an online game: OpenSky's and Blue Skies' own screens
drawing a game the host plays (``play.remote.RemoteController``).

The controller has the local controllers' shape, so the screens are the
same; what changes is said here once, in ``Online``, for both:

- the controller is given (never made from a setup), autosave is off, no
  Undo, and the log and score chart are rebuilt from the game so far;
- the host's updates are told one at a time as the screen is ready, at a
  computer's pace — except this screen's own decisions, told at once;
- the strip at the top of the side column (the join code, each airline's
  presence), a banner for what matters now (reconnecting, a refusal,
  waiting for someone away), and when the game cannot go on the closed
  panel with the way back to the title;
- the menu has no Save, Load or Undo; "Leave table" leaves (the host's
  screen also stops hosting: the table stays in ``online.sqlite``).

``game_scene`` makes the right one from an arrival (``arrival``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from opensky.i18n import N_, tr
from opensky.online import protocol as P
from opensky.online.client import CLOSED, RECONNECTING, HostThread
from opensky.play.remote import RemoteController
from opensky.play.seats import BLUE_SKIES, GameSetup
from opensky.ui import draw as D, theme as T
from opensky.ui.bsgame.scene import BSGameScene
from opensky.ui.game.scene import GameScene
from opensky.ui.online import strip as S
from opensky.ui.online.words import reason_text
from opensky.ui.screens import screen
from opensky.ui.widgets import Button

if TYPE_CHECKING:
    from opensky.ui.app import App


class Online:
    """What both online game screens add to their game's screen (a mixin
    before the game screen's class)."""

    ctl: Any      #: the RemoteController (typed by the game screens as their own)
    app: "App"
    setup: GameSetup
    widgets: Any
    mouse: tuple[float, float]
    dirty: bool
    s: float

    # -- the same in both screens (the game screen's own, through super())
    _given: RemoteController

    def make_controller(self, setup: GameSetup, loaded: Any, autosave: bool) -> Any:
        return self._given

    def compose_widgets(self) -> None:
        if not self.compose_online():
            super().compose_widgets()  # type: ignore[misc]

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
        if not self.handle_closed(e):
            super().handle(e)  # type: ignore[misc]

    def undo(self) -> None:
        """A decision sent to a host is final."""

    def busy(self) -> bool:
        """A story is being told (the screen's own measure)."""
        raise NotImplementedError

    def update(self, dt: float) -> None:
        if self.on_top():  # type: ignore[attr-defined]
            self.online_tick(self.busy())
        super().update(dt)  # type: ignore[misc]

    def tooltip_text(self) -> str:
        if self.closed_shown:
            return ""
        return self.strip_tooltip() or super().tooltip_text()  # type: ignore[misc, no-any-return]

    def _online(self, hosting: HostThread | None) -> None:
        #: the host's thread (the host's own screen), stopped on leaving
        self.hosting = hosting
        self.back_button = Button("Back to title", self.back_to_title, primary=True)
        self.left = False
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.closed_panel = pygame.Rect(0, 0, 0, 0)
        self._shown: tuple[Any, ...] = ()
        self._closed_shown = False

    # ------------------------------------------------------------ what is shown
    def strip_info(self) -> S.StripInfo:
        ctl = self.ctl
        seats = []
        for i, seat in enumerate(self.setup.seats):
            presence = ctl.presence.get(seat.name) or P.COMPUTER
            seats.append(S.StripSeat(seat.name, T.seat_rgb(seat), seat.shape, presence, i in ctl.mine))
        link = CLOSED if ctl.closed else ctl.status
        return S.StripInfo(ctl.code, tuple(seats), link)

    def banner(self) -> str:
        """What the player must know now, in a line ("" when nothing)."""
        ctl = self.ctl
        if ctl.closed:
            return ""
        if ctl.status == RECONNECTING:
            return tr("Connection lost: trying again…")
        if ctl.refused:
            return tr("The host refused: {reason}", reason=ctl.refused)
        st = ctl.view_for(None)
        if not ctl.queue and not st.game_over:
            away = [st.names[p] for p in st.actors if ctl.presence.get(st.names[p]) == P.AWAY]
            if away:
                return tr("Waiting for {names} to come back…", names=", ".join(away))
        return ""

    def closed_reason(self) -> tuple[str, str]:
        if self.ctl.closed:
            return reason_text(self.ctl.closed, sentence=True)
        sentence, _ = reason_text(self.ctl.paused, sentence=True)
        return sentence, tr("When the host opens the table again (Continue on its title screen), "
                            "the game goes on here by itself.")

    @property
    def closed_shown(self) -> bool:
        return bool(self.ctl.closed or self.ctl.paused) and not self.ctl.over

    # ------------------------------------------------------------ leaving
    def leave(self) -> None:
        """Leave the table (once): the link is closed; the host's screen stops hosting."""
        if self.left:
            return
        self.left = True
        try:
            self.ctl.leave()   # a LocalLink stops the host's thread too
        except RuntimeError:   # the host's loop has already ended
            pass

    def back_to_title(self) -> None:
        self.leave()
        self.app.replace(screen("title")(self.app))

    def exit(self) -> None:
        """The screen leaves the stack (the results, the title): the table is left."""
        self.leave()

    def on_quit_request(self) -> None:
        self.leave()
        self.app.quit()

    def open_menu(self) -> None:
        if self.closed_shown:
            return
        self.app.push(screen("online_menu")(self.app, self))

    # ------------------------------------------------------------ time
    def own_next(self) -> bool:
        """The next update the host sent is this screen's own decision."""
        q = self.ctl.queue
        if not q:
            return False
        a = q[0].get("action")
        return isinstance(a, dict) and a.get("player") in {self.ctl.names[p] for p in self.ctl.mine}

    def online_tick(self, telling: bool) -> None:
        """Before the game screen's own update: take what the host sent, tell
        this screen's own decision at once, redraw when what the strip, the
        banner or the closed panel say has changed."""
        self.ctl.pump()
        if not telling and not self.ctl.closed and self.own_next():
            self.ctl.step_computer()
        shown = (self.strip_info(), self.banner(), self.closed_shown)
        if shown != self._shown:
            self._shown = shown
            if self.closed_shown != self._closed_shown:
                self._closed_shown = self.closed_shown
                self.compose_widgets()
            self.dirty = True

    def compose_online(self) -> bool:
        """While the closed panel is up its button is the only control (True then)."""
        if not self.closed_shown:
            return False
        self.controls_shown = not self.telling()  # the game screen composes again only when this changes
        self.widgets.clear()
        self.widgets.add(self.back_button)
        self.widgets.set_focus(self.back_button)
        return True

    def handle_closed(self, e: pygame.event.Event) -> bool:
        """Input while the closed panel is up: only its button (Enter or Esc too)."""
        if not self.closed_shown:
            return False
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.back_to_title()
            return True
        self.widgets.handle(e)
        return True

    def layout_online(self, size: tuple[int, int], s: float, side: pygame.Rect) -> pygame.Rect:
        """The strip at the top of the side column; the side column's rest."""
        h = S.strip_height(s)
        self.strip_rect = pygame.Rect(side.x, side.y, side.w, h)
        self.closed_panel, self.back_button.rect = S.closed_layout(size, s)
        return pygame.Rect(side.x, side.y + h, side.w, side.h - h)

    def draw_online(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        s = self.s
        S.draw_strip(surface, self.strip_rect, self.strip_info(), s)
        S.draw_banner(surface, board, self.banner(), s)
        if self.closed_shown:
            sentence, detail = self.closed_reason()
            S.draw_closed(surface, self.closed_panel, sentence, detail, s,
                          title=N_("The game cannot go on") if self.ctl.closed else N_("Waiting for the host"))
            self.back_button.draw(surface, s)

    def strip_tooltip(self) -> str:
        """Over the strip, who plays how; nothing over the closed panel."""
        if self.closed_shown:
            return ""
        if self.strip_rect.collidepoint(self.mouse):
            return S.strip_tooltip(self.strip_info())
        return ""

    controls_shown: bool

    if TYPE_CHECKING:
        def telling(self) -> bool: ...


class OnlineGameScene(Online, GameScene):
    """OpenSky played at a host's table."""

    offers_undo = False

    def __init__(self, app: "App", setup: GameSetup, controller: RemoteController,
                 hosting: HostThread | None = None) -> None:
        self._given = controller
        self._online(hosting)
        super().__init__(app, setup, autosave=False)
        self.rebuild_history()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.side = self.layout_online(size, self.s, self.layout.side)
        self.sidebar_dirty = True
        self.prepare()

    def telling(self) -> bool:
        return self.anim.blocking()

    def busy(self) -> bool:
        return self.anim.busy()

    def wants_frame(self) -> bool:
        return super().wants_frame() and not self.closed_shown

    def draw_guide(self, surface: pygame.Surface) -> None:
        """Over the table, under the tooltip (the hand-off screen hides it)."""
        self.draw_online(surface, self.board_rect)

    def damage(self) -> list[pygame.Rect] | None:
        rects = super().damage()
        return rects + [self.strip_rect] if rects else rects


class OnlineBSGameScene(Online, BSGameScene):
    """Blue Skies played at a host's table."""

    offers_undo = False

    def __init__(self, app: "App", setup: GameSetup, controller: RemoteController,
                 hosting: HostThread | None = None) -> None:
        self._given = controller
        self._online(hosting)
        super().__init__(app, setup, autosave=False)
        for rec in self.ctl.session.records:  # the game so far, as a loaded game's
            self._record(list(rec.events), rec.scores)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        lay = self.lay
        rest = self.layout_online(size, self.s, lay.side)
        dy = rest.y - lay.side.y
        self.lay = replace(lay, airlines=lay.airlines.move(0, dy), track=lay.track.move(0, dy),
                           supply=lay.supply.move(0, dy),
                           log=pygame.Rect(lay.log.x, lay.log.y + dy, lay.log.w, max(0, lay.log.h - dy)))

    def telling(self) -> bool:
        return self.story.blocking()

    def busy(self) -> bool:
        return self.story.blocking()

    def wants_frame(self) -> bool:
        """As the game screen's, without the pulse while a friend decides (a
        friend may take minutes: the screen then sleeps until something comes)."""
        if not self.on_top() or self.closed_shown:
            return False
        return self.story.blocking() or self.results_timer is not None or self.ctl.computer_to_move() is not None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.seat.shown():
            return
        self.draw_online(surface, self.board_rect)
        tip = self.tooltip_text() if self.on_top() and not self.closed_shown else ""
        if tip:  # again, over the strip and the banner
            D.tooltip(surface, tip, (int(self.mouse[0]), int(self.mouse[1])), self.s)


def game_scene(app: "App", setup: GameSetup, controller: RemoteController,
               hosting: HostThread | None = None) -> GameScene | BSGameScene:
    """The online game screen for the arrival's game."""
    cls = OnlineBSGameScene if setup.game == BLUE_SKIES else OnlineGameScene
    return cls(app, setup, controller, hosting)


__all__ = ["Online", "OnlineBSGameScene", "OnlineGameScene", "game_scene"]
