"""The market of a month: RULES.md §5 and §6.1–§6.3.

- R5: the roller of month *m* is seat *m* mod P; the three passenger dice show
  three different call signs, every set equally likely (a chance step whose
  outcomes the caller picks); the roller chooses two as the O&D.
- §6.1 and R6: each player's shortest valid itineraries (hubs in Europe, the
  table rule for 2+ stops); their stop count is the class of the player's bid.
- §6.2: every player with a valid itinerary bids a card face down or passes,
  all at once and in secret; R15: an empty hand passes without being asked.
- §6.3: the reveal applies W (``itinerary.winners``); the flash-deal window
  (``pricing``) follows.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from opensky.rules import events as E
from opensky.rules.actions import BID, CHOOSE_OD, ROLL_DICE, Action
from opensky.rules.constants import CALLSIGNS, FARE_INDEX, FARES
from opensky.rules.errors import IllegalAction
from opensky.rules.events import Event
from opensky.rules.itinerary import shortest_paths, winners as w_winners
from opensky.rules.phases import MARKETING, PRICING, Step, bids, cards_text, wait

if TYPE_CHECKING:
    from opensky.rules.state import GameState

#: R5: the outcomes of the passenger dice, every set of three call signs.
DICE_OUTCOMES: tuple[tuple[int, int, int], ...] = tuple(combinations(range(6), 3))


# ------------------------------------------------------------------ §5, R5
def start_month(s: GameState, ev: list[Event]) -> None:
    """A new month: clear last month's market; the roller rolls (R5)."""
    s.phase = MARKETING
    s.roller = s.month % s.P  # R5
    s.dice = None
    s.od = None
    s.stops = [None] * s.P
    s.paths = [[] for _ in range(s.P)]
    s.submitted = [False] * s.P
    s.bid = [None] * s.P
    s.revealed = False
    s.settled = False
    s.declined = [False] * s.P
    s.winners = []
    s.chit_count = 0
    s.walked_away = None
    s.travel = []
    s.flown = {}
    ev.append(E.MonthStarted(month=s.month, roller=s.roller))
    wait(s, ROLL_DICE, (s.roller,))


def legal_roll_dice(s: GameState, p: int) -> list[Action]:
    acts = _DICE_ACTIONS.get(p)
    if acts is None:  # made once per roller: Actions are immutable values
        acts = _DICE_ACTIONS[p] = tuple(Action(ROLL_DICE, p, o) for o in DICE_OUTCOMES)
    return list(acts)


_DICE_ACTIONS: dict[int, tuple[Action, ...]] = {}


def do_roll_dice(s: GameState, p: int, outcome: Any, ev: list[Event]) -> None:
    if (not isinstance(outcome, tuple) or len(outcome) != 3 or len(set(outcome)) != 3
            or not all(isinstance(c, int) and 0 <= c < 6 for c in outcome)):
        raise IllegalAction("the passenger dice must show three different call signs (R5)")
    s.dice = tuple(sorted(outcome))
    ev.append(E.DiceRolled(player=p, dice=s.dice))
    wait(s, CHOOSE_OD, (p,))


def legal_choose_od(s: GameState, p: int) -> list[Action]:
    assert s.dice is not None
    return [Action(CHOOSE_OD, p, pair) for pair in combinations(s.dice, 2)]


def do_choose_od(s: GameState, p: int, od: tuple[int, int], ev: list[Event]) -> None:
    assert s.dice is not None
    a, b = od
    if a == b or a not in s.dice or b not in s.dice:
        shown = ", ".join(CALLSIGNS[c] for c in s.dice)
        raise IllegalAction(f"the market must be two of the dice rolled ({shown})")
    s.od = (min(a, b), max(a, b))
    find_itineraries(s)
    ev.append(E.MarketChosen(
        player=p, od=s.od,
        airports=(s.callsign_airport[s.od[0]], s.callsign_airport[s.od[1]]),
        stops={q: st for q, st in enumerate(s.stops) if st is not None}))
    s.phase = PRICING
    waiting = []
    for q in range(s.P):
        if s.stops[q] is None:
            continue
        if not any(s.hand[q]):  # R15: nothing to bid with
            s.submitted[q] = True
            ev.append(E.AutoPass(player=q))
        else:
            waiting.append(q)
    if not waiting:
        reason = (E.NobodyReason.NO_ITINERARY if all(x is None for x in s.stops)
                  else E.NobodyReason.NOBODY_COULD_BID)
        s._nobody_travels(reason, ev)
        return
    wait(s, BID, tuple(waiting))


# ------------------------------------------------------------------ §6.1, R6
def find_itineraries(s: GameState) -> None:
    """§6.1 with the table rule and R6: each player's shortest valid
    itineraries and their stop count (None: no valid itinerary)."""
    assert s.od is not None
    s.stops, s.paths = itineraries(s, s.callsign_airport[s.od[0]], s.callsign_airport[s.od[1]])


def itineraries(s: GameState, o: int, d: int) -> tuple[list[int | None], list[list[tuple[int, ...]]]]:
    """Each player's stop count (None: cannot fly it) and shortest valid
    itineraries between airports ``o`` and ``d`` as the planes stand now
    (§6.1, the table rule, R6).  Pure: the market uses it when chosen, the
    screen to preview a market before it is chosen (``quote.market_preview``)."""
    adj = s.board.adjacency
    hub = s.board.uses_hubs
    found: list[list[tuple[int, ...]]] = []
    for q in range(s.P):
        found.append(shortest_paths(adj, s.planes[q], o, d, s.hubs[q] if hub else None))
    lengths = [len(x[0]) - 2 for x in found if x]
    table_min = min(lengths) if lengths else None
    stops: list[int | None] = []
    paths: list[list[tuple[int, ...]]] = []
    for q in range(s.P):
        if found[q]:
            n = len(found[q][0]) - 2
            if n <= 1 or n == table_min:  # table rule
                stops.append(n)
                paths.append(found[q])
                continue
        stops.append(None)
        paths.append([])
    return stops, paths


# ------------------------------------------------------------------ §6.2, §6.3
def legal_bid(s: GameState, p: int) -> list[Action]:
    h = s.hand[p]
    return [Action(BID, p, None)] + [Action(BID, p, v) for i, v in enumerate(FARES) if h[i]]


def do_bid(s: GameState, p: int, fare: int | None, ev: list[Event]) -> None:
    if fare is not None:
        i = FARE_INDEX.get(fare)
        if i is None or not s.hand[p][i]:
            raise IllegalAction(
                f"{s.names[p]} has no {fare} card in hand (hand: {cards_text(s.hand_cards(p))})")
        s.hand[p][i] -= 1
    s.bid[p] = fare
    s.submitted[p] = True
    ev.append(E.BidSubmitted(player=p))  # no fare: it is secret (§11)
    waiting = tuple(q for q in s.actors if q != p)
    if waiting:
        wait(s, BID, waiting)
        return
    reveal(s, ev)


def reveal(s: GameState, ev: list[Event]) -> None:
    """Every bid is in: all cards flip together and W names the winners."""
    s.revealed = True
    s.winners = w_winners(bids(s))
    ev.append(E.BidsRevealed(
        bids={q: s.bid[q] for q in range(s.P) if s.submitted[q]},
        winners=tuple(s.winners)))
    if not s.winners:
        s._nobody_travels(E.NobodyReason.EVERYBODY_PASSED, ev)
        return
    s.flash_ptr = s.roller  # R7: offers start with the roller
    s.declined = [False] * s.P
    s._open_flash_window(ev)


STEPS: dict[str, Step] = {
    ROLL_DICE: Step(legal_roll_dice, do_roll_dice),
    CHOOSE_OD: Step(legal_choose_od, do_choose_od),
    BID: Step(legal_bid, do_bid),
}
