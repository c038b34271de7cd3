"""The saves screen's section "Online games you hosted": a row per
unfinished table (``hosted.HostedTable``) with Host again and Delete.

The section lays itself out in the list's scrolled space (``layout``, from
the screen's ``resize``) and draws what ``layout`` placed (``draw`` changes
nothing).  Host again is the title's Continue for any table: the lobby with
that table (``lobby.resume_hosting``), the friends' links coming back with
their seat tokens.  Delete asks first, then removes the table from
``online.sqlite`` (``hosted.delete_hosted``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from opensky.i18n import N_, tr
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.online.hosted import HostedTable, delete_hosted
from opensky.ui.online.strip import spaced
from opensky.ui.widgets import Button, WidgetGroup, rounded

if TYPE_CHECKING:
    from opensky.ui.app import App
    from opensky.ui.scene import Scene

HEADING = N_("Online games you hosted")
HINT = N_("Host one again: your friends' games reconnect by themselves.")
ROW_H = 66


class HostedSection:
    """The rows of the hosted tables; ``changed`` is called once one is
    deleted; ``dialog`` is the saves screen's ``MessageDialog`` (given, not
    imported: the saves screen imports this module)."""

    def __init__(self, app: "App", tables: list[HostedTable], changed: Callable[[], None],
                 dialog: Callable[..., "Scene"]) -> None:
        self.app = app
        self.dialog = dialog
        self.tables = tables
        self.changed = changed
        #: (table, card, Host again, Delete), placed by ``layout``
        self.rows: list[tuple[HostedTable, pygame.Rect, Button, Button]] = []
        self.head_y = 0
        self.x = self.w = 0

    def layout(self, group: WidgetGroup, x: int, y: int, w: int, s: float, shown: pygame.Rect) -> int:
        """Place the heading and the rows from ``y`` (the rows' buttons into
        ``group``, visible when their card is inside ``shown``); the y below the section."""
        self.x, self.w, self.head_y = x, w, y
        y += assets.font(assets.px(T.TYPE.h2 * s), "bold").get_height() + int(4 * s)
        y += assets.font(assets.px(T.TYPE.small * s)).get_height() + int(14 * s)
        self.rows = []
        f = assets.font(assets.px(T.TYPE.small * s), "semibold")
        row_h = int(ROW_H * s)
        for table in self.tables:
            r = pygame.Rect(x, y, w, row_h - int(8 * s))
            host_b = Button(N_("Host again"), self._host(table), primary=True, small=True,
                            tooltip=N_("Open this table again: your friends' games reconnect by themselves"))
            del_b = Button("Delete", self._ask_delete(table), small=True,
                           tooltip=N_("Remove this online game from this computer"))
            hw = max(int(110 * s), f.size(tr(host_b.label))[0] + int(28 * s))
            dw = max(int(86 * s), f.size(tr(del_b.label))[0] + int(28 * s))
            del_b.rect = pygame.Rect(r.right - int(12 * s) - dw, r.centery - int(17 * s), dw, int(34 * s))
            host_b.rect = pygame.Rect(del_b.rect.x - int(8 * s) - hw, del_b.rect.y, hw, int(34 * s))
            host_b.visible = del_b.visible = shown.contains(r)
            group.add(host_b)
            group.add(del_b)
            self.rows.append((table, r, host_b, del_b))
            y += row_h
        return y

    # ------------------------------------------------------------ actions
    def _host(self, table: HostedTable) -> Callable[[], None]:
        return lambda: self.host_again(table)

    def host_again(self, table: HostedTable) -> None:
        """The lobby with this table (the game itself if it had begun), or why not."""
        from opensky.ui.online.lobby import resume_hosting
        why = resume_hosting(self.app, table.code)
        if why:
            self.app.push(self.dialog(self.app, N_("The game cannot be continued"),
                                        N_("The online game hosted here cannot be opened ({problem})."),
                                        {"problem": why}))

    def _ask_delete(self, table: HostedTable) -> Callable[[], None]:
        return lambda: self.ask_delete(table)

    def ask_delete(self, table: HostedTable) -> None:
        self.app.push(self.dialog(
            self.app, N_("Delete this online game?"),
            N_("{game} with {airlines}, join code {code}, will be removed from this computer. "
               "Your friends will not be able to come back to it. This cannot be undone."),
            {"game": table.title, "airlines": ", ".join(table.airlines), "code": spaced(table.code)},
            action=(N_("Delete"), lambda: self.delete(table)), danger=True))

    def delete(self, table: HostedTable) -> None:
        why = delete_hosted(table.code)
        self.changed()
        if why:
            self.app.push(self.dialog(self.app, N_("The online game cannot be deleted"),
                                        N_("It could not be removed ({problem})."), {"problem": why}))

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, s: float) -> None:
        h2, small, body = assets.px(T.TYPE.h2 * s), assets.px(T.TYPE.small * s), assets.px(T.TYPE.body * s)
        head = assets.text(tr(HEADING), h2, T.INK, "bold")
        surface.blit(head, (self.x, self.head_y))
        hint = assets.text(D.fit(tr(HINT), small, self.w), small, T.INK_SOFT)
        surface.blit(hint, (self.x, self.head_y + head.get_height() + int(4 * s)))
        for table, r, host_b, _ in self.rows:
            rounded(surface, r, T.CARD, int(8 * s))
            room = host_b.rect.x - r.x - int(28 * s)
            chip = code_chip(table.code, s)
            title_room = max(int(80 * s), room - chip.get_width() - int(12 * s))
            title = assets.text(D.fit(table.title, body, title_room, "bold"), body, T.INK, "bold")
            surface.blit(title, (r.x + int(14 * s), r.y + int(6 * s)))
            surface.blit(chip, (r.x + int(14 * s) + title.get_width() + int(12 * s),
                                r.y + int(6 * s) + (title.get_height() - chip.get_height()) // 2))
            line = assets.text(D.fit(table.line(), small, room), small, T.INK_SOFT)
            surface.blit(line, (r.x + int(14 * s), r.y + int(32 * s)))


def code_chip(code: str, s: float) -> pygame.Surface:
    """The join code in a small pill, as the lobby shows it large."""
    small = assets.px(T.TYPE.small * s)
    label = assets.text(tr("Join code"), small, T.INK_SOFT, "semibold")
    value = assets.text(spaced(code), small, T.INK, "bold")
    pad, gap = int(8 * s), int(6 * s)
    h = max(label.get_height(), value.get_height()) + int(4 * s)
    chip = pygame.Surface((pad * 2 + label.get_width() + gap + value.get_width(), h), pygame.SRCALPHA)
    rounded(chip, chip.get_rect(), T.PAPER_DARK, h // 2)
    chip.blit(label, (pad, (h - label.get_height()) // 2))
    chip.blit(value, (pad + label.get_width() + gap, (h - value.get_height()) // 2))
    return chip


__all__ = ["HEADING", "HostedSection", "code_chip"]
