"""The side panels: an airline panel each and the log (the bars above and
below the board are ``bars``).

Pure render functions: they draw from what they are given and *return* what
the scene needs to know about the picture (the sidebar's surface, its tooltip
regions, where each airline's next plane sits) instead of writing it into the
scene, so ``draw`` changes nothing.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

import pygame

from opensky.i18n import tr
from opensky.rules.constants import REGIONAL_MARKERS
from opensky.rules.state import GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game.gamelog import LogEntry
from opensky.ui.setup import Seat
from opensky.ui.widgets import rounded, shadowed_panel

Point = tuple[float, float]
Region = tuple[pygame.Rect, str]


@dataclass(frozen=True)
class Sidebar:
    """A rendered sidebar and what it shows where (window coordinates)."""
    surface: pygame.Surface
    #: tooltip areas and their texts
    regions: list[Region]
    #: per airline, where its next plane to place sits in its panel
    plane_home: dict[int, Point]


def render_sidebar(st: GameState, seats: Sequence[Seat], side: pygame.Rect, s: float,
                   in_flight: Mapping[tuple[int, int], int], log: Sequence[LogEntry],
                   say: Callable[[LogEntry], str | None]) -> Sidebar:
    """The airline panels, then the log (``say`` puts an entry in words)."""
    surf = pygame.Surface(side.size)
    surf.fill(T.PAPER_DARK)
    regions: list[Region] = []
    home: dict[int, Point] = {}
    pad = int(10 * s)
    n = st.P
    avail = side.h - pad * (n + 1)
    ph = min(int(150 * s), avail // n)
    y = pad
    for p in range(n):
        r = pygame.Rect(pad, y, side.w - 2 * pad, ph)
        local, home[p] = render_panel(surf, r, p, st, seats[p], s, in_flight)
        regions.extend((rect.move(side.topleft), text) for rect, text in local)
        home[p] = (side.x + home[p][0], side.y + home[p][1])
        y += ph + pad
    log_rect = pygame.Rect(pad, y, side.w - 2 * pad, side.h - y - pad)
    if log_rect.h > int(60 * s):
        render_log(surf, log_rect, s, log, say)
    return Sidebar(surf, regions, home)


def render_log(surf: pygame.Surface, r: pygame.Rect, s: float, log: Sequence[LogEntry],
               say: Callable[[LogEntry], str | None]) -> None:
    """The game log in words, newest at the bottom."""
    rounded(surf, r, T.mix(T.PAPER_DARK, T.CARD, 0.5), int(10 * s))
    head = assets.text(tr("Game log"), int(T.TYPE.small * s), T.INK_SOFT, "bold")
    surf.blit(head, (r.x + int(12 * s), r.y + int(8 * s)))
    size = int(T.TYPE.tiny * s)
    lh = int(size * 1.4)
    top = r.y + int(30 * s)
    lines: list[str] = []
    for entry in reversed(log):
        text = say(entry)
        if not text:
            continue
        lines = D.wrap(text, size, r.w - int(24 * s)) + lines
        if len(lines) * lh > r.bottom - top - int(6 * s):
            break
    max_lines = max(0, (r.bottom - top - int(6 * s)) // lh)
    lines = lines[-max_lines:] if max_lines else []
    y = top
    for k, line in enumerate(lines):
        col = T.INK if k >= len(lines) - 3 else T.INK_SOFT
        surf.blit(assets.text(line, size, col), (r.x + int(12 * s), y))
        y += lh


def render_panel(surf: pygame.Surface, r: pygame.Rect, p: int, st: GameState, seat: Seat, s: float,
                 in_flight: Mapping[tuple[int, int], int]) -> tuple[list[Region], Point]:
    """One airline's panel; its tooltip regions and where its next plane sits
    (both in ``surf`` coordinates)."""
    regions: list[Region] = []
    board = st.board
    active = p in st.actors and not st.game_over
    shadowed_panel(surf, r, T.CARD, int(10 * s), shadow=int(2 * s), alpha=50)
    if active:
        rounded(surf, r, T.ACCENT, int(10 * s), max(2, int(3 * s)))
    pygame.draw.rect(surf, T.seat_rgb(seat), pygame.Rect(r.x, r.y + int(10 * s), max(3, int(4 * s)), r.h - int(20 * s)))
    x = r.x + int(14 * s)
    y = r.y + int(10 * s)
    D.blit_center(surf, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 8 * s), (x + 8 * s, y + 10 * s))
    name = assets.text(seat.name, int(T.TYPE.body * s), T.INK, "bold")
    surf.blit(name, (x + int(22 * s), y))
    if not seat.human:
        tag = assets.text(tr("computer"), int(T.TYPE.tiny * s), T.INK_SOFT)
        surf.blit(tag, (x + int(26 * s) + name.get_width(), y + int(4 * s)))
    sc = assets.text(str(st.score(p)["total"]), int(T.TYPE.h2 * s), T.INK, "bold")
    surf.blit(sc, (r.right - sc.get_width() - int(12 * s), y - int(3 * s)))
    y += int(28 * s)
    # planes: placed (faint) and in supply (filled); a plane in the air is still in supply here
    on_shown = st.on_board[p] - sum(v for (q, _), v in in_flight.items() if q == p)
    for k in range(st.N):
        cx, cy = x + int(9 * s) + k * int(19 * s), y + int(8 * s)
        if k < on_shown:  # on the board: a faint outline where it was
            D.plane_icon(surf, (cx, cy), 8 * s, -math.pi / 2, T.mix(T.seat_rgb(seat), T.CARD, 0.78), outline=None)
        else:             # still to place (or back in supply)
            D.plane_icon(surf, (cx, cy), 8 * s, -math.pi / 2, T.seat_rgb(seat), outline=None)
    home = (x + int(9 * s) + st.on_board[p] * int(19 * s), y + int(8 * s))
    left = st.N - st.on_board[p]
    regions.append((pygame.Rect(x, y, r.w - int(24 * s), int(18 * s)),
                    tr("{name}: {on} of {total} planes on the board. A plane flown leaves the board; "
                       "leasing brings it back (200 each).", name=seat.name, on=st.on_board[p], total=st.N)))
    lbl = assets.text(tr("{n} to place", n=left) if left else tr("all on the board"), int(T.TYPE.tiny * s),
                      T.INK_SOFT)
    surf.blit(lbl, (x + st.N * int(19 * s) + int(4 * s), y + int(2 * s)))
    y += int(22 * s)
    # fare cards in hand (public knowledge: a sealed bid is still counted in its owner's hand)
    hand = st.hand_cards(p)
    out = st.bid_out(p)
    if out is not None and not st.revealed:
        hand = sorted(hand + [out])
    cw, ch = int(24 * s), int(17 * s)
    regions.append((pygame.Rect(x, y, r.w - int(24 * s), ch),
                    tr("Fare cards in {name}'s hand: {cards}. Everyone starts with the same ten; won cards "
                       "leave the hand, so every hand is public knowledge.", name=seat.name,
                       cards=", ".join(map(str, hand)) or tr("none"))))
    for k, v in enumerate(hand):
        c = pygame.Rect(x + k * (cw + int(2 * s)), y, cw, ch)
        rounded(surf, c, (255, 255, 255), int(3 * s))
        rounded(surf, c, T.LINE, int(3 * s), 1)
        img = assets.text(str(v), int(T.TYPE.tiny * s * 0.92), T.INK, "semibold")
        surf.blit(img, img.get_rect(center=c.center))
    y += ch + int(6 * s)
    won = st.won_cards(p)
    change = st.change[p]
    regions.append((pygame.Rect(x, y, r.w - int(24 * s), ch),
                    tr("Fares won: {cards} — points at the end, and money for leasing planes.",
                       cards=", ".join(map(str, won)) or tr("none yet"))
                    + (" " + tr("Change kept from leasing: {change}.", change=change) if change else "")))
    for k, v in enumerate(won):
        c = pygame.Rect(x + k * (cw + int(2 * s)), y, cw, ch)
        rounded(surf, c, T.GOLD, int(3 * s))
        img = assets.text(str(v), int(T.TYPE.tiny * s * 0.92), T.INK, "bold")
        surf.blit(img, img.get_rect(center=c.center))
    if not won:
        img = assets.text(tr("no fares won yet"), int(T.TYPE.tiny * s), T.INK_FAINT)
        surf.blit(img, (x, y + int(1 * s)))
    if change:
        img = assets.text(tr("+{change} change", change=change), int(T.TYPE.tiny * s), T.INK_SOFT, "semibold")
        surf.blit(img, (r.right - img.get_width() - int(12 * s), y + int(1 * s)))
    y += ch + int(6 * s)
    # chits, flash deal, regional markers, subsidies
    parts = [tr("chits {n}/3", n=st.chits[p]), tr("flash ✓") if st.flash_unused[p] else tr("flash used"),
             tr("subsidies {n}", n=len(st.subsidies[p]))]
    if board.uses_hubs:
        hubs = [board.airports[a].code for a in st.hubs[p]]
        parts.append(tr("hubs {list}", list=", ".join(hubs) if hubs else "–"))
    else:
        parts.append(tr("markers {n}/2", n=REGIONAL_MARKERS - len(st.markers[p])))
    regions.append((pygame.Rect(x, y, r.w - int(24 * s), int(30 * s)),
                    tr("Ancillary chits left: {chits} (+100 each when sold). Flash deal: {flash} (once per game). "
                       "Subsidy cubes: {cubes} × 50.", chits=st.chits[p],
                       flash=tr("available") if st.flash_unused[p] else tr("used"), cubes=len(st.subsidies[p]))
                    + " " + (tr("Hubs: flights may connect only at these airports.") if board.uses_hubs else
                             tr("Cross-border markers: each lets only you fly one border route this season."))))
    img = assets.text(" · ".join(parts), int(T.TYPE.tiny * s), T.INK_SOFT)
    if img.get_width() > r.w - int(24 * s):
        img = assets.text(" · ".join(parts[:2]), int(T.TYPE.tiny * s), T.INK_SOFT)
        surf.blit(img, (x, y))
        img = assets.text(" · ".join(parts[2:]), int(T.TYPE.tiny * s), T.INK_SOFT)
        y += int(15 * s)
    if y + img.get_height() <= r.bottom - int(4 * s):
        surf.blit(img, (x, y))
    return regions, home
