"""What happened in Blue Skies: small frozen events, one class per kind.

``apply`` returns them; the window's log, animations and the bots read them.
Airports and cards are board indices, players seat numbers (LOCAL, -1, for the
local airline).  A card drawn into a hand is a secret: ``CardDrawn.airport``
is left out of another player's view (``opensky.blueskies.view``).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GatePlaced:
    player: int
    airport: int
    slot: int  #: 0-based space
    cost: int


@dataclass(frozen=True)
class GateBoughtOut:
    player: int
    airport: int
    slot: int
    cost: int


@dataclass(frozen=True)
class PassengersDrawn:
    airport: int
    green: int
    red: int


@dataclass(frozen=True)
class CubesSplit:
    airport: int
    cubes: tuple[int, ...]  #: per gate, left to right (or the waiting cubes when no gate)
    waiting: int


@dataclass(frozen=True)
class PointsBanked:
    player: int
    points: int


@dataclass(frozen=True)
class CardPlayed:
    player: int
    airport: int


@dataclass(frozen=True)
class CardDrawn:
    player: int
    airport: int | None  #: None in a view of another player
    purpose: str


@dataclass(frozen=True)
class CardTurned:
    airport: int
    purpose: str  #: opening or other_demand


@dataclass(frozen=True)
class DeckReshuffled:
    cards: int


@dataclass(frozen=True)
class SpecialActionUsed:
    player: int
    add_at: int | None
    discard: tuple[int, ...]


@dataclass(frozen=True)
class CardsDiscarded:
    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class IncomeScored:
    player: int
    income: int
    score: int


@dataclass(frozen=True)
class AssistanceGiven:
    leaders: tuple[int, ...]
    owed: tuple[tuple[int, int], ...]  #: (player, airports owed)


@dataclass(frozen=True)
class AssistanceChosen:
    player: int
    airports: tuple[int, ...]


@dataclass(frozen=True)
class LocalGateOpened:
    airport: int
    cubes: int


@dataclass(frozen=True)
class MarkerPassed:
    player: int  #: the new current player
    round: int


@dataclass(frozen=True)
class OpeningSkipped:
    player: int  #: no legal opening gate (B12)


@dataclass(frozen=True)
class RegionBonus:
    region: int
    player: int
    points: int


@dataclass(frozen=True)
class GameEnded:
    reasons: tuple[str, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event = (GatePlaced | GateBoughtOut | PassengersDrawn | CubesSplit | PointsBanked | CardPlayed | CardDrawn
         | CardTurned | DeckReshuffled | SpecialActionUsed | CardsDiscarded | IncomeScored | AssistanceGiven
         | AssistanceChosen | LocalGateOpened | MarkerPassed | OpeningSkipped | RegionBonus | GameEnded)
