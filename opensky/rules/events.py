"""Events: what an action made happen, for the UI, the log and sounds.

The engine emits events, not sentences; the UI turns them into tweens and
translated log lines.  Every kind is a small frozen dataclass holding engine
indices (players, airports, routes, call signs) and values; its ``kind`` (a
class attribute) is the kind's stable name, kept as the string constants
below (``PLANE_PLACED == PlanePlaced.kind``).  Consumers narrow with
``isinstance`` (or ``match``) and read the typed fields.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Mapping


class NobodyReason(enum.Enum):
    """Why nobody travels this month (the UI says it in words)."""

    NO_ITINERARY = "no_itinerary"   # no airline can fly this market
    NOBODY_COULD_BID = "nobody_could_bid"  # airlines could fly it, none had a card
    EVERYBODY_PASSED = "everybody_passed"
    WALKED_AWAY = "walked_away"     # the passengers walked away and no other bid remained


@dataclass(frozen=True)
class Event:
    """The base of every event; ``kind`` names the subclass."""

    kind: ClassVar[str] = "Event"


@dataclass(frozen=True)
class CallsignPlaced(Event):
    kind: ClassVar[str] = "CallsignPlaced"
    player: int
    callsign: int
    airport: int


@dataclass(frozen=True)
class PlanePlaced(Event):
    kind: ClassVar[str] = "PlanePlaced"
    player: int
    route: int
    leased: bool


@dataclass(frozen=True)
class SubsidyTaken(Event):
    kind: ClassVar[str] = "SubsidyTaken"
    player: int
    callsign: int


@dataclass(frozen=True)
class CrossBorderMarkerUsed(Event):
    kind: ClassVar[str] = "CrossBorderMarkerUsed"
    player: int
    route: int


@dataclass(frozen=True)
class HubPlaced(Event):
    kind: ClassVar[str] = "HubPlaced"
    player: int
    airport: int


@dataclass(frozen=True)
class SeasonStarted(Event):
    kind: ClassVar[str] = "SeasonStarted"
    season: int


@dataclass(frozen=True)
class NetworkPlanned(Event):
    kind: ClassVar[str] = "NetworkPlanned"


@dataclass(frozen=True)
class MonthStarted(Event):
    kind: ClassVar[str] = "MonthStarted"
    month: int
    roller: int


@dataclass(frozen=True)
class DiceRolled(Event):
    kind: ClassVar[str] = "DiceRolled"
    player: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class MarketChosen(Event):
    kind: ClassVar[str] = "MarketChosen"
    player: int
    od: tuple[int, int]                 #: the two call signs
    airports: tuple[int, int]
    stops: Mapping[int, int]            #: player -> stops, for those who can fly it


@dataclass(frozen=True)
class BidSubmitted(Event):
    """No fare: it is secret (§11)."""

    kind: ClassVar[str] = "BidSubmitted"
    player: int


@dataclass(frozen=True)
class AutoPass(Event):
    """A valid itinerary but an empty hand (R15)."""

    kind: ClassVar[str] = "AutoPass"
    player: int


@dataclass(frozen=True)
class BidsRevealed(Event):
    kind: ClassVar[str] = "BidsRevealed"
    bids: Mapping[int, int | None]      #: player -> fare (None: passed)
    winners: tuple[int, ...]


@dataclass(frozen=True)
class FlashDeal(Event):
    kind: ClassVar[str] = "FlashDeal"
    player: int
    old: int
    new: int
    winners: tuple[int, ...]


@dataclass(frozen=True)
class FlashDeclined(Event):
    kind: ClassVar[str] = "FlashDeclined"
    player: int


@dataclass(frozen=True)
class AncillariesAttached(Event):
    kind: ClassVar[str] = "AncillariesAttached"
    player: int
    count: int
    price: int


@dataclass(frozen=True)
class SensitivityRolled(Event):
    kind: ClassVar[str] = "SensitivityRolled"
    player: int
    roll: int
    price: int
    accepted: bool


@dataclass(frozen=True)
class MarketWalkedAway(Event):
    kind: ClassVar[str] = "MarketWalkedAway"
    player: int
    fare: int
    next_winners: tuple[int, ...]


@dataclass(frozen=True)
class MarketWon(Event):
    kind: ClassVar[str] = "MarketWon"
    player: int
    fare: int
    stops: int
    chits: int
    price: int
    tie: bool


@dataclass(frozen=True)
class NobodyTravels(Event):
    kind: ClassVar[str] = "NobodyTravels"
    reason: NobodyReason


@dataclass(frozen=True)
class PlanesFlown(Event):
    kind: ClassVar[str] = "PlanesFlown"
    player: int
    path: tuple[int, ...]               #: airports, from one end to the other
    routes: tuple[int, ...]


@dataclass(frozen=True)
class PlanesLeased(Event):
    kind: ClassVar[str] = "PlanesLeased"
    player: int
    planes: int
    cards: tuple[int, ...]
    change_spent: int
    change: int


@dataclass(frozen=True)
class SeasonReset(Event):
    kind: ClassVar[str] = "SeasonReset"
    planes: tuple[tuple[int, int, int], ...]  #: (player, route, count) that left the board


@dataclass(frozen=True)
class GameOver(Event):
    kind: ClassVar[str] = "GameOver"
    winners: tuple[int, ...]
    scores: tuple[int, ...]


def actor(e: Event) -> int | None:
    """The player an event is about, if it names one."""
    p = getattr(e, "player", None)
    return p if isinstance(p, int) else None


CALLSIGN_PLACED = CallsignPlaced.kind
PLANE_PLACED = PlanePlaced.kind
SUBSIDY_TAKEN = SubsidyTaken.kind
MARKER_USED = CrossBorderMarkerUsed.kind
HUB_PLACED = HubPlaced.kind
SEASON_STARTED = SeasonStarted.kind
PLANNING_DONE = NetworkPlanned.kind
MONTH_STARTED = MonthStarted.kind
DICE_ROLLED = DiceRolled.kind
MARKET_CHOSEN = MarketChosen.kind
BID_SUBMITTED = BidSubmitted.kind
AUTO_PASS = AutoPass.kind
BIDS_REVEALED = BidsRevealed.kind
FLASH_DEAL = FlashDeal.kind
FLASH_DECLINED = FlashDeclined.kind
ANCILLARIES_ATTACHED = AncillariesAttached.kind
SENSITIVITY_ROLLED = SensitivityRolled.kind
MARKET_WALKED_AWAY = MarketWalkedAway.kind
MARKET_WON = MarketWon.kind
NOBODY_TRAVELS = NobodyTravels.kind
PLANES_FLOWN = PlanesFlown.kind
LEASED = PlanesLeased.kind
SEASON_RESET = SeasonReset.kind
GAME_OVER = GameOver.kind

#: Every event class, by its kind.
KINDS: dict[str, type[Event]] = {c.kind: c for c in Event.__subclasses__()}
