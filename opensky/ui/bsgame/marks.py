"""The small marks the Blue Skies board and its legend share: an airport's
number chips, a count with a dark edge, an airline's look, the leaders of
each region (pure renders and one pure query)."""
from __future__ import annotations

import pygame

from opensky.blueskies import gates as G
from opensky.blueskies.state import BSState
from opensky.play.seats import Seat
from opensky.ui import assets, draw as D, theme as T

Color = tuple[int, int, int]
CHIP_COST: Color = T.GOLD
CHIP_VALUE: Color = (48, 62, 86)
CHIP_BUYOUT: Color = (176, 62, 50)


def region_leaders(state: BSState) -> list[list[int]]:
    """Per region, the players with the highest value there (> 0); several
    when tied, none when nobody has a gate there (§9, B28)."""
    vals = [G.region_values(state, p) for p in range(state.P)]
    out = []
    for r in range(len(state.board.regions)):
        top = max((v[r] for v in vals), default=0)
        out.append([p for p in range(state.P) if top > 0 and vals[p][r] == top])
    return out


def _count_sprite(n: int, size: int, color: Color = (255, 255, 255), edge: Color = (20, 26, 36)) -> pygame.Surface:
    """A number in ``color`` with a dark edge all round: it reads on any emblem."""
    def make() -> pygame.Surface:
        t = assets.text(str(n), size, color, "bold")
        e = assets.text(str(n), size, edge, "bold")
        out = pygame.Surface((t.get_width() + 2, t.get_height() + 2), pygame.SRCALPHA)
        for dx, dy in ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)):
            out.blit(e, (dx, dy))
        out.blit(t, (1, 1))
        return out
    return D._cached(("bscount", n, size, color, edge), make)


def seat_look(seat: Seat) -> tuple[str, Color]:
    return (seat.shape, T.seat_rgb(seat))


def _default_look(p: int) -> tuple[str, Color]:
    """A player the seats do not name: the default airline of that seat."""
    _n, c, shape = T.DEFAULT_AIRLINES[p % len(T.DEFAULT_AIRLINES)]
    return (shape, T.AIRLINE_COLORS[c])


def chip(surface: pygame.Surface, rect: pygame.Rect, kind: str, value: int | None, font: int, k: float) -> None:
    """One of an airport's little numbers: "cost" (a gold coin), "value" (dark)
    or "buyout" (outlined in red; a dash for none)."""
    rad = max(2, round(3 * k))
    if kind == "cost":
        pygame.draw.rect(surface, T.mix(CHIP_COST, (0, 0, 0), 0.35), rect, border_radius=rad)
        pygame.draw.rect(surface, CHIP_COST, rect.inflate(-2, -2), border_radius=rad)
        col = T.INK
    elif kind == "value":
        pygame.draw.rect(surface, CHIP_VALUE, rect, border_radius=rad)
        col = (255, 255, 255)
    else:
        pygame.draw.rect(surface, CHIP_BUYOUT if value is not None else T.INK_FAINT, rect, border_radius=rad)
        pygame.draw.rect(surface, T.CARD, rect.inflate(-2, -2), border_radius=max(1, rad - 1))
        col = CHIP_BUYOUT if value is not None else T.INK_FAINT
    t = assets.text("–" if value is None else str(value), font, col, "bold")
    surface.blit(t, t.get_rect(center=(rect.centerx, rect.centery)))
