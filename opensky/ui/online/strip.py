"""What an online game screen shows beyond the game (pure renders).

- the **strip** at the top of the side column: the table's join code, how
  the link stands, and each airline's presence (its emblem with a dot:
  green here or online, amber away, grey a computer), in the airlines'
  order, which is the panels' order just under it;
- the **banner** over the top of the map, for what the player must know now
  (the connection is being tried again, the host refused a decision, the
  game waits for someone who is away);
- the **closed panel**, when the game cannot go on here: why, and the way
  back to the title.

Nothing here changes anything; the scenes say what to show (``StripInfo``).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from opensky.i18n import N_, tr
from opensky.online import protocol as P
from opensky.online.client import CLOSED, RECONNECTING
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.widgets import rounded, shadowed_panel

#: presence → (word, dot colour)
PRESENCE = {
    P.CONNECTED: (N_("online"), T.GOOD),
    P.AWAY: (N_("away"), T.ACCENT),
    P.COMPUTER: (N_("computer"), T.INK_FAINT),
}
WARN = (255, 214, 150)


@dataclass(frozen=True)
class StripSeat:
    name: str
    rgb: tuple[int, int, int]
    shape: str
    presence: str      #: P.CONNECTED, P.AWAY or P.COMPUTER
    here: bool         #: played at this screen


@dataclass(frozen=True)
class StripInfo:
    code: str                       #: the join code ("" : not shown)
    seats: tuple[StripSeat, ...]
    link: str                       #: "connected", "reconnecting" or "closed" (``online.client``)


def spaced(code: str) -> str:
    """A join code as it is read out: "ABC DEF"."""
    half = len(code) // 2
    return f"{code[:half]} {code[half:]}" if len(code) == 6 else code


def strip_height(s: float) -> int:
    return int(50 * s)


def presence_word(seat: StripSeat) -> str:
    if seat.here and seat.presence == P.CONNECTED:
        return tr("here")
    word, _ = PRESENCE.get(seat.presence, PRESENCE[P.COMPUTER])
    return tr(word)


def strip_tooltip(info: StripInfo) -> str:
    """Each airline and how it plays, one a line (the strip's tooltip)."""
    lines = [tr("{name}: {status}", name=x.name, status=presence_word(x)) for x in info.seats]
    if info.code:
        lines.insert(0, tr("Join code {code}", code=spaced(info.code)))
    return "\n".join(lines)


def draw_strip(surface: pygame.Surface, rect: pygame.Rect, info: StripInfo, s: float) -> None:
    pygame.draw.rect(surface, T.NIGHT_2, rect)
    pad = int(10 * s)
    small = assets.px(T.TYPE.small * s)
    tiny = assets.px(T.TYPE.tiny * s)
    y1 = rect.y + int(5 * s)
    x = rect.x + pad
    head = tr("Online game")
    if info.code:
        head = tr("Online · code {code}", code=spaced(info.code))
    img = assets.text(head, small, (255, 255, 255), "semibold")
    surface.blit(img, (x, y1))
    if info.link == RECONNECTING:
        word, col = tr("reconnecting…"), T.ACCENT
    elif info.link == CLOSED:
        word, col = tr("disconnected"), T.BAD
    else:
        word, col = tr("connected"), T.GOOD
    w_img = assets.text(word, tiny, (200, 210, 228), "medium")
    wx = rect.right - pad - w_img.get_width()
    surface.blit(w_img, (wx, y1 + (img.get_height() - w_img.get_height()) // 2))
    pygame.draw.circle(surface, col, (wx - int(8 * s), y1 + img.get_height() // 2), max(3, int(4 * s)))
    # the airlines: emblem, dot, word (the words are left out when they do not fit)
    y2 = rect.bottom - int(6 * s) - assets.font(tiny).get_height()
    n = max(1, len(info.seats))
    cell = (rect.w - 2 * pad) // n
    r = max(5.0, 6.5 * s)
    words = [presence_word(x) for x in info.seats]
    fits = all(assets.font(tiny, "medium").size(wd)[0] + int(3.2 * r) + int(6 * s) <= cell for wd in words)
    for i, (seat, wd) in enumerate(zip(info.seats, words)):
        cx = rect.x + pad + i * cell
        cy = y2 + assets.font(tiny).get_height() // 2
        D.blit_center(surface, D.emblem_sprite(seat.shape, seat.rgb, r, outline=(255, 255, 255)), (cx + r + 1, cy))
        dot = PRESENCE.get(seat.presence, PRESENCE[P.COMPUTER])[1]
        dc = (int(cx + 2 * r), int(cy + r * 0.7))
        pygame.draw.circle(surface, T.NIGHT_2, dc, max(3, int(4.5 * s)))
        pygame.draw.circle(surface, dot, dc, max(2, int(3.2 * s)))
        if fits:
            t = assets.text(wd, tiny, (200, 210, 228), "medium")
            surface.blit(t, (cx + int(2 * r) + int(8 * s), cy - t.get_height() // 2))


#: one airline in a list of seats (the lobby, Join game's waiting room):
#: (name, emblem, colour, status, status dot colour)
SeatRow = tuple[str, str, tuple[int, int, int], str, tuple[int, int, int]]


def seat_row_height(s: float) -> int:
    return int(54 * s)


def draw_seat_rows(surface: pygame.Surface, x: int, y: int, w: int, rows: list[SeatRow], s: float,
                   bottom: int | None = None) -> None:
    """Each airline on a card: its emblem and name, a dot and its status
    (as many cards as fit above ``bottom``)."""
    small, body = assets.px(T.TYPE.small * s), assets.px(T.TYPE.body * s)
    row = seat_row_height(s)
    r = max(6.0, 9 * s)
    for name, shape, rgb, word, col in rows:
        rect = pygame.Rect(x, y, w, row - int(6 * s))
        if bottom is not None and rect.bottom > bottom:
            break
        pygame.draw.rect(surface, T.CARD, rect, border_radius=int(8 * s))
        pygame.draw.rect(surface, T.LINE, rect, max(1, int(s)), border_radius=int(8 * s))
        D.blit_center(surface, D.emblem_sprite(shape, rgb, r), (x + int(14 * s) + r, rect.centery))
        tx = x + int(24 * s) + int(2 * r)
        img = assets.text(D.fit(name, body, w - (tx - x) - int(10 * s), "semibold"), body, T.INK, "semibold")
        surface.blit(img, (tx, rect.y + int(5 * s)))
        cy = rect.bottom - int(13 * s)
        pygame.draw.circle(surface, col, (tx + int(5 * s), cy), max(3, int(5 * s)))
        st = assets.text(D.fit(word, small, w - (tx - x) - int(26 * s)), small, T.INK_SOFT, "medium")
        surface.blit(st, (tx + int(16 * s), cy - st.get_height() // 2))
        y += row


def banner_rect(board: pygame.Rect, text: str, s: float) -> pygame.Rect:
    size = assets.px(T.TYPE.small * s)
    w, h = assets.font(size, "semibold").size(text)
    w = min(w + int(28 * s), board.w - int(24 * s))
    return pygame.Rect(board.centerx - w // 2, board.y + int(10 * s), w, h + int(12 * s))


def draw_banner(surface: pygame.Surface, board: pygame.Rect, text: str, s: float) -> None:
    """One line over the top of the map, in the night colour with warm text."""
    if not text:
        return
    size = assets.px(T.TYPE.small * s)
    r = banner_rect(board, text, s)
    rounded(surface, r, T.NIGHT, r.h // 2)
    shown = D.fit(text, size, r.w - int(24 * s), "semibold")
    img = assets.text(shown, size, WARN, "semibold")
    surface.blit(img, img.get_rect(center=r.center))


def closed_layout(size: tuple[int, int], s: float) -> tuple[pygame.Rect, pygame.Rect]:
    """(panel, its button) of the closed panel, centred in the window."""
    w, h = size
    pw, ph = min(int(560 * s), w - int(40 * s)), int(230 * s)
    panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
    bw, bh = int(200 * s), int(T.BUTTON_H * s)
    button = pygame.Rect(panel.right - int(28 * s) - bw, panel.bottom - int(22 * s) - bh, bw, bh)
    return panel, button


def draw_closed(surface: pygame.Surface, panel: pygame.Rect, sentence: str, detail: str, s: float,
                title: str = N_("The game cannot go on")) -> None:
    """The veil, the panel, its title and the reason (the button is a widget)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((10, 16, 26, 160))
    surface.blit(veil, (0, 0))
    shadowed_panel(surface, panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
    x, y = panel.x + int(28 * s), panel.y + int(22 * s)
    t = assets.text(tr(title), int(T.TYPE.h2 * s), T.INK, "bold")
    surface.blit(t, (x, y))
    y += t.get_height() + int(12 * s)
    body = assets.px(T.TYPE.body * s)
    y = D.blit_lines(surface, D.wrap(sentence, body, panel.w - int(56 * s)), (x, y), body, T.INK)
    if detail:
        tiny = assets.px(T.TYPE.small * s)
        D.blit_lines(surface, D.wrap(detail, tiny, panel.w - int(56 * s))[:2], (x, y + int(6 * s)), tiny,
                     T.INK_SOFT)


__all__ = ["SeatRow", "StripInfo", "StripSeat", "draw_seat_rows", "seat_row_height", "banner_rect", "closed_layout", "draw_banner", "draw_closed", "draw_strip",
           "spaced", "strip_height", "strip_tooltip"]
