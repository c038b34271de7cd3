"""The host's lobby: New game's setup with a Remote seat, hosted.

It makes the table (``online.Table``: the Person seats at this screen, the
computers by level, the Remote seats for friends), a ``Host`` keeping it in
``online.sqlite`` in the user data folder, and serves it on port 4477 (the
next free one up to 4490 if that one is taken).  Then it shows, large, what
a friend needs — the join code and this computer's addresses — and each
seat as it fills (read from the table's seats each frame: the host's thread
writes them, this screen only reads).  Start begins when every Remote seat
is taken; "Start with computers in the empty seats" begins at once.  After
Start the screen waits for the game (``arrival``) and becomes the online
game screen.  Cancel stops hosting and goes back to New game.  Nothing here
raises at the player: a table that cannot be made or a port that cannot be
opened is said on the screen.
"""
from __future__ import annotations

import logging
import os
import sqlite3
import stat
from typing import TYPE_CHECKING, Iterable, Sequence

import pygame

from opensky.i18n import N_, tr
from opensky.online import protocol as P
from opensky.online.client import HostThread, LocalLink
from opensky.online.server import Host
from opensky.online.table import COMPUTER_SEAT, LOCAL, REMOTE, Table
from opensky.online.tablestore import TableStore
from opensky.rules.errors import IllegalAction
from opensky.textlimits import one_line
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.online.addresses import AddressLookup
from opensky.ui.online.arrival import FAILED, READY, Arrival
from opensky.ui.online.strip import SeatRow, draw_seat_rows, seat_row_height, spaced
from opensky.ui.online.words import reason_text
from opensky.ui.scene import Scene
from opensky.ui.scenes.newgame_seats import LEVEL_NAMES, REMOTE_KIND
from opensky.ui.setup import GameSetup
from opensky.ui.widgets import Button, WidgetGroup, shadowed_panel
from opensky.userdirs import data_dir

if TYPE_CHECKING:
    from opensky.ui.app import App

LOG = logging.getLogger("opensky.online")

#: the window's tables, in the user data folder
ONLINE_FILE = "online.sqlite"
#: where the window's host listens (every address) and the ports it tries, in order
ADDRESS = "0.0.0.0"
PORTS: tuple[int, ...] = tuple(range(P.DEFAULT_PORT, 4491))
#: (status word, dot colour) of a seat in the lobby
WAITING_SEAT = (N_("waiting for a friend…"), T.INK_FAINT)
JOINED = (N_("joined"), T.GOOD)
AWAY_SEAT = (N_("joined, connection lost"), T.ACCENT)
HERE = (N_("at this screen"), T.FOCUS)
COMPUTER_WORD = N_("computer · {level}")


def table_for(setup: GameSetup, away_after: float | None) -> Table:
    """The table of a New game setup (IllegalAction with the reason if it cannot be made)."""
    seats = setup.seats
    remote = [x.name for x in seats if not x.human and x.bot == REMOTE_KIND]
    computer = {x.name: x.bot for x in seats if not x.human and x.bot != REMOTE_KIND}
    t = Table.create(setup.game, setup.board, [x.name for x in seats], remote=remote, computer=computer,
                     seed=setup.seed, away_after=away_after, looks=[(x.color, x.shape) for x in seats])
    t.auto_start = False
    return t


def setup_of(table: Table) -> GameSetup:
    """The New game setup a stored table was made from (its seats as they are now)."""
    from opensky.persistence.save import Seat
    seats = [Seat(x.name, x.color, x.shape, x.kind == LOCAL, REMOTE_KIND if x.kind == REMOTE else x.level)
             for x in table.seats]
    return GameSetup(board=table.board_ref, seats=seats, game=table.game.kind)


def hosted_latest() -> tuple[str, float] | None:
    """The unfinished table this computer hosted last that can be hosted
    again: (code, time), or None.  One that does not replay (damaged, sealed
    with a key that is gone) is passed over, as the saves screen's list
    leaves it out: Continue never offers a table it cannot open, nor hides
    the autosaved game behind one."""
    if not store_file_ok():
        return None
    store, _ = open_store()
    if store is None:
        return None
    try:
        return store.latest_unfinished(replays=True)
    finally:
        store.close()


def resume_hosting(app: "App", code: str, address: str | None = None, ports: Sequence[int] | None = None) -> str:
    """Host a stored table again (the lobby, or the game if it has begun),
    on the same port as before if it is free (``PORTS`` in order: the
    friends' links come back there by themselves); "" or why it cannot be."""
    store, problem = open_store()
    if store is None:
        return problem
    try:
        table = store.load_one(code)
        why = "; ".join(store.problems)
    finally:
        store.close()
    if table is None:
        return why or tr("the table is gone")
    app.push(HostLobbyScene(app, setup_of(table), table.away_after, address, ports, resume=table))
    return ""


def store_file_ok() -> bool:
    """``online.sqlite`` is there and a regular file (never a folder or a FIFO):
    only then is it opened to be read (opening makes a missing one)."""
    try:
        return stat.S_ISREG(os.stat(data_dir() / ONLINE_FILE).st_mode)
    except (OSError, ValueError):
        return False


def open_store() -> tuple[TableStore | None, str]:
    """The window's table store, or None and why (the game is then not kept)."""
    try:
        return TableStore(data_dir() / ONLINE_FILE), ""
    except (sqlite3.Error, OSError) as e:
        why = one_line(str(e), 120)   # SQLite's words may quote a piece of a damaged file
        LOG.warning("online.sqlite cannot be opened: %s", why)
        return None, why


def remove_table(code: str) -> str:
    """Remove a table from the window's store: "" or why it could not be."""
    store, problem = open_store()
    if store is None:
        return problem
    try:
        store.remove(code)
        return store.error
    finally:
        store.close()


def serve(store: TableStore | None, address: str, ports: Iterable[int]) -> tuple[Host | None, HostThread | None, str]:
    """A host serving on the first port that opens: (host, its thread, "")
    or (None, None, the last port's problem)."""
    error = ""
    for port in ports:
        host = Host(store)
        hosting = HostThread(host, address, port)
        if hosting.start():
            return host, hosting, ""
        error = hosting.error or tr("port {port} cannot be opened", port=port)
    return None, None, error


class HostLobbyScene(Scene):
    """See the module docstring.  ``address`` and ``ports`` are where to
    serve (by default ``ADDRESS`` and ``PORTS``; tests serve on 127.0.0.1,
    port 0: any free one)."""

    def __init__(self, app: "App", setup: GameSetup, away_after: float | None = 120.0,
                 address: str | None = None, ports: Sequence[int] | None = None,
                 resume: Table | None = None) -> None:
        """``resume``: a table this computer hosted before (``resume_hosting``),
        served again; a game already begun goes straight on."""
        super().__init__(app)
        self.resume = resume
        self.setup = setup
        self.error = ""          #: why there is no table (the screen then offers only Back)
        self.note = ""           #: a problem that does not stop the game
        self.table: Table | None = None
        self.host: Host | None = None
        self.hosting: HostThread | None = None
        self.arrival: Arrival | None = None
        self.stopped = False
        self.widgets = WidgetGroup()
        self.b_start = Button("Start", lambda: self.start(False), primary=True,
                              tooltip="Begin the game: every seat is taken")
        self.b_fill = Button("Start with computers in the empty seats", lambda: self.start(True),
                             tooltip="Begin now: a computer airline flies each seat nobody has taken")
        self.b_cancel = Button("Cancel", self.cancel, tooltip="Stop hosting and go back to New game")
        self.b_back = Button("Back", self.cancel)
        self.addresses = AddressLookup()
        self._shown: tuple[object, ...] = ()
        self.open(away_after, address or ADDRESS, tuple(ports) if ports else PORTS)
        self.compose()

    # ------------------------------------------------------------ hosting
    def open(self, away_after: float | None, address: str, ports: Sequence[int]) -> None:
        try:
            table = self.resume if self.resume is not None else table_for(self.setup, away_after)
        except IllegalAction as e:
            self.error = tr("This game cannot be hosted: {reason}", reason=str(e))
            return
        store, problem = open_store()
        if problem:
            self.note = tr("The game is not kept on this computer ({problem}).", problem=problem)
        host, hosting, error = serve(store, address, ports)
        if hosting is None or host is None:
            if store is not None:
                store.close()
            first, last = ports[0], ports[-1]
            self.error = tr("No port from {first} to {last} could be opened on this computer ({error}). "
                            "Close the program using it, or try again later.", first=first, last=last, error=error)
            return
        self.table, self.host, self.hosting = table, host, hosting
        hosting.call(host.add, table)
        if table.started:   # resumed: the friends come back by themselves (their links retry with their tokens)
            self.arrival = Arrival(LocalLink(hosting, table))

    def stop(self) -> None:
        if self.hosting is not None and not self.stopped:
            self.stopped = True
            try:
                self.hosting.stop()
            except RuntimeError:
                pass

    @property
    def port(self) -> int:
        return self.hosting.port if self.hosting is not None else P.DEFAULT_PORT

    def start(self, fill: bool) -> None:
        """Start (with ``fill``: computers in the seats nobody took), then wait for the game."""
        t, host, hosting = self.table, self.host, self.hosting
        if t is None or host is None or hosting is None or self.arrival is not None:
            return
        if not fill and not t.all_claimed():
            return
        hosting.call(host.start_table, t, fill)
        self.arrival = Arrival(LocalLink(hosting, t))
        self.compose()

    def cancel(self) -> None:
        """Stop hosting and go back.  A table opened here that never began is
        forgotten (a lobby given up is no game to come back to); one brought
        back from the saves screen stays there until its Delete, and the
        window closed while waiting (``on_quit_request``) keeps it for Continue."""
        self.stop()
        t = self.table
        if t is not None and self.resume is None and not t.started and not self.note:
            problem = remove_table(t.code)
            if problem:
                LOG.warning("the lobby's table %s was not forgotten (%s)", t.code, problem)
        self.app.pop()

    def on_quit_request(self) -> None:
        self.stop()
        self.app.quit()

    # ------------------------------------------------------------ what is shown
    def seat_rows(self) -> list[SeatRow]:
        """Each seat now: (name, emblem, colour, status, dot colour)."""
        out = []
        table = self.table
        for i, seat in enumerate(self.setup.seats):
            ts = table.seats[i] if table is not None and i < len(table.seats) else None
            if ts is None or ts.kind == LOCAL:
                word, col = tr(HERE[0]), HERE[1]
            elif ts.kind == COMPUTER_SEAT:
                word, col = tr(COMPUTER_WORD, level=tr(LEVEL_NAMES.get(ts.level, ts.level))), T.INK_FAINT
            elif ts.kind == REMOTE and ts.token_hash is None:
                word, col = tr(WAITING_SEAT[0]), WAITING_SEAT[1]
            elif ts.presence == P.AWAY:
                word, col = tr(AWAY_SEAT[0]), AWAY_SEAT[1]
            else:
                word, col = tr(JOINED[0]), JOINED[1]
            out.append((seat.name, seat.shape, T.seat_rgb(seat), word, col))
        return out

    def address_lines(self) -> list[str]:
        found = self.addresses.result
        if found is None:
            return [tr("Looking for this computer's addresses…")]
        out = []
        for a, only_here in found:
            line = f"{a}:{self.port}"
            out.append(tr("{address} (this computer only)", address=line) if only_here else line)
        return out

    def compose(self) -> None:
        g = self.widgets
        g.clear()
        if self.error:
            g.add(self.b_back)
        else:
            for b in (self.b_cancel, self.b_fill, self.b_start):
                g.add(b)
            claimed = self.table is not None and self.table.all_claimed()
            starting = self.arrival is not None
            self.b_start.enabled = claimed and not starting
            self.b_fill.enabled = not claimed and not starting
            self.b_fill.visible = not claimed
        self.dirty = True

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        self.s = s
        w, h = size
        pw = min(int(1000 * s), w - int(40 * s))
        seats_h = int(110 * s) + len(self.setup.seats) * seat_row_height(s)
        ph = min(max(int(500 * s), seats_h + int(130 * s)), h - int(24 * s))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        pad = int(36 * s)
        self.x0 = self.panel.x + pad
        inner = pw - 2 * pad
        self.left_w = int(inner * 0.56)
        self.right_x = self.x0 + self.left_w + int(24 * s)
        self.right_w = self.panel.right - pad - self.right_x
        bh = int(T.BUTTON_H * s)
        by = self.panel.bottom - bh - int(24 * s)
        right = self.panel.right - pad
        f = assets.font(int(T.TYPE.body * s), "semibold")
        fill_w = f.size(tr(self.b_fill.label))[0] + int(32 * s)
        self.b_start.rect = pygame.Rect(right - int(150 * s), by, int(150 * s), bh)
        self.b_fill.rect = pygame.Rect(self.b_start.rect.x - int(12 * s) - fill_w, by, fill_w, bh)
        self.b_cancel.rect = pygame.Rect(self.x0, by, int(130 * s), bh)
        self.b_back.rect = pygame.Rect(right - int(130 * s), by, int(130 * s), bh)
        #: the line above the buttons (what Start waits for, a problem)
        self.foot_y = by - int(12 * s) - assets.font(assets.px(T.TYPE.small * s), "medium").get_height()
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        if self.hosting is not None and self.hosting.error and not self.error and self.arrival is None:
            self.error = tr("Hosting stopped: {error}", error=self.hosting.error)
            self.compose()
        a = self.arrival
        if a is not None:
            state = a.poll()
            if state == READY and a.controller is not None and a.setup is not None:
                from opensky.ui.online.scenes import game_scene
                self.app.replace(game_scene(self.app, a.setup, a.controller, self.hosting))
                return
            if state == FAILED:
                self.error = reason_text(a.error)[0]
                self.stop()
                self.arrival = None
                self.compose()
        table = self.table
        shown = (tuple(self.seat_rows()), self.addresses.result is not None,
                 table.code if table is not None else "", table.all_claimed() if table is not None else False)
        if shown != self._shown:
            self._shown = shown
            self.compose()

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.cancel()
            return
        self.widgets.handle(e)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(16 * s), shadow=int(6 * s), alpha=120)
        title = assets.text(tr("Host an online game"), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(title, (self.x0, self.panel.y + int(16 * s)))
        y = self.panel.y + int(16 * s) + title.get_height() + int(14 * s)
        if self.error:
            body = assets.px(T.TYPE.body * s)
            D.blit_lines(surface, D.wrap(self.error, body, self.panel.w - int(72 * s)), (self.x0, y), body, T.BAD,
                         "semibold")
            self.widgets.draw(surface, s)
            return
        self.draw_invite(surface, y, s)
        self.draw_seats(surface, y, s)
        foot = self.note
        if self.arrival is not None:
            foot = tr("Starting…")
        elif self.table is not None and not self.table.all_claimed():
            foot = tr("Start is possible once every Remote seat is taken.")
        if foot:
            small = assets.px(T.TYPE.small * s)
            img = assets.text(D.fit(foot, small, self.panel.w - int(72 * s)), small, T.INK_SOFT, "medium")
            surface.blit(img, (self.x0, self.foot_y))
        self.widgets.draw(surface, s)
        tip = self.widgets.hovered_tooltip()
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)

    def draw_invite(self, surface: pygame.Surface, y: int, s: float) -> None:
        """The join code, large, then the addresses and how a friend joins."""
        x, w = self.x0, self.left_w
        small, body = assets.px(T.TYPE.small * s), assets.px(T.TYPE.body * s)
        label = assets.text(tr("Join code"), small, T.INK_SOFT, "semibold")
        surface.blit(label, (x, y))
        y += label.get_height() + int(2 * s)
        code = self.table.code if self.table is not None else ""
        big = assets.text(spaced(code), int(T.TYPE.title * 1.05 * s), T.INK, "bold")
        surface.blit(big, (x, y))
        y += big.get_height() + int(10 * s)
        label = assets.text(tr("Addresses to give your friends"), small, T.INK_SOFT, "semibold")
        surface.blit(label, (x, y))
        y += label.get_height() + int(4 * s)
        # how a friend joins, just above the line over the buttons; the addresses fill the room above it
        lines = D.wrap(tr("On the other computer: Join game on the title screen, then this address and the code.")
                       + " " + tr("Friends on another network need port {port} forwarded to this computer "
                                  "on your router.", port=self.port), small, w)[:4]
        line_h = int(max(small, assets.MIN_TEXT_PX) * 1.35)
        note_y = self.foot_y - int(14 * s) - line_h * len(lines)
        D.blit_lines(surface, lines, (x, note_y), small, T.INK_SOFT)
        found = self.addresses.result
        for i, line in enumerate(self.address_lines()):
            only_here = found is not None and i == len(found) - 1
            size = body if only_here or found is None else int(T.TYPE.h2 * s)
            img = assets.text(D.fit(line, size, w, "semibold"), size, T.INK_SOFT if only_here else T.INK, "semibold")
            if y + img.get_height() > note_y - int(8 * s):
                break
            surface.blit(img, (x, y))
            y += img.get_height() + int(4 * s)

    def draw_seats(self, surface: pygame.Surface, y: int, s: float) -> None:
        small = assets.px(T.TYPE.small * s)
        label = assets.text(tr("Airlines"), small, T.INK_SOFT, "semibold")
        surface.blit(label, (self.right_x, y))
        y += label.get_height() + int(8 * s)
        draw_seat_rows(surface, self.right_x, y, self.right_w, self.seat_rows(), s, self.foot_y - int(6 * s))


__all__ = ["ADDRESS", "HostLobbyScene", "PORTS", "open_store", "remove_table", "serve", "store_file_ok", "table_for"]
