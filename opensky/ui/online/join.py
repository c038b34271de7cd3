"""Join game: a friend's table, by its address and join code.

Three fields — the host's address (``host`` or ``host:port``), the join
code (any case; spaces and dashes are fine) and, optionally, the airline
to take (empty: the first free seat) — checked here before anything is
sent, each with a sentence saying what is wrong.  Connect opens a
``NetLink`` and waits for the game (``arrival``): "Connecting…", then the
table as it fills while the host has not started, then the online game
screen.  Whatever goes wrong (the host cannot be reached, no table has that
code, every seat is taken) comes back to the fields with a sentence.

``open_join`` is the window's door for ``python main.py join HOST[:PORT] CODE``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import tr
from opensky.online.client import NetLink, split_address
from opensky.online.protocol import normal_code
from opensky.settings import MAX_SEAT_NAME
from opensky.textlimits import unshowable
from opensky.ui import assets, draw as D, theme as T
from opensky.online import protocol as P
from opensky.ui.online.arrival import FAILED, READY, WAITING, Arrival
from opensky.ui.online.strip import SeatRow, draw_seat_rows, seat_row_height, spaced
from opensky.ui.online.words import reason_text
from opensky.ui.scene import Scene
from opensky.ui.screens import screen
from opensky.ui.widgets import Button, TextField, WidgetGroup, shadowed_panel

if TYPE_CHECKING:
    from opensky.ui.app import App

FORM, CONNECTING = "form", "connecting"
#: the code field's example: a code, the same in every language (not a text to translate)
CODE_EXAMPLE = "ABC DEF"


def check(address: str, code: str, name: str) -> tuple[str, tuple[str, int] | None, str | None]:
    """(problem, (host, port), canonical code): the problem is "" when the
    fields can be sent."""
    addr = split_address(address)
    if not address.strip():
        return tr("Type the host's address: it is on the host's screen."), None, None
    if addr is None:
        return tr("That is not an address. Type it as the host's screen shows it, e.g. 192.168.1.20:4477."), None, None
    c = normal_code(code)
    if not code.strip():
        return tr("Type the join code: it is on the host's screen."), addr, None
    if c is None:
        return tr("A join code has 6 letters and digits, as the host's screen shows it (e.g. ACD 479)."), addr, None
    for n in seat_names(name):
        if len(n) > MAX_SEAT_NAME or unshowable(n) is not None:
            return tr("That airline name cannot be used."), addr, c
    return "", addr, c


def seat_names(text: str) -> list[str]:
    """The airlines typed in the name field: one, or several separated by
    commas (people sharing this computer take several seats, hot-seat)."""
    return [n.strip() for n in text.split(",") if n.strip()][:5]


class JoinScene(Scene):
    def __init__(self, app: "App", address: str = "", code: str = "", name: str | None = "",
                 connect: bool = False) -> None:
        super().__init__(app)
        name = name or ""
        code = code.upper()
        if not address:
            address = getattr(app.settings, "last_join", "")   # the host joined last time
        self.address, self.code, self.name = address, code, name
        self.state = FORM
        self.error = ""
        self.detail = ""
        self.arrival: Arrival | None = None
        self.target = ""   #: "host:port" being joined
        self.widgets = WidgetGroup()
        self.f_address = TextField(address, self._set_address, max_len=64, placeholder="192.168.1.20:4477",
                                   tooltip="The host's address, as the host's screen shows it")
        self.f_code = TextField(code, self._set_code, max_len=12, placeholder=CODE_EXAMPLE,
                                tooltip="The join code on the host's screen")
        self.f_name = TextField(name, self._set_name, max_len=5 * (MAX_SEAT_NAME + 2),
                                placeholder="Any free seat (several: Sunway, Skylark)",
                                tooltip="The airline you fly, if the host named one for you; empty: the first free seat; "
                                        "several names, separated by commas, if you share this computer")
        self.b_back = Button("Back", self.back)
        self.b_connect = Button("Connect", self.connect, primary=True)
        self.b_cancel = Button("Cancel", self.cancel)
        self._shown: tuple[object, ...] = ()
        self.compose()
        if connect:
            self.connect()

    # ------------------------------------------------------------ fields
    def _set_address(self, v: str) -> None:
        self.address = v

    def _set_code(self, v: str) -> None:
        self.code = self.f_code.value = v.upper()

    def _set_name(self, v: str) -> None:
        self.name = v

    def compose(self) -> None:
        g = self.widgets
        focus = g.focused
        g.clear()
        if self.state == FORM:
            for w in (self.f_address, self.f_code, self.f_name, self.b_back, self.b_connect):
                g.add(w)
            g.set_focus(focus if focus in g.widgets else (self.f_address if not self.address else None))
        else:
            g.add(self.b_cancel)
        self.dirty = True

    # ------------------------------------------------------------ actions
    def connect(self) -> None:
        problem, addr, code = check(self.address, self.code, self.name)
        self.error, self.detail = problem, ""
        if problem or addr is None or code is None:
            self.dirty = True
            return
        host, port = addr
        self.target = f"{host}:{port}"
        if self.app.settings.last_join != self.address.strip():
            self.app.settings.last_join = self.address.strip()
            self.app.save_settings()
        names = seat_names(self.name)
        self.arrival = Arrival(NetLink(host, port, code=code, name=names[0] if len(names) == 1 else None,
                                       names=names if len(names) > 1 else None))
        self.state = CONNECTING
        self.compose()

    def cancel(self) -> None:
        if self.arrival is not None:
            self.arrival.link.close()
            self.arrival = None
        self.state = FORM
        self.compose()

    def back(self) -> None:
        self.cancel()
        self.app.pop()

    def on_quit_request(self) -> None:
        self.cancel()
        self.app.quit()

    def exit(self) -> None:
        if self.state != READY and self.arrival is not None:
            self.arrival.link.close()

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        a = self.arrival
        if a is not None:
            state = a.poll()
            if state == READY and a.controller is not None and a.setup is not None:
                from opensky.ui.online.scenes import game_scene
                self.state = READY
                self.app.replace(game_scene(self.app, a.setup, a.controller))
                return
            if state == FAILED:
                self.error, self.detail = reason_text(a.error, self.target)
                self.arrival = None
                self.state = FORM
                self.compose()
        shown = (self.state, a.state if a is not None else "", a.reconnecting if a is not None else False,
                 (pygame.time.get_ticks() // 500) % 2 if isinstance(self.widgets.focused, TextField) else 0)
        if shown != self._shown:
            if shown[:2] != self._shown[:2]:
                self.resize(self.app.size)  # the form, or the waiting room as tall as the table's airlines
            self._shown = shown
            self.dirty = True

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            if self.state == FORM:
                self.back()
            else:
                self.cancel()
            return
        if (e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.state == FORM
                and self.widgets.focused in (self.f_name, None)):
            self.connect()
            return
        self.widgets.handle(e)

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        self.s = s
        w, h = size
        pw = min(int(760 * s), w - int(40 * s))
        a = self.arrival
        if self.state == FORM or a is None or a.setup is None:
            ph = int(450 * s)   # the fields, and room for what went wrong
        else:                   # the waiting room, as tall as the table's airlines
            ph = max(int(330 * s), int(250 * s) + len(a.setup.seats) * seat_row_height(s))
        ph = min(ph, h - int(24 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        pad = int(36 * s)
        x0, right = self.panel.x + pad, self.panel.right - pad
        label_w = int(190 * s)
        rh = int(40 * s)
        y = self.panel.y + int(90 * s)
        self.labels = []
        for label, field in ((tr("Host's address"), self.f_address), (tr("Join code"), self.f_code),
                             (tr("Your airline"), self.f_name)):
            self.labels.append((label, (x0, y + rh // 2)))
            field.rect = pygame.Rect(x0 + label_w, y, right - x0 - label_w, rh)
            y += rh + int(14 * s)
        self.message_pos = (x0, y + int(6 * s))
        self.message_w = right - x0
        bh = int(T.BUTTON_H * s)
        by = self.panel.bottom - bh - int(24 * s)
        self.b_connect.rect = pygame.Rect(right - int(160 * s), by, int(160 * s), bh)
        self.b_back.rect = pygame.Rect(self.b_connect.rect.x - int(140 * s), by, int(124 * s), bh)
        self.b_cancel.rect = pygame.Rect(right - int(140 * s), by, int(140 * s), bh)
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    # ------------------------------------------------------------ drawing
    def status_lines(self) -> tuple[str, str]:
        """(what is happening, a second line) while connecting or waiting."""
        a = self.arrival
        if a is None:
            return "", ""
        if a.state == WAITING:
            ctl = a.controller
            mine = ", ".join(ctl.names[p] for p in ctl.mine) if ctl is not None else ""
            if a.reconnecting:
                return tr("Connection lost: trying again…"), ""
            if not a.started:
                return (tr("Joined as {name}. Waiting for the host to start…", name=mine),
                        tr("Table {code}", code=spaced(ctl.code) if ctl is not None else ""))
            return tr("Joined as {name}. The game so far is arriving…", name=mine), ""
        return tr("Connecting to {address}…", address=self.target), ""

    def seat_rows(self) -> list[SeatRow]:
        """The table's airlines while it fills: (name, emblem, colour, status, dot)."""
        a = self.arrival
        if a is None or a.controller is None or a.setup is None:
            return []
        ctl = a.controller
        out = []
        for i, seat in enumerate(a.setup.seats):
            kind = ctl.kinds[i] if i < len(ctl.kinds) else ""
            presence = ctl.presence.get(seat.name, "")
            if i in ctl.mine:
                word, col = tr("you"), T.FOCUS
            elif kind == "computer" or presence == P.COMPUTER:
                word, col = tr("computer"), T.INK_FAINT
            elif kind == "local":
                word, col = tr("at the host's screen"), T.GOOD
            elif presence == P.CONNECTED:
                word, col = tr("joined"), T.GOOD
            else:
                word, col = tr("waiting for a friend…"), T.INK_FAINT
            out.append((seat.name, seat.shape, T.seat_rgb(seat), word, col))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(16 * s), shadow=int(6 * s), alpha=120)
        title = assets.text(tr("Join an online game"), int(T.TYPE.h1 * s), T.INK, "bold")
        x0 = self.panel.x + int(36 * s)
        surface.blit(title, (x0, self.panel.y + int(16 * s)))
        small, body = assets.px(T.TYPE.small * s), assets.px(T.TYPE.body * s)
        sub = assets.text(D.fit(tr("The host's screen shows the address and the code."), small,
                                self.panel.w - int(72 * s)), small, T.INK_SOFT)
        surface.blit(sub, (x0, self.panel.y + int(16 * s) + title.get_height() + int(2 * s)))
        if self.state == FORM:
            for label, (x, cy) in self.labels:
                img = assets.text(label, body, T.INK_SOFT, "medium")
                surface.blit(img, (x, cy - img.get_height() // 2))
            if self.error:
                y = D.blit_lines(surface, D.wrap(self.error, body, self.message_w), self.message_pos, body, T.BAD,
                                 "semibold")
                if self.detail:
                    D.blit_lines(surface, D.wrap(self.detail, small, self.message_w)[:2], (self.message_pos[0], y),
                                 small, T.INK_SOFT)
        else:
            head, more = self.status_lines()
            y = self.panel.y + int(110 * s)
            y = D.blit_lines(surface, D.wrap(head, int(T.TYPE.h2 * s), self.message_w), (x0, y),
                             int(T.TYPE.h2 * s), T.INK, "semibold")
            if more:
                y = D.blit_lines(surface, D.wrap(more, body, self.message_w)[:3], (x0, y + int(4 * s)), body,
                                 T.INK_SOFT)
            draw_seat_rows(surface, x0, y + int(10 * s), min(self.message_w, int(420 * s)), self.seat_rows(), s,
                           self.b_cancel.rect.y - int(10 * s))
        self.widgets.draw(surface, s)
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)


def open_join(app: "App", address: str, code: str, name: str | None = None) -> JoinScene:
    """The window straight on Join game, connecting (the title under it, where Back goes)."""
    app.replace(screen("title")(app))
    scene = JoinScene(app, address, code, name or "", connect=True)
    app.push(scene)
    return scene


__all__ = ["JoinScene", "check", "open_join"]
