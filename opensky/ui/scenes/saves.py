"""Saving and loading games: the save dialog, the list of saves, and messages.

Loading never changes a file; a bad file gives one clear message and the
program goes on where it was.  Both games share these screens: a Blue Skies
save (``opensky.persistence.bssave``) opens Blue Skies' game screen
(``bs_game``), and the list of saves tells the two apart.  Under the saves,
the list shows the unfinished online games hosted on this computer
(``ui.online.hostedlist``: Host again, Delete), when there are any.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from opensky.i18n import N_, month, name_of, tr
from opensky.persistence.bssave import LoadedBSGame
from opensky.persistence.save import Note, SaveError
from opensky.persistence.store import (
    AnyLoaded, AutosaveUnreadable, SaveEntry, delete_save, list_saves, load_any, read_autosave, save_named,
)
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game.gamelog import note
from opensky.ui.online.hosted import HostedTable, list_hosted
from opensky.ui.online.hostedlist import HostedSection
from opensky.ui.scene import Scene
from opensky.ui.scenes.dialog import Dialog
from opensky.ui.widgets import Button, TextField, WidgetGroup, rounded, shadowed_panel
from opensky.ui.screens import screen

if TYPE_CHECKING:
    from opensky.ui.app import App
    from opensky.ui.scenes.game import GameScene


#: The game's own name, shown as it is in every language (a title, like the airlines' names).
BLUE_SKIES_NAME = "Blue Skies"


def open_game(app: "App", loaded: AnyLoaded, read_only: bool = False) -> "GameScene":
    """Start the game scene for a loaded game (continue, load, replay): a
    Blue Skies game opens Blue Skies' screen, with the same arguments."""
    if isinstance(loaded, LoadedBSGame):
        from opensky.play.bscontroller import BSController

        bs_board = loaded.session.board
        bs_setup = BSController.setup_from(loaded, bs_board.path or bs_board.id)
        bs_scene: "GameScene" = screen("bs_game")(app, bs_setup, loaded=loaded, read_only=read_only)
        return bs_scene
    from opensky.play.controller import Controller

    board = loaded.session.board
    setup = Controller.setup_from(loaded, board.path or board.id)
    scene: "GameScene" = screen("game")(app, setup, loaded=loaded, read_only=read_only)
    return scene


def continue_latest(app: "App") -> Note | None:
    """Continue the autosaved game (or its previous copy); what to tell the
    player (a text key and its fields) if no copy can be loaded — the damaged
    files are kept aside, untouched."""
    try:
        loaded = read_autosave()
    except AutosaveUnreadable as e:
        if e.kept:
            return (N_("Neither the autosave nor the copy before it can be read ({problem}). "
                       "The damaged files were kept in your data folder as {files}."),
                    {"problem": e.problem, "files": ", ".join(e.kept)})
        return (N_("The autosave cannot be read ({problem})."), {"problem": e.problem})
    except SaveError as e:
        return (N_("The autosave cannot be read ({problem})."), {"problem": str(e)})
    if loaded is None:
        return (N_("There is no game to continue."), {})
    app.replace(open_game(app, loaded))
    show_notes(app, loaded)
    return None


def show_notes(app: "App", loaded: AnyLoaded) -> None:
    """Tell the player what opening the game changed (a previous copy used,
    bids asked again, an unknown computer level), one dialog per note."""
    for text, params in reversed(loaded.notes):
        app.push(MessageDialog(app, N_("About this game"), text, params))


class MessageDialog(Dialog):
    """A message over the current screen, with one button (or two)."""

    def __init__(self, app: "App", title: str, text: str, params: dict[str, str] | None = None,
                 action: tuple[str, Callable[[], None]] | None = None, danger: bool = False) -> None:
        """``text`` is shown as ``tr(text, **params)``; ``action`` adds a second
        button (label, what it does after the dialog closes); ``danger``: that
        button destroys something (drawn as such; the other one says Cancel and has the focus)."""
        super().__init__(app)
        self.title = title
        self.text = text
        self.params = params or {}
        self.action: Button | None = None
        if action is not None:
            label, then = action

            def run() -> None:
                app.pop()
                then()
            self.action = Button(label, run, primary=not danger, danger=danger)
            self.widgets.add(self.action)
        self.ok = Button(N_("OK") if action is None else N_("Cancel") if danger else N_("Close"), app.pop,
                         primary=action is None)
        self.widgets.add(self.ok)

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        self.lines = D.wrap(tr(self.text, **self.params), int(T.TYPE.body * s), int(520 * s))[:14]
        ph = min(h - int(16 * s), int(150 * s) + len(self.lines) * int(T.TYPE.body * 1.35 * s))
        self.panel = pygame.Rect(w // 2 - int(300 * s), h // 2 - ph // 2, int(600 * s), ph)
        row: list[tuple[Button, int]] = [(self.ok, int(116 * s))]
        if self.action is not None:
            aw = max(int(150 * s), assets.text(tr(self.action.label), int(T.TYPE.body * s), T.INK).get_width()
                     + int(40 * s))
            row.insert(0, (self.action, aw))
        self.button_row(row, self.panel.right - int(140 * s) + int(116 * s), self.panel.bottom - int(64 * s),
                        int(T.BUTTON_H * s), int(12 * s))
        self.widgets.set_focus(self.ok if self.action is not None and self.action.danger else self.action or self.ok)
        self.dirty = True

    def on_enter(self) -> bool:
        self.close()  # Enter reads the message and closes it, whichever button has the focus
        return True

    def draw_body(self, surface: pygame.Surface, s: float) -> None:
        D.blit_lines(surface, self.lines, (self.panel.x + int(28 * s), self.panel.y + int(64 * s)),
                     int(T.TYPE.body * s), T.INK)


class SaveDialog(Dialog):
    """Save the running game under a name."""

    title = "Save game"

    def __init__(self, app: "App", game: "GameScene") -> None:
        super().__init__(app)
        self.game = game
        st = game.ctl.state
        # OpenSky's month, or Blue Skies' round (its state has no month)
        if hasattr(st, "month"):
            head = f"{name_of(game.ctl.board.extra, game.ctl.board.name)}, {month(st.month)}"
        else:
            rnd = getattr(st, "round", 0)
            head = "Blue Skies, " + (tr("setup") if rnd == 0 else tr("round {n}", n=rnd))
        default = f"{head} — " + " vs ".join(st.names)
        if len(default) > 40:  # never cut a name in the middle: the airlines only if they all fit
            default = head[:40]
        self.field = TextField(default, max_len=40, placeholder="Name of the save", tooltip="Save name")
        self.widgets.add(self.field)
        self.cancel = Button("Cancel", app.pop)
        self.save = Button("Save", self.do_save, primary=True)
        self.widgets.add(self.cancel)
        self.widgets.add(self.save)
        self.error = ""

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        self.panel = pygame.Rect(w // 2 - int(300 * s), h // 2 - int(120 * s), int(600 * s), int(240 * s))
        self.field.rect = pygame.Rect(self.panel.x + int(28 * s), self.panel.y + int(76 * s),
                                      self.panel.w - int(56 * s), int(40 * s))
        bh = int(T.BUTTON_H * s)
        self.button_row([(self.cancel, int(124 * s)), (self.save, int(126 * s))],
                        self.panel.right - int(150 * s) + int(126 * s), self.panel.bottom - bh - int(22 * s), bh,
                        int(136 * s) - int(124 * s))
        self.widgets.set_focus(self.field)
        self.dirty = True

    def on_enter(self) -> bool:
        if not self.field.focused:
            return False  # the focused button takes it
        self.do_save()
        return True

    def do_save(self) -> None:
        name = self.field.value.strip()
        if not name:
            self.error = tr("Give the save a name.")
            return
        try:
            path = save_named(self.game.ctl.session, self.game.ctl.seat_infos(), name)
        except OSError as e:
            self.error = tr("Could not save: {error}. Nothing was lost; the autosave is kept.", error=e.strerror or e)
            return
        self.app.pop()
        saved = getattr(self.game, "saved", None)
        if saved is not None:  # Blue Skies' screen says it its own way
            saved(name, path)
            return
        self.game.log.append(note("Saved as “{name}”", name=name))
        self.game.sidebar_dirty = True
        self.game.message = tr("Saved as “{name}” ({file}).", name=name, file=path.name)

    def draw_body(self, surface: pygame.Surface, s: float) -> None:
        if self.error:
            lines = D.wrap(self.error, int(T.TYPE.small * s), self.panel.w - int(320 * s))
            D.blit_lines(surface, lines, (self.panel.x + int(28 * s), self.panel.y + int(128 * s)),
                         int(T.TYPE.small * s), T.BAD)


class LoadScene(Scene):
    """The list of saved games: board, airlines, month, date; load or delete."""

    def __init__(self, app: "App", on_loaded: Callable[[AnyLoaded], None] | None = None,
                 replay: bool = False) -> None:
        super().__init__(app)
        self.on_loaded = on_loaded
        self.replay = replay
        self.entries: list[SaveEntry] = []
        self.rows: list[tuple[SaveEntry, pygame.Rect, Button, Button]] = []
        self.widgets = WidgetGroup()
        self.back = Button("Back", app.pop)
        self.error = ""
        self.scroll = 0
        #: the unfinished online games hosted here (only on the screen that loads games to play)
        self.hosted: list[HostedTable] = []
        self.section: HostedSection | None = None
        self.empty_y = 0          #: where "No saved games yet" goes
        self.saves_head_y: int | None = None
        self.list_box = pygame.Rect(0, 0, 0, 0)
        self.content_h = 0

    def enter(self) -> None:
        self.entries = list_saves()
        self.hosted = list_hosted() if not self.replay and self.on_loaded is None else []
        self.section = HostedSection(self.app, self.hosted, self.enter, MessageDialog) if self.hosted else None
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        s = T.ui_scale(size)
        w, h = size
        pw = min(int(900 * s), w - int(40 * s))
        self.panel = pygame.Rect((w - pw) // 2, int(24 * s), pw, h - int(48 * s))
        self.widgets.clear()
        self.rows = []
        #: the scrolled list's window (rows outside it are clipped, their buttons hidden)
        self.list_box = pygame.Rect(self.panel.x, self.panel.y + int(70 * s), self.panel.w,
                                    self.panel.h - int(150 * s))
        top = self.panel.y + int(84 * s)
        y = top - self.scroll
        row_h = int(62 * s)
        self.saves_head_y = None
        if self.section is not None:   # two sections: each has its heading
            self.saves_head_y = y
            y += assets.font(assets.px(T.TYPE.h2 * s), "bold").get_height() + int(10 * s)
        self.empty_y = y + int((2 if self.section is not None else 12) * s)
        if not self.entries:
            y += int((36 if self.section is not None else 56) * s)
        for entry in self.entries:
            r = pygame.Rect(self.panel.x + int(24 * s), y, self.panel.w - int(48 * s), row_h - int(8 * s))
            load_b = Button(N_("Watch") if self.replay else N_("Load"), self._loader(entry), primary=True, small=True)
            del_b = Button("Delete", self._deleter(entry), small=True, tooltip="Delete this save")
            load_b.rect = pygame.Rect(r.right - int(196 * s), r.centery - int(17 * s), int(90 * s), int(34 * s))
            del_b.rect = pygame.Rect(r.right - int(98 * s), r.centery - int(17 * s), int(86 * s), int(34 * s))
            visible = r.bottom < self.panel.bottom - int(80 * s) and r.y >= self.panel.y + int(70 * s)
            load_b.visible = del_b.visible = visible
            load_b.enabled = not entry.error
            if not self.replay and self.on_loaded is None:  # watch it move by move, or load it to play on
                watch_b = Button("Watch", self._watcher(entry), small=True, tooltip="Replay this game move by move")
                watch_b.rect = pygame.Rect(load_b.rect.x - int(98 * s), load_b.rect.y, int(90 * s), int(34 * s))
                watch_b.visible, watch_b.enabled = visible, not entry.error
                self.widgets.add(watch_b)
            self.widgets.add(load_b)
            self.widgets.add(del_b)
            self.rows.append((entry, r, load_b, del_b))
            y += row_h
        if self.section is not None:
            y = self.section.layout(self.widgets, self.panel.x + int(24 * s), y + int(18 * s),
                                    self.panel.w - int(48 * s), s, self.list_box)
        self.content_h = y + self.scroll - top
        most = max(0, self.content_h - (self.list_box.bottom - top) + int(8 * s))
        if self.scroll > most:   # never scrolled past the end (the window grew, a row was deleted)
            self.scroll = most
            self.resize(size)
            return
        bh = int(T.BUTTON_H * s)
        self.back.rect = pygame.Rect(self.panel.right - int(150 * s), self.panel.bottom - bh - int(20 * s), int(126 * s), bh)
        self.widgets.add(self.back)
        self.bg = D.vertical_gradient(size, T.NIGHT, T.NIGHT_2)
        self.dirty = True

    def _loader(self, entry: SaveEntry) -> Callable[[], None]:
        return lambda: self.load(entry.path)

    def _watcher(self, entry: SaveEntry) -> Callable[[], None]:
        def f() -> None:
            self.replay = True
            self.load(entry.path)
            self.replay = False
        return f

    def _deleter(self, entry: SaveEntry) -> Callable[[], None]:
        return lambda: self.ask_delete(entry)

    def ask_delete(self, entry: SaveEntry) -> None:
        """Delete asks first (a save is a game someone may want back)."""
        self.app.push(MessageDialog(
            self.app, N_("Delete this save?"),
            N_("“{name}” ({file}) will be deleted from this computer. This cannot be undone."),
            {"name": entry.name, "file": entry.path.name[:80]},
            action=(N_("Delete"), lambda: self.delete(entry)), danger=True))

    def delete(self, entry: SaveEntry) -> None:
        why = delete_save(entry.path)
        self.entries = list_saves()
        self.resize(self.app.size)
        if why:
            self.app.push(MessageDialog(self.app, N_("The save cannot be deleted"),
                                        N_("It could not be removed ({problem})."), {"problem": why}))

    def load(self, path: Path) -> None:
        try:
            loaded = load_any(path)
        except SaveError as e:
            self.error = str(e)
            self.dirty = True
            return
        if self.on_loaded is not None:
            self.on_loaded(loaded)
            return
        if self.replay and isinstance(loaded, LoadedBSGame):
            self.app.replace(screen("bs_replay")(self.app, loaded))
        elif self.replay:
            self.app.replace(screen("replay")(self.app, loaded))
        else:
            self.app.replace(open_game(self.app, loaded))
        show_notes(self.app, loaded)

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if e.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - int(e.y * 40 * self.app.scale))
            self.resize(self.app.size)
            return
        self.widgets.handle(e)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        surface.blit(self.bg, (0, 0))
        shadowed_panel(surface, self.panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
        t = assets.text(tr("Watch a saved game") if self.replay else tr("Load a saved game"), int(T.TYPE.h1 * s), T.INK, "bold")
        surface.blit(t, (self.panel.x + int(28 * s), self.panel.y + int(22 * s)))
        clip = surface.get_clip()
        surface.set_clip(self.list_box)
        if self.saves_head_y is not None:
            head = assets.text(tr("Saved games"), assets.px(T.TYPE.h2 * s), T.INK, "bold")
            surface.blit(head, (self.panel.x + int(24 * s), self.saves_head_y))
        if not self.entries:
            body = int(T.TYPE.body * s)
            img = assets.text(D.fit(tr("No saved games yet. Save from the game menu (Esc → Save game)."), body,
                                    self.panel.w - int(56 * s)), body, T.INK_SOFT)
            surface.blit(img, (self.panel.x + int(24 * s if self.section is not None else 28 * s), self.empty_y))
        for entry, r, _, _ in self.rows:
            rounded(surface, r, T.CARD, int(8 * s))
            room = r.w - int((320 if not self.replay and self.on_loaded is None else 222) * s)
            name = assets.text(D.fit(entry.name, int(T.TYPE.body * s), room, "bold"), int(T.TYPE.body * s), T.INK,
                               "bold")
            surface.blit(name, (r.x + int(14 * s), r.y + int(6 * s)))
            if entry.error:
                line = entry.error
                col = T.BAD
            else:
                line = entry_line(entry)
                col = T.INK_SOFT
            img = assets.text(D.fit(line[:110], int(T.TYPE.small * s), room), int(T.TYPE.small * s), col)
            surface.blit(img, (r.x + int(14 * s), r.y + int(30 * s)))
        if self.section is not None:
            self.section.draw(surface, s)
        surface.set_clip(clip)
        self.draw_scrollbar(surface, s)
        if self.error:
            lines = D.wrap(self.error, int(T.TYPE.small * s), self.panel.w - int(220 * s))
            D.blit_lines(surface, lines[:3], (self.panel.x + int(28 * s), self.back.rect.y), int(T.TYPE.small * s), T.BAD)
        self.widgets.draw(surface, s)
        tip = self.widgets.hovered_tooltip() if self.app.stack.top is self else None   # none under a dialog
        if tip:
            D.tooltip(surface, tip[0], pygame.mouse.get_pos(), s)


    def draw_scrollbar(self, surface: pygame.Surface, s: float) -> None:
        """A thin bar at the list's right edge when the list is longer than its window."""
        box = self.list_box
        seen = box.bottom - (self.panel.y + int(84 * s))
        if self.content_h <= seen or self.content_h <= 0:
            return
        track = pygame.Rect(self.panel.right - int(14 * s), box.y + int(10 * s), max(2, int(5 * s)),
                            box.h - int(20 * s))
        rounded(surface, track, T.LINE, track.w // 2)
        h = max(int(24 * s), track.h * seen // self.content_h)
        y = track.y + (track.h - h) * self.scroll // max(1, self.content_h - seen)
        rounded(surface, pygame.Rect(track.x, min(y, track.bottom - h), track.w, h), T.INK_FAINT, track.w // 2)


def entry_line(entry: SaveEntry) -> str:
    """What the list of saves says of a save under its name: the board, the
    airlines, the month (OpenSky) or ``Blue Skies``, the round and each
    airline's score, and when it was saved."""
    sm = entry.summary
    when = _when(entry.saved_at)
    if not sm.get("board") and not sm.get("airlines"):   # a file without its summary: Load will tell
        return tr("no details in the file") + (f" · {when}" if entry.saved_at else "")
    airlines = [str(a) for a in sm.get("airlines", [])]
    if sm.get("game") != "blue_skies":
        state = tr("finished") if sm.get("game_over") else tr(str(sm.get("month", "?")))
        return f"{tr(str(sm.get('board', '?')))} · {', '.join(airlines)} · {state} · {when}"
    scores = sm.get("scores", [])
    if len(scores) == len(airlines):
        airlines = [f"{a} {s}" for a, s in zip(airlines, scores)]
    rnd = sm.get("round", 0)
    state = tr("finished") if sm.get("game_over") else tr("round {n}", n=rnd) if rnd else tr("setting up")
    return f"{BLUE_SKIES_NAME} · {tr(str(sm.get('board', '?')))} · {', '.join(airlines)} · {state} · {when}"


def _when(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso or "?"
