"""The month's summary card: how the month's market ended, in one glance
("May: London – Paris · Sunway wins 250 + 1 chit · the passengers walked
away from Nordwind"), shown for a moment after the take-off and before the
next month (issue 15).

``Tale`` gathers the month's events as they arrive (the animator feeds it)
and tells them in words, in the language of the moment; ``draw_card`` draws
it.  Nobody-travels months say why.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import pygame

from opensky.board.model import Board
from opensky.i18n import month as month_name, tr, trn
from opensky.rules import events as E
from opensky.rules.events import Event
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game import gamelog
from opensky.ui.setup import Seat
from opensky.ui.widgets import rounded, shadowed_panel

#: seconds the card stays at speed 1 (it fades in and out within them)
SECONDS = 2.4


@dataclass
class Tale:
    """One month's market, as far as it has gone."""
    month: int | None = None
    airports: tuple[str, str] | None = None   #: the market's airport codes
    #: (player or None, what happened): a win, a walk-away, nobody travels
    lines: list[tuple[int | None, Event]] = field(default_factory=list)

    def add(self, e: Event) -> None:
        if isinstance(e, (E.MarketWon, E.MarketWalkedAway)):
            self.lines.append((e.player, e))
        elif isinstance(e, E.NobodyTravels):
            self.lines.append((None, e))

    @property
    def ended(self) -> bool:
        return bool(self.lines)

    def title(self, board: Board) -> str:
        """“May: London – Paris”."""
        od = ""
        if self.airports:
            o, t = gamelog.od_names(board, {"airports": self.airports})
            od = f"{o} – {t}"
        if self.month is None:
            return od
        return f"{month_name(self.month)}: {od}" if od else month_name(self.month)

    def items(self, names: Sequence[str]) -> list[tuple[int | None, str]]:
        """What happened, one line each, with the airline it is about."""
        return [(p, text) for p, text, _ in self.rows(names)]

    def rows(self, names: Sequence[str]) -> list[tuple[int | None, str, str]]:
        """(airline, line, "won" / "walked" / "nobody") for each outcome."""
        out: list[tuple[int | None, str, str]] = []
        for p, e in self.lines:
            if isinstance(e, E.MarketWon):
                if e.chits:
                    text = trn("{name} wins {fare} + 1 chit", "{name} wins {fare} + {n} chits", e.chits,
                               name=names[e.player], fare=e.fare)
                else:
                    text = tr("{name} wins {fare}", name=names[e.player], fare=e.fare)
                if e.tie:
                    text += " " + tr("(tie)")
                how = "won"
            elif isinstance(e, E.MarketWalkedAway):
                text, how = tr("The passengers walked away from {name}", name=names[e.player]), "walked"
            elif isinstance(e, E.NobodyTravels):
                text = tr("Nobody travels: {reason}", reason=tr(gamelog.NOBODY_REASONS[e.reason]))
                how = "nobody"
            else:
                continue
            out.append((p, text, how))
        return out


def card_size(tale: Tale, board: Board, names: Sequence[str], s: float) -> tuple[int, int]:
    """The card's size for ``tale`` (to place it before it is drawn)."""
    title = assets.text(tale.title(board), int(T.TYPE.h2 * s), T.INK, "bold")
    items = tale.items(names)
    w = title.get_width()
    for _, text in items:
        w = max(w, assets.text(text, int(T.TYPE.body * s), T.INK, "semibold").get_width() + int(26 * s))
    h = int(18 * s) + title.get_height() + int(10 * s) + len(items) * int(28 * s) + int(14 * s)
    return (w + int(48 * s), h)


def draw_card(surface: pygame.Surface, box: pygame.Rect, tale: Tale, board: Board, names: Sequence[str],
              seats: Sequence[Seat], s: float, alpha: int = 255) -> None:
    """The card in ``box``: the month and market, then one line per outcome,
    each marked with its airline's emblem: a win in green, a walk-away in
    red, nobody in grey."""
    layer = pygame.Surface((box.w + int(16 * s), box.h + int(16 * s)), pygame.SRCALPHA)
    inner = pygame.Rect(int(8 * s), int(4 * s), box.w, box.h)
    shadowed_panel(layer, inner, T.CARD, int(16 * s), shadow=int(6 * s), alpha=120)
    rounded(layer, inner, T.mix(T.LINE, T.INK_FAINT, 0.3), int(16 * s), max(1, int(s)))
    band = pygame.Rect(inner.x, inner.y, inner.w, int(6 * s))
    pygame.draw.rect(layer, T.ACCENT, band, border_top_left_radius=int(16 * s), border_top_right_radius=int(16 * s))
    title = assets.text(tale.title(board), int(T.TYPE.h2 * s), T.INK, "bold")
    layer.blit(title, title.get_rect(midtop=(inner.centerx, inner.y + int(18 * s))))
    y = inner.y + int(18 * s) + title.get_height() + int(10 * s)
    for p, text, how in tale.rows(names):
        colour = {"won": T.GOOD, "walked": T.BAD}.get(how, T.INK_SOFT)
        img = assets.text(text, int(T.TYPE.body * s), colour, "semibold")
        row_w = img.get_width() + int(26 * s)
        x = inner.centerx - row_w // 2
        cy = y + int(12 * s)
        if p is not None:
            seat = seats[p]
            D.blit_center(layer, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 8 * s), (x + int(8 * s), cy))
        else:
            pygame.draw.circle(layer, T.INK_FAINT, (x + int(8 * s), cy), max(4, int(6 * s)), max(2, int(2 * s)))
        layer.blit(img, img.get_rect(midleft=(x + int(26 * s), cy)))
        y += int(28 * s)
    layer.set_alpha(alpha)
    surface.blit(layer, (box.x - int(8 * s), box.y - int(4 * s)))
