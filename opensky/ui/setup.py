"""What a new game is made of: seats, board side, call signs, seed."""
from __future__ import annotations

from dataclasses import dataclass, field

from opensky.ui import theme as T


@dataclass
class Seat:
    name: str
    color: str          # key of theme.AIRLINE_COLORS
    shape: str          # one of theme.AIRLINE_SHAPES
    human: bool = True
    bot: str = "easy"

    @property
    def rgb(self) -> tuple[int, int, int]:
        # an unknown colour (a hand-edited save) falls back to a palette colour
        return T.AIRLINE_COLORS.get(self.color, T.AIRLINE_COLORS["navy"])


@dataclass
class GameSetup:
    board: str = "europe"
    seats: list[Seat] = field(default_factory=list)
    callsigns: str = "recommended"   # recommended | random | players
    seed: int | None = None

    @classmethod
    def default(cls, players: int = 2) -> "GameSetup":
        seats = [Seat(n, c, s, human=(i == 0)) for i, (n, c, s) in enumerate(T.DEFAULT_AIRLINES[:players])]
        return cls(seats=seats)
