"""Blue Skies' part of the rules screen: its pages (following
``../shared/blueskies/RULES.md``, written for the player) and their
pictures, drawn in code like OpenSky's (``rules.py`` shows them).

A page is ``(id, title, text)`` with English keys; ``PICTURES`` draws the
page's picture into a box at a scale.  ``DECISION_SECTION`` is the page that
explains each decision of a Blue Skies game (F1 in the game)."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from opensky.blueskies.actions import ASSIST, BUY, DISCARD_DECISION, DRAW_CARD, DRAW_CUBES, OPENING_GATE, PLAY
from opensky.i18n import N_, tr, trn
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.widgets import rounded

#: (id, title, text) — every Blue Skies page, in English (the key).
SECTIONS: list[tuple[str, str, str]] = [
    ("aim", N_("The aim"), N_(
        "Each airline opens gates at US airports. Passengers come to an airport's gates, and every passenger at "
        "your gates scores a point every round. When an airline passes 100 or has placed all 20 of its gates, the "
        "region bonuses are added and the highest total wins.")),
    ("board", N_("Airports and gates"), N_(
        "Each airport shows its gate cost, its buyout cost (or N/A), its gate value for the region bonuses and "
        "four gate spaces. With two airlines the first two spaces are in play, with three the first three, with "
        "four or five all four. Gates fill from the left and never move.")),
    ("regions", N_("Regions"), N_(
        "The airports lie in seven regions, each with a first and a second bonus. New York, Chicago, Dallas and "
        "Los Angeles lie in two and count in both. Your value in a region is the sum of the gate values of your "
        "gates there; local gates count for nobody.")),
    ("setup", N_("Setup"), N_(
        "The bag holds 125 cubes: 100 red and 25 green. Five demand cards are turned over one by one, adding "
        "passengers at the airports they name, and each airport that got cubes opens a grey local gate. Every "
        "airline is dealt three cards, kept secret.")),
    ("opening", N_("Opening gates"), N_(
        "From the last seat back to the first, each airline places two gates at two different airports for 6 "
        "points or less together; points left over are lost. A gate goes in the leftmost empty space, or buys out "
        "a local gate.")),
    ("round", N_("The round"), N_(
        "Every round has eight steps. Steps 1 and 2 go round the table from the start player; the start player "
        "changes every round. Government assistance comes only once in a game.")),
    ("buy", N_("Buying gates"), N_(
        "Each airline gets 6 gate points for new gates and buyouts. A buyout pays the buyout cost and takes a "
        "local gate's place and cubes. A new gate where there is already a gate brings passengers at once. Each "
        "point left unspent adds 1 to your score.")),
    ("bag", N_("Passengers from the bag"), N_(
        "To add passengers at an airport, cubes are drawn from the bag one at a time until a red one comes out. "
        "Every cube drawn goes there, the red one too: two greens and a red bring three passengers. The bag is "
        "never refilled.")),
    ("split", N_("The even split"), N_(
        "After every addition and every new gate, all the cubes at the airport are shared evenly among its gates, "
        "and the leftmost gates take any left over: five cubes at two gates make three and two. So cubes can move "
        "to a new gate, and an income can fall.")),
    ("cards", N_("Cards and the special action"), N_(
        "In step 2 each airline plays a card from its hand: passengers are added at the airport it names, and it "
        "draws a new card. Once per game it may instead add passengers at any airport, change any of its cards, "
        "or both; its marker then shows USED.")),
    ("demand", N_("Other demand and scoring"), N_(
        "Then, for each airline but the start player, a card from the deck adds passengers at its airport. Each "
        "airline scores its income: the number of cubes at its gates. Cubes at local gates score for nobody.")),
    ("assistance", N_("Help for the airlines behind"), N_(
        "The first time a score is over 30 after scoring, the leader gets nothing; every other airline picks one "
        "airport for each 3 points it is behind, rounded up, and passengers are added at each. Then everyone may "
        "change cards.")),
    ("locals", N_("Local gates"), N_(
        "At the end of a round, every airport that has cubes but no gate opens a grey local gate, which takes "
        "them. A local gate scores for nobody, and an airline can buy it out unless the buyout cost is N/A.")),
    ("end", N_("The end"), N_(
        "The game ends right after scoring when an airline has more than 100 points or has placed all 20 of its "
        "gates. The rest of that round is not played; the final scoring follows.")),
    ("final", N_("Final scoring"), N_(
        "In each region the highest value takes the first bonus, the next the second. Tied for first: both "
        "bonuses are added and shared, rounded down; tied for second: the second is shared. With two airlines "
        "there is no second bonus. Airlines that never used the special action add 3.")),
    ("winner", N_("Who wins"), N_(
        "The highest final score wins. On a tie, the tied airline with fewer gates placed wins, buyouts included. "
        "If that is equal too, they share the victory.")),
]

#: The page that explains each decision of a Blue Skies game (F1 in a game).
DECISION_SECTION = {
    OPENING_GATE: "opening", BUY: "buy", PLAY: "cards", ASSIST: "assistance", DISCARD_DECISION: "assistance",
    DRAW_CUBES: "bag", DRAW_CARD: "cards",
}

#: The round's eight steps, as the round's picture names them.
STEPS = (N_("Buy gates"), N_("Play a card"), N_("Other demand"), N_("Score"), N_("Check the end"),
         N_("Assistance"), N_("Local gates"), N_("Pass the marker"))

# ---------------------------------------------------------------- pieces

_SEATS = [(T.AIRLINE_COLORS["navy"], "circle"), (T.AIRLINE_COLORS["orange"], "triangle"),
          (T.AIRLINE_COLORS["sky"], "square")]
LOCAL = (150, 150, 150)
RED = (200, 50, 50)
GREEN = (60, 160, 80)
CUBE = (205, 70, 60)


def _text(surf: pygame.Surface, text: str, size: float, color: tuple[int, int, int], weight: str = "semibold",
          **where: tuple[float, float]) -> pygame.Rect:
    img = assets.text(text, int(size), color, weight)
    r = img.get_rect(**{k: (int(v[0]), int(v[1])) for k, v in where.items()})
    surf.blit(img, r)
    return r


def _cube(surf: pygame.Surface, p: tuple[float, float], s: float, color: tuple[int, int, int] = CUBE) -> None:
    c = pygame.Rect(0, 0, int(11 * s), int(11 * s))
    c.center = (int(p[0]), int(p[1]))
    pygame.draw.rect(surf, color, c, border_radius=max(1, int(2 * s)))
    pygame.draw.rect(surf, T.mix(color, (0, 0, 0), 0.35), c, max(1, int(s)), border_radius=max(1, int(2 * s)))


def _gate(surf: pygame.Surface, box: pygame.Rect, s: float, owner: int | None, cubes: int = 0) -> None:
    """A gate space holding a gate (``owner`` a seat of ``_SEATS``, -1 the local
    airline) with its cubes and their count, or empty (None)."""
    if owner is None:
        rounded(surf, box, T.mix(T.PAPER, T.CARD, 0.3), int(6 * s))
        rounded(surf, box, T.LINE, int(6 * s), max(1, int(s)))
        return
    col = LOCAL if owner < 0 else _SEATS[owner][0]
    rounded(surf, box, T.mix(col, (255, 255, 255), 0.78), int(6 * s))
    rounded(surf, box, col, int(6 * s), max(2, int(2 * s)))
    shape = "circle" if owner < 0 else _SEATS[owner][1]
    D.blit_center(surf, D.emblem_sprite(shape, col, 8 * s), (box.centerx, box.y + 14 * s))
    per = 3
    for i in range(min(cubes, 6)):
        _cube(surf, (box.centerx + (i % per - 1) * 13 * s, box.y + 34 * s + (i // per) * 13 * s), s)
    _text(surf, str(cubes), 15 * s, T.INK, "bold", midbottom=(box.centerx, box.bottom - 3 * s))


def _airport(surf: pygame.Surface, center: tuple[float, float], s: float, code: str, gates: list[tuple[int | None, int]],
             figures: tuple[int, int | None, int] | None = None, in_play: int = 4) -> pygame.Rect:
    """An airport as the board shows it: its code (and figures: gate cost,
    buyout, value) over its row of gate spaces; spaces past ``in_play`` are
    greyed out."""
    gw, gh, gap = 40 * s, 74 * s, 6 * s
    n = 4
    text = ""
    if figures:
        cost, buyout, value = figures
        text = tr("gate {cost} · buyout {buyout} · value {value}", cost=cost,
                  buyout=tr("N/A") if buyout is None else buyout, value=value)
    fig_w = assets.font(int(12 * s), "semibold").size(text)[0] if text else 0
    w = max(n * gw + (n - 1) * gap, fig_w) + 16 * s
    head = (44 if text else 26) * s
    tile = pygame.Rect(0, 0, int(w), int(head + gh + 10 * s))
    tile.center = (int(center[0]), int(center[1]))
    rounded(surf, tile, T.CARD, int(8 * s))
    rounded(surf, tile, T.INK_SOFT, int(8 * s), max(1, int(s)))
    _text(surf, code, 15 * s, T.INK, "bold", topleft=(tile.x + 8 * s, tile.y + 4 * s))
    if text:
        _text(surf, text, 12 * s, T.INK_SOFT, "semibold", topleft=(tile.x + 8 * s, tile.y + 23 * s))
    for i in range(n):
        box = pygame.Rect(int(tile.x + 8 * s + i * (gw + gap)), int(tile.y + head), int(gw), int(gh))
        owner, cubes = gates[i] if i < len(gates) else (None, 0)
        if i >= in_play:
            rounded(surf, box, T.mix(T.PAPER_DARK, T.CARD, 0.3), int(6 * s))
            continue
        _gate(surf, box, s, owner, cubes)
    return tile


def _card(surf: pygame.Surface, center: tuple[float, float], s: float, code: str, face_up: bool = True) -> pygame.Rect:
    """A demand card naming an airport (or its back)."""
    r = pygame.Rect(0, 0, int(42 * s), int(58 * s))
    r.center = (int(center[0]), int(center[1]))
    rounded(surf, r, (255, 255, 255) if face_up else T.NIGHT_2, int(6 * s))
    rounded(surf, r, T.INK_SOFT, int(6 * s), max(1, int(s)))
    if face_up:
        D.plane_icon(surf, (r.centerx, r.y + 16 * s), 9 * s, -math.pi / 2, T.ACCENT)
        _text(surf, code, 13 * s, T.INK, "bold", center=(r.centerx, r.y + 38 * s))
    return r


def _arrow(surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float], s: float) -> None:
    pygame.draw.line(surf, T.ACCENT_DARK, a, b, max(2, int(3 * s)))
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    k = 9 * s
    pygame.draw.polygon(surf, T.ACCENT_DARK, [b, (b[0] - k * math.cos(ang - 0.5), b[1] - k * math.sin(ang - 0.5)),
                                              (b[0] - k * math.cos(ang + 0.5), b[1] - k * math.sin(ang + 0.5))])


def _bag(surf: pygame.Surface, center: tuple[float, float], s: float) -> pygame.Rect:
    """The bag of passengers, with the cubes left in it."""
    cx, cy = center
    body = pygame.Rect(0, 0, int(74 * s), int(70 * s))
    body.center = (int(cx), int(cy + 6 * s))
    pygame.draw.ellipse(surf, (176, 140, 96), body)
    neck = pygame.Rect(0, 0, int(34 * s), int(16 * s))
    neck.midbottom = (body.centerx, body.y + int(8 * s))
    pygame.draw.rect(surf, (150, 116, 76), neck, border_radius=int(5 * s))
    for i, col in enumerate((RED, RED, GREEN, RED)):
        _cube(surf, (body.x + 20 * s + i * 11 * s, body.centery + (4 if i % 2 else -4) * s), s, col)
    return body


# ---------------------------------------------------------------- pictures


def _pic_aim(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """score + region bonuses + 3 = the final score."""
    parts = ((tr("score"), "87"), (tr("regions"), "21"), (tr("never used the special action"), "3"))
    boxes = len(parts) + 1
    bw = min(130 * s, (r.w - 60 * s) / (boxes + 0.6))
    x = r.centerx - (boxes * bw + (boxes - 1) * 22 * s) / 2
    for i, (label, value) in enumerate(parts + ((tr("total"), "111"),)):
        box = pygame.Rect(int(x + i * (bw + 22 * s)), int(r.centery - 40 * s), int(bw), int(62 * s))
        last = i == len(parts)
        rounded(surf, box, T.mix(T.GOLD, T.CARD, 0.5) if last else T.CARD, int(8 * s))
        rounded(surf, box, T.INK_SOFT, int(8 * s), max(1, int(s)))
        _text(surf, value, 28 * s, T.INK, "bold", center=box.center)
        lines = D.wrap(label, int(13 * s), int(bw + 18 * s), "semibold")
        y = box.bottom + 6 * s
        for line in lines[:3]:
            y = _text(surf, line, 13 * s, T.INK_SOFT, "semibold", midtop=(box.centerx, y)).bottom
        if i < len(parts):
            _text(surf, "=" if i == len(parts) - 1 else "+", 26 * s, T.ACCENT_DARK, "bold",
                  center=(box.right + 11 * s, box.centery))


def _pic_board(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """Atlanta's tile with two gates; the spaces in play by airline count."""
    s *= 1.2
    tile = _airport(surf, (r.centerx, r.centery - 12 * s), s, "ATL", [(0, 3), (1, 2)], (5, None, 6))
    gw, gap = 40 * s, 6 * s
    y = tile.bottom + 8 * s
    for n, label in ((2, tr("2 airlines")), (3, "3"), (4, "4–5")):
        x1 = tile.x + 8 * s + n * gw + (n - 1) * gap
        pygame.draw.line(surf, T.ACCENT_DARK, (x1 + 2 * s, tile.bottom - 84 * s), (x1 + 2 * s, y), max(1, int(2 * s)))
        if n == 2:  # the long label ends at its line, under the gates in play
            _text(surf, label, 13 * s, T.ACCENT_DARK, "bold", topright=(x1 + 6 * s, y + 2 * s))
        else:
            _text(surf, label, 13 * s, T.ACCENT_DARK, "bold", midtop=(x1 + 2 * s, y + 2 * s))


def _pic_regions(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """A region with its two bonuses and each airline's value in it."""
    area = pygame.Rect(int(r.x + r.w * 0.08), int(r.y + 16 * s), int(r.w * 0.5), int(r.h - 32 * s))
    rounded(surf, area, T.mix(T.ACCENT, T.CARD, 0.85), int(22 * s))
    rounded(surf, area, T.mix(T.ACCENT, T.CARD, 0.5), int(22 * s), max(1, int(2 * s)))
    _text(surf, tr("South"), 15 * s, T.ACCENT_DARK, "bold", topleft=(area.x + 14 * s, area.y + 8 * s))
    spots = (("ATL", 0.7, 0.35, [(1, 6), (1, 6)]), ("HOU", 0.3, 0.55, [(1, 3)]), ("DFW", 0.22, 0.25, [(0, 4)]),
             ("MSY", 0.66, 0.78, [(0, 1)]))
    for code, fx, fy, gates in spots:
        p = (area.x + area.w * fx, area.y + area.h * fy + 8 * s)
        pygame.draw.circle(surf, T.AIRPORT_RING, p, 7 * s)
        pygame.draw.circle(surf, (255, 255, 255), p, 5 * s)
        _text(surf, code, 12 * s, T.INK, "bold", midtop=(p[0], p[1] + 9 * s))
        for k, (seat, value) in enumerate(gates):
            q = (p[0] + 16 * s + k * 19 * s, p[1])
            D.blit_center(surf, D.emblem_sprite(_SEATS[seat][1], _SEATS[seat][0], 7 * s), q)
            _text(surf, str(value), 12 * s, T.INK_SOFT, "bold", midbottom=(q[0], q[1] - 8 * s))
    x = area.right + 24 * s
    y = area.y + 6 * s
    for label, value in ((tr("1st bonus"), 12), (tr("2nd bonus"), 6)):
        badge = pygame.Rect(int(x), int(y), int(46 * s), int(34 * s))
        rounded(surf, badge, T.GOLD if value == 12 else T.mix(T.GOLD, T.CARD, 0.5), int(8 * s))
        _text(surf, str(value), 18 * s, T.INK, "bold", center=badge.center)
        _text(surf, label, 13 * s, T.INK_SOFT, "semibold", midleft=(badge.right + 8 * s, badge.centery))
        y += 44 * s
    for seat, total, got in ((1, "6 + 6 + 3 = 15", 12), (0, "4 + 1 = 5", 6)):
        q = (x + 10 * s, y + 14 * s)
        D.blit_center(surf, D.emblem_sprite(_SEATS[seat][1], _SEATS[seat][0], 8 * s), q)
        _text(surf, f"{total} → {got}", 15 * s, T.INK, "bold", midleft=(q[0] + 16 * s, q[1]))
        y += 30 * s


def _pic_setup(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """Five cards turned over; an airport that got cubes opens a local gate."""
    for i, code in enumerate(("BOS", "DEN", "BOS", "MIA", "SEA")):
        _card(surf, (r.x + r.w * 0.08 + i * 48 * s, r.centery), s, code)
    _arrow(surf, (r.x + r.w * 0.08 + 5 * 48 * s - 10 * s, r.centery), (r.x + r.w * 0.08 + 5 * 48 * s + 22 * s, r.centery), s)
    tile_x = r.x + r.w * 0.08 + 5 * 48 * s + 30 * s
    _airport(surf, (tile_x + 98 * s, r.centery), s, "BOS", [(-1, 3)])
    _text(surf, tr("local gate"), 13 * s, T.INK_SOFT, "bold", midtop=(tile_x + 28 * s, r.centery + 62 * s))


def _pic_opening(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """Two opening gates at two airports: 3 + 3 ≤ 6."""
    _airport(surf, (r.x + r.w * 0.26, r.centery - 8 * s), s, "MCO", [(0, 0)], (3, 5, 3))
    _airport(surf, (r.x + r.w * 0.74, r.centery - 8 * s), s, "SEA", [(-1, 1), (0, 1)], (3, 5, 3))
    _text(surf, "3 + 3 ≤ 6", 22 * s, T.ACCENT_DARK, "bold", midtop=(r.centerx, r.centery + 60 * s))


def _pic_round(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """The eight steps in two rows of four."""
    cols = 4
    cw = (r.w - 40 * s) / cols
    ch = min(64 * s, (r.h - 36 * s) / 2)
    top = r.centery - (2 * ch + 12 * s) / 2
    for i, label in enumerate(STEPS):
        box = pygame.Rect(int(r.x + 20 * s + (i % cols) * cw + 5 * s), int(top + (i // cols) * (ch + 12 * s)),
                          int(cw - 10 * s), int(ch))
        once = i == 5
        rounded(surf, box, T.mix(T.GOLD, T.CARD, 0.6) if once else T.CARD, int(8 * s))
        rounded(surf, box, T.INK_SOFT, int(8 * s), max(1, int(s)))
        num = (box.x + 18 * s, box.centery)
        pygame.draw.circle(surf, T.ACCENT, num, 13 * s)
        _text(surf, str(i + 1), 15 * s, (255, 255, 255), "bold", center=num)
        room = int(box.w - 42 * s)
        size = int(14 * s)  # smaller (down to the floor) until every word fits and two lines hold it
        while size > assets.MIN_TEXT_PX and (
                max(assets.font(size, "semibold").size(w)[0] for w in tr(label).split()) > room
                or len(D.wrap(tr(label), size, room, "semibold")) > 2):
            size -= 1
        lines = D.wrap(tr(label), size, room, "semibold")[:3]
        lh = assets.font(size, "semibold").get_linesize()
        y = box.centery - lh * len(lines) / 2
        for line in lines:
            _text(surf, line, size, T.INK, "semibold", topleft=(box.x + 36 * s, y))
            y += lh


def _pic_buy(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """6 points: 3 for one gate, 2 for another, 1 left: +1 score."""
    x0 = r.x + r.w * 0.12
    cy = r.centery - 10 * s
    xs = [x0 + i * 26 * s for i in range(3)] + [x0 + 100 * s + i * 26 * s for i in range(2)] + [x0 + 176 * s]
    colours = [T.ACCENT] * 3 + [T.GOOD] * 2 + [T.GOLD]
    for x, col in zip(xs, colours):
        pygame.draw.circle(surf, col, (x, cy), 11 * s)
    _text(surf, tr("6 gate points"), 14 * s, T.INK_SOFT, "bold", midbottom=(x0 + 88 * s, cy - 18 * s))
    labels = ((x0 + 26 * s, "3", tr("a gate")), (x0 + 113 * s, "2", tr("a gate")), (x0 + 176 * s, "1", tr("+1 score")))
    for x, num, label in labels:
        _text(surf, num, 15 * s, T.INK, "bold", midtop=(x, cy + 16 * s))
        _text(surf, label, 13 * s, T.INK_SOFT, "semibold", midtop=(x, cy + 36 * s))
    _airport(surf, (r.x + r.w * 0.72, r.centery), s, "BOS", [(0, 2), (-1, 1)], (3, 5, 3))
    _text(surf, tr("buyout replaces a local gate"), 13 * s, T.INK_SOFT, "semibold",
          midtop=(r.x + r.w * 0.72, r.centery + 62 * s))


def _pic_bag(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """The bag, and a draw: green, green, red: three passengers."""
    bag = _bag(surf, (r.x + r.w * 0.2, r.centery - 10 * s), s)
    _text(surf, tr("{red} red · {green} green", red=100, green=25), 13 * s, T.INK_SOFT, "bold",
          midtop=(bag.centerx, bag.bottom + 6 * s))
    x = r.x + r.w * 0.4
    step = 64 * s
    for i, col in enumerate((GREEN, GREEN, RED)):
        _cube(surf, (x + i * step, r.centery), s * 2, col)
        _text(surf, tr("red: stop") if col == RED else tr("green"), 13 * s, T.INK_SOFT, "semibold",
              midtop=(x + i * step, r.centery + 18 * s))
    _text(surf, "= 3", 26 * s, T.ACCENT_DARK, "bold", midleft=(x + 2 * step + 30 * s, r.centery))
    for i in range(3):
        _cube(surf, (x + 2 * step + 92 * s + i * 14 * s, r.centery), s)


def _pic_split(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """Houston: two gates with one cube each, three more come: 3 and 2."""
    left = (r.x + r.w * 0.25, r.centery)
    right = (r.x + r.w * 0.75, r.centery)
    _airport(surf, left, s, "HOU", [(0, 1), (1, 1)])
    _arrow(surf, (r.centerx - 22 * s, r.centery), (r.centerx + 22 * s, r.centery), s)
    _text(surf, "+3", 18 * s, T.ACCENT_DARK, "bold", midbottom=(r.centerx, r.centery - 8 * s))
    _airport(surf, right, s, "HOU", [(0, 3), (1, 2)])
    _text(surf, "5 ÷ 2 = 3 + 2", 18 * s, T.ACCENT_DARK, "bold", midtop=(right[0], right[1] + 62 * s))


def _pic_cards(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """A hand of three; one is played. The special action's marker: 3 / USED."""
    for i, code in enumerate(("MCO", "NYC", "SAN")):
        _card(surf, (r.x + r.w * 0.1 + i * 48 * s, r.centery + (-16 * s if i == 0 else 0)), s, code)
    a = (r.x + r.w * 0.1 + 3 * 48 * s - 14 * s, r.centery)
    _arrow(surf, a, (a[0] + 30 * s, a[1]), s)
    _airport(surf, (a[0] + 130 * s, r.centery), s, "MCO", [(0, 2), (1, 1)])
    # the special action's marker, both faces: a pill as wide as its word
    font = assets.font(int(14 * s), "bold")
    pill_w = max(40 * s, max(font.size(t)[0] for t in ("3", tr("USED"))) + 16 * s)
    head = assets.font(int(13 * s), "semibold").size(tr("special action"))[0]
    m = (r.right - 16 * s - max(pill_w, head) / 2, r.centery - 20 * s)
    for k, (label, col) in enumerate((("3", T.GOOD), (tr("USED"), T.INK_FAINT))):
        pill = pygame.Rect(0, 0, int(pill_w), int(34 * s))
        pill.center = (int(m[0]), int(m[1] + k * 46 * s))
        rounded(surf, pill, col, pill.h // 2)
        _text(surf, label, 14 * s, (255, 255, 255), "bold", center=pill.center)
    _text(surf, tr("special action"), 13 * s, T.INK_SOFT, "semibold", midbottom=(m[0], m[1] - 22 * s))


def _pic_demand(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """A deck card adds passengers; the income (cubes at your gates) is scored."""
    _card(surf, (r.x + r.w * 0.1, r.centery), s, "", face_up=False)
    _card(surf, (r.x + r.w * 0.1 + 50 * s, r.centery), s, "DEN")
    tile = _airport(surf, (r.x + r.w * 0.55, r.centery - 12 * s), s, "DEN", [(0, 2), (1, 2), (-1, 1)])
    _text(surf, tr("income {n}", n=2) + " → " + tr("score +{n}", n=2), 16 * s, T.ACCENT_DARK, "bold",
          midtop=(tile.centerx, tile.bottom + 8 * s))


def _pic_assistance(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """The leader at 31 gets nothing; 27 is 4 behind: two airports."""
    rows = ((0, 31, tr("leader: nothing")),
            (1, 27, "31 − 27 = 4 → " + trn("{n} airport", "{n} airports", 2)),
            (2, 29, "31 − 29 = 2 → " + trn("{n} airport", "{n} airports", 1)))
    y = r.y + r.h * 0.22
    for seat, score, text in rows:
        p = (r.x + r.w * 0.12, y)
        D.blit_center(surf, D.emblem_sprite(_SEATS[seat][1], _SEATS[seat][0], 10 * s), p)
        _text(surf, str(score), 20 * s, T.INK, "bold", midleft=(p[0] + 20 * s, p[1]))
        _text(surf, text, 17 * s, T.ACCENT_DARK if seat else T.INK_SOFT, "bold", midleft=(p[0] + 70 * s, p[1]))
        y += r.h * 0.28


def _pic_locals(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """Cubes waiting at an airport without gates; a local gate opens."""
    _airport(surf, (r.x + r.w * 0.27, r.centery), s, "PHL", [])
    for i in range(2):
        _cube(surf, (r.x + r.w * 0.27 - 68 * s + i * 14 * s, r.centery + 40 * s), s)
    _arrow(surf, (r.centerx - 22 * s, r.centery), (r.centerx + 22 * s, r.centery), s)
    _airport(surf, (r.x + r.w * 0.73, r.centery), s, "PHL", [(-1, 2)])


def _pic_end(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """Over 100, or all 20 gates placed."""
    _text(surf, "101 > 100", 28 * s, T.ACCENT_DARK, "bold", center=(r.x + r.w * 0.27, r.centery))
    _text(surf, tr("or"), 16 * s, T.INK_SOFT, "bold", center=(r.centerx, r.centery))
    x0 = r.x + r.w * 0.6
    for i in range(20):
        p = (x0 + (i % 10) * 20 * s, r.centery - 12 * s + (i // 10) * 22 * s)
        D.blit_center(surf, D.emblem_sprite(_SEATS[1][1], _SEATS[1][0], 7 * s), p)
    _text(surf, tr("all 20 gates placed"), 13 * s, T.INK_SOFT, "bold", midtop=(x0 + 90 * s, r.centery + 24 * s))


def _pic_final(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """A region with bonuses 12 and 6, three ways: each airline's value and
    the bonus it takes under it."""
    rows = (([(1, 15, 12), (0, 12, 6)], ""), ([(1, 15, 9), (0, 15, 9)], "(12 + 6) ÷ 2"),
            ([(1, 15, 12), (0, 9, 3), (2, 9, 3)], "6 ÷ 2"))
    _text(surf, tr("bonuses {first} and {second}", first=12, second=6), 15 * s, T.INK_SOFT, "bold",
          topleft=(r.x + 24 * s, r.y + 10 * s))
    step = (r.h - 44 * s) / 3
    y = r.y + 38 * s + step / 2
    for seats, note in rows:
        x = r.x + 40 * s
        for seat, value, got in seats:
            D.blit_center(surf, D.emblem_sprite(_SEATS[seat][1], _SEATS[seat][0], 8 * s), (x, y - 8 * s))
            _text(surf, str(value), 16 * s, T.INK, "bold", midleft=(x + 14 * s, y - 8 * s))
            _text(surf, f"+{got}", 15 * s, T.ACCENT_DARK, "bold", midleft=(x + 14 * s, y + 11 * s))
            x += 74 * s
        if note:
            _text(surf, note, 15 * s, T.INK_SOFT, "bold", midleft=(r.x + 40 * s + 3 * 74 * s + 10 * s, y + 11 * s))
        y += step


def _pic_winner(surf: pygame.Surface, r: pygame.Rect, s: float) -> None:
    """Equal totals: the airline with fewer gates placed wins."""
    for k, (seat, gates, wins) in enumerate(((0, 14, False), (1, 12, True))):
        cx = r.x + r.w * (0.3 + 0.4 * k)
        D.blit_center(surf, D.emblem_sprite(_SEATS[seat][1], _SEATS[seat][0], 14 * s), (cx, r.y + r.h * 0.28))
        _text(surf, "118", 26 * s, T.INK, "bold", midtop=(cx, r.y + r.h * 0.28 + 22 * s))
        _text(surf, trn("{n} gate placed", "{n} gates placed", gates), 14 * s, T.INK_SOFT, "semibold",
              midtop=(cx, r.y + r.h * 0.28 + 58 * s))
        if wins:
            _text(surf, tr("wins"), 18 * s, T.GOOD, "bold", midtop=(cx, r.y + r.h * 0.28 + 80 * s))


PICTURES: dict[str, Callable[[pygame.Surface, pygame.Rect, float], None]] = {
    "aim": _pic_aim, "board": _pic_board, "regions": _pic_regions, "setup": _pic_setup, "opening": _pic_opening,
    "round": _pic_round, "buy": _pic_buy, "bag": _pic_bag, "split": _pic_split, "cards": _pic_cards,
    "demand": _pic_demand, "assistance": _pic_assistance, "locals": _pic_locals, "end": _pic_end,
    "final": _pic_final, "winner": _pic_winner,
}
