"""What a decision will do, worked out before it is taken.

The game screen shows figures before a player acts: the final price with
ancillary chits, what a lease costs and the change it leaves, what a flash
fare would win, what a placement earns in subsidies.  They are computed here
from the engine's own constants and its winner function W
(``opensky.rules.itinerary.winners``), so that the UI never re-derives a rule
with literals of its own; ``tests/test_quote.py`` checks every figure against
``GameState.apply`` on a copy.

Pure functions: the state is only read, never changed, and nothing here needs
pygame.  They read bids, so call them only where the bids may be known (a
player's own, or after the reveal).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Sequence

from enum import Enum

from opensky.rules.actions import PLACE_PLANE
from opensky.rules.constants import ANCILLARY_VALUE, LEASE_COST, SENSITIVITY_FACES, SUBSIDY_VALUE
from opensky.rules.itinerary import winners as engine_winners
from opensky.rules.market import itineraries
from opensky.rules.phases import SETUP
from opensky.rules.pricing import accepts

if TYPE_CHECKING:
    from opensky.rules.state import GameState

#: The parts of ``GameState.score`` in the order it lists them (the columns of
#: the results table), so screens name them without spelling the keys again.
SCORE_PARTS: tuple[str, ...] = ("fares", "change", "subsidies", "ancillaries", "total")


# ---------------------------------------------------------------- §6.5 price

def price(state: "GameState", player: int, chits: int | None = None) -> int:
    """The final price of ``player``'s fare with ``chits`` ancillary chits
    (§6.5: fare + 100 × chits); ``None``: the chits attached now, i.e. what
    the price-sensitivity die must reach."""
    fare = state.bid[player]
    if fare is None:
        raise ValueError(f"{state.names[player]} has no fare on the table")
    n = state.chit_count if chits is None else chits
    return fare + ANCILLARY_VALUE * n


@dataclass(frozen=True)
class Odds:
    """How many faces of the price-sensitivity die accept a price."""
    price: int
    favourable: int
    faces: int


def acceptance(final_price: int) -> Odds:
    """The odds that the passengers accept ``final_price`` (§6.5): the faces
    of the price die that reach it, by the engine's own test."""
    good = sum(1 for f in SENSITIVITY_FACES if accepts(f, final_price))
    return Odds(final_price, good, len(SENSITIVITY_FACES))


# ---------------------------------------------------------------- §5, §6.1 a market before it is chosen

@dataclass(frozen=True)
class MarketPreview:
    """What choosing the market ``od`` (two call signs) would give now."""
    od: tuple[int, int]
    #: the two airports
    airports: tuple[int, int]
    #: per player: stops of the bid class (None: cannot fly it) and the
    #: shortest valid itineraries
    stops: tuple[int | None, ...]
    paths: tuple[tuple[tuple[int, ...], ...], ...]
    #: who would bid: an itinerary and a card in hand (R15: an empty hand passes)
    bidders: tuple[int, ...]


def market_preview(state: "GameState", od: tuple[int, int]) -> MarketPreview:
    """The airlines that could fly the market ``od``, and how (§6.1, R6, R15),
    as ``CHOOSE_OD`` would find them: public information only."""
    a, b = state.callsign_airport[od[0]], state.callsign_airport[od[1]]
    stops, paths = itineraries(state, a, b)
    bidders = tuple(q for q in range(state.P) if stops[q] is not None and any(state.hand[q]))
    return MarketPreview((od[0], od[1]), (a, b), tuple(stops), tuple(tuple(x) for x in paths), bidders)


# ---------------------------------------------------------------- R10 leasing

@dataclass(frozen=True)
class LeaseQuote:
    """One lease payment, before it is made (R10)."""
    planes: int
    cards: tuple[int, ...]
    #: what the planes cost
    cost: int
    #: the change token before paying
    change_before: int
    #: change spent first
    change_spent: int
    #: what the won cards must still cover
    need: int
    #: the change token after paying (the cards' excess over ``need`` included)
    change_after: int


def lease_cost(planes: int) -> int:
    """What ``planes`` leased planes cost (§7.2: 200 each)."""
    return LEASE_COST * planes


def lease(state: "GameState", player: int, planes: int, cards: Sequence[int] = ()) -> LeaseQuote:
    """Leasing ``planes`` planes paid with the won ``cards``: change is spent
    first, the cards cover the rest, their excess becomes change (R10)."""
    cost = lease_cost(planes)
    have = state.change[player]
    spent = min(have, cost)
    need = cost - spent
    paid = tuple(sorted(cards))
    return LeaseQuote(planes, paid, cost, have, spent, need, have - spent + (sum(paid) - need if paid else 0))


# ---------------------------------------------------------------- §6.3, §6.4 flash deals

def _bids(state: "GameState", player: int, fare: int | None) -> list[tuple[int, int, int]]:
    """The submitted fares as W takes them, ``player``'s replaced by ``fare``."""
    out: list[tuple[int, int, int]] = []
    for q in range(state.P):
        b = fare if q == player else state.bid[q]
        stops = state.stops[q]
        if b is not None and stops is not None:
            out.append((q, b, stops))
    return out


def winners_with(state: "GameState", player: int, fare: int | None) -> list[int]:
    """Who would win if ``player``'s fare were ``fare`` (a flash deal; None:
    no fare), by the engine's W over the bids on the table."""
    return engine_winners(_bids(state, player, fare))


@dataclass(frozen=True)
class FlashQuote:
    """What a flash deal could change for ``player`` now (§6.4)."""
    player: int
    #: the fare on the table and its class (stops)
    fare: int
    stops: int
    #: the winners now, and their fare (None: nobody wins)
    winners: tuple[int, ...]
    best: int | None
    #: the lowest nonstop fare bid, when ``player`` flies one stop against it
    best_nonstop: int | None
    #: the highest fare at which ``player``'s one-stop beats ``best_nonstop``
    #: (the half-fare rule, found with W)
    one_stop_limit: int | None
    #: for each lower card in hand: the winners after lowering to it
    outcomes: tuple[tuple[int, tuple[int, ...]], ...]


def one_stop_limit(best_nonstop: int) -> int:
    """The highest fare with which a one-stop bid beats a nonstop bid of
    ``best_nonstop`` (§6.3), asked of W itself: a search over fares, so the
    half-fare rule is never written twice."""
    lo, hi = 0, best_nonstop  # lo: a fare that wins (a fare of 0 always does)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if engine_winners([(0, mid, 1), (1, best_nonstop, 0)]) == [0]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def flash(state: "GameState", player: int) -> FlashQuote:
    """The flash-deal offer to ``player`` in figures (after the reveal)."""
    fare = state.bid[player]
    stops = state.stops[player]
    if fare is None or stops is None:
        raise ValueError(f"{state.names[player]} has no fare on the table")
    now = tuple(state.winners)
    best = min((b for q in now if (b := state.bid[q]) is not None), default=None)
    nonstop = [b for q in range(state.P) if q != player and (b := state.bid[q]) is not None
               and state.stops[q] == 0]
    best_nonstop = min(nonstop) if stops == 1 and nonstop else None
    limit = one_stop_limit(best_nonstop) if best_nonstop is not None else None
    lower = sorted({v for v in state.hand_cards(player) if v < fare})
    outcomes = tuple((v, tuple(winners_with(state, player, v))) for v in lower)
    return FlashQuote(player, fare, stops, now, best, best_nonstop, limit, outcomes)


class Verdict(Enum):
    """What a fare would do against the table."""
    WINS_ALONE = "wins alone"
    TIES = "ties"
    LOSES = "loses"


@dataclass(frozen=True)
class FlashOption:
    """One answer to a flash-deal offer, and what it would do (§6.3, §6.4)."""
    #: the lower card played (None: keep the fare)
    card: int | None
    #: the fare on the table after the answer
    fare: int
    winners: tuple[int, ...]
    verdict: Verdict
    #: who it ties with, or the best rival it loses to, with fare and stops
    rivals: tuple[int, ...]
    rival_fare: int | None
    rival_stops: int | None


def flash_options(state: "GameState", player: int) -> list[FlashOption]:
    """Every answer to the flash offer in order — keep, then each lower card
    from the highest down — with its verdict against the bids on the table."""
    q = flash(state, player)
    out: list[FlashOption] = []
    for card, winners in [(None, q.winners)] + sorted(q.outcomes, reverse=True):
        fare = q.fare if card is None else card
        rivals: tuple[int, ...]
        if winners == (player,):
            verdict, rivals = Verdict.WINS_ALONE, ()
        elif player in winners:
            verdict, rivals = Verdict.TIES, tuple(w for w in winners if w != player)
        else:
            verdict, rivals = Verdict.LOSES, tuple(winners)
        rfare = min((b for w in rivals if (b := state.bid[w]) is not None), default=None)
        rstops = min((st for w in rivals if (st := state.stops[w]) is not None), default=None)
        out.append(FlashOption(card, fare, tuple(winners), verdict, rivals, rfare, rstops))
    return out


# ---------------------------------------------------------------- §3, §7.2 planes

class PlaneCounts(NamedTuple):
    """An airline's planes: on the board, still to place (in the network
    planning, or leased and not placed yet), and flown this season (off the
    board; back only by leasing, §7.2)."""
    on_board: int
    to_place: int
    flown: int


def planes(state: "GameState", player: int) -> PlaneCounts:
    """Where ``player``'s N planes are: ``on_board``; the placements queued
    for them while planes are placed (before the first season every plane is
    still to place); the rest have flown (a plane leaves the board only by
    flying, or all at the season reset, which queues them again)."""
    on = state.on_board[player]
    if state.phase == SETUP:
        return PlaneCounts(on, state.N - on, 0)
    queued = state.queue.count(player) if state.decision == PLACE_PLANE else 0
    return PlaneCounts(on, queued, max(0, state.N - on - queued))


# ---------------------------------------------------------------- §4, R4 subsidies

@dataclass(frozen=True)
class SubsidyQuote:
    """The subsidy cubes a placement takes (§4, R4)."""
    #: call-sign indices, ascending
    callsigns: tuple[int, ...]
    #: their value in points
    points: int


def subsidy_value(cubes: int) -> int:
    """What ``cubes`` subsidy cubes are worth (§4: 50 each)."""
    return SUBSIDY_VALUE * cubes


def subsidies(state: "GameState", route: int) -> SubsidyQuote:
    """The cubes a plane placed on ``route`` now would take: those still on
    the call-sign airports at its ends."""
    found = sorted(c for a in state.board.route_ends[route]
                   if (c := state.airport_callsign[a]) >= 0 and state.subsidy_left[c])
    return SubsidyQuote(tuple(found), subsidy_value(len(found)))


__all__ = [
    "FlashOption", "FlashQuote", "LeaseQuote", "MarketPreview", "Odds", "PlaneCounts", "SCORE_PARTS", "SubsidyQuote",
    "Verdict", "acceptance", "flash", "flash_options", "lease", "lease_cost", "market_preview",
    "one_stop_limit", "planes", "price", "subsidies", "subsidy_value", "winners_with",
]
