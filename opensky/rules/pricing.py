"""After the reveal: RULES.md §6.4 and §6.5.

- R7 (§6.4): flash deals are offered clockwise from the roller to every
  eligible player (bid, not the sole winner — O4: a tied winner is offered —,
  token unused, a lower card in hand); a deal reopens the window; W is applied
  again when it closes.
- §6.5: a tie travels at once; a single winner may attach ancillary chits
  (R15: not asked with none left), and with any attached the price-sensitivity
  die (a chance step) decides whether the market accepts the final price.
- R8: after a walk-away, W decides among the remaining bids as they stood when
  the flash window closed; no new cards, chits or rolls.
- R9: a winner with several shortest itineraries chooses which is flown
  (winners choose in seat order from the roller; O2: either direction names
  the same path); every flight removes one plane from its route.

Then month end (§7) follows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from opensky.rules import events as E
from opensky.rules.actions import ANCILLARIES, CHOOSE_ITINERARY, FLASH, ROLL_SENSITIVITY, Action
from opensky.rules.constants import ANCILLARY_VALUE, FARE_INDEX, FARES, SENSITIVITY_FACES
from opensky.rules.errors import IllegalAction
from opensky.rules.events import Event
from opensky.rules.itinerary import winners as w_winners
from opensky.rules.phases import Step, bids, cards_text, wait
from opensky.textlimits import short

if TYPE_CHECKING:
    from opensky.rules.state import GameState


# ------------------------------------------------------------------ §6.4, R7
def flash_eligible(s: GameState, q: int) -> bool:
    """R7: ``q`` bid, is not the sole winner, has the token and a lower card."""
    b = s.bid[q]
    if b is None or not s.flash_unused[q]:
        return False
    if s.winners == [q]:
        return False
    h = s.hand[q]
    return any(h[i] for i, v in enumerate(FARES) if v < b)


def next_flash_offer(s: GameState, ev: list[Event]) -> None:
    """Offer to the next eligible player who has not declined since the
    latest deal, clockwise from ``flash_ptr``; nobody left closes the window."""
    for k in range(s.P):
        q = (s.flash_ptr + k) % s.P
        if not s.declined[q] and flash_eligible(s, q):
            s.flash_ptr = q
            wait(s, FLASH, (q,))
            return
    resolve(s, ev)


def legal_flash(s: GameState, p: int) -> list[Action]:
    h = s.hand[p]
    cur = s.bid[p]
    assert cur is not None
    return [Action(FLASH, p, None)] + [
        Action(FLASH, p, v) for i, v in enumerate(FARES) if h[i] and v < cur]


def do_flash(s: GameState, p: int, fare: int | None, ev: list[Event]) -> None:
    if fare is None:
        s.declined[p] = True
        ev.append(E.FlashDeclined(player=p))
    else:
        old = s.bid[p]
        assert old is not None
        i = FARE_INDEX.get(fare)
        if i is None or not s.hand[p][i]:
            raise IllegalAction(
                f"{s.names[p]} has no {fare} card in hand (hand: {cards_text(s.hand_cards(p))})")
        if fare >= old:
            raise IllegalAction(
                f"a flash deal must replace {old} with a strictly lower card, not {fare}")
        s.hand[p][i] -= 1
        s.hand[p][FARE_INDEX[old]] += 1
        s.bid[p] = fare
        s.flash_unused[p] = False
        s.declined = [False] * s.P  # declines count since the latest flash deal
        s.winners = w_winners(bids(s))
        ev.append(E.FlashDeal(player=p, old=old, new=fare, winners=tuple(s.winners)))
    s.flash_ptr = (p + 1) % s.P
    next_flash_offer(s, ev)


# ------------------------------------------------------------------ §6.5
def resolve(s: GameState, ev: list[Event]) -> None:
    """The flash-deal window has closed: apply W for the final result."""
    s.winners = w_winners(bids(s))
    if len(s.winners) == 1:
        w = s.winners[0]
        if s.chits[w] > 0:
            wait(s, ANCILLARIES, (w,))
            return
        travel(s, ev, chits=0)  # R15: no chits left, none attached
    else:
        travel(s, ev, chits=0)


def legal_ancillaries(s: GameState, p: int) -> list[Action]:
    return [Action(ANCILLARIES, p, n) for n in range(s.chits[p] + 1)]


def do_ancillaries(s: GameState, p: int, n: int, ev: list[Event]) -> None:
    if not isinstance(n, int) or not 0 <= n <= s.chits[p]:
        raise IllegalAction(
            f"{s.names[p]} has {s.chits[p]} unused ancillary chit(s), cannot attach {n}")
    s.chit_count = n
    fare = s.bid[p]
    assert fare is not None
    ev.append(E.AncillariesAttached(player=p, count=n, price=fare + ANCILLARY_VALUE * n))
    if n == 0:
        travel(s, ev, chits=0)  # 0 chits: the market travels, no roll
    else:
        wait(s, ROLL_SENSITIVITY, (p,))


def accepts(roll: int, price: int) -> bool:
    """§6.5: the passengers accept when the price die reaches the final price."""
    return roll >= price


def legal_roll_sensitivity(s: GameState, p: int) -> list[Action]:
    return [Action(ROLL_SENSITIVITY, p, f) for f in SENSITIVITY_FACES]


def do_roll_sensitivity(s: GameState, p: int, roll: Any, ev: list[Event]) -> None:
    if roll not in SENSITIVITY_FACES or isinstance(roll, bool):
        raise IllegalAction(
            f"the price-sensitivity die shows {', '.join(map(str, SENSITIVITY_FACES))}, not {short(roll)}")
    fare = s.bid[p]
    assert fare is not None
    price = fare + ANCILLARY_VALUE * s.chit_count
    accepted = accepts(roll, price)
    ev.append(E.SensitivityRolled(player=p, roll=roll, price=price, accepted=accepted))
    if accepted:
        travel(s, ev, chits=s.chit_count)
        return
    # Walk-away (R8): the card returns to hand, the chits stay unused, and
    # W decides among the remaining bids as they stood at the window's close.
    s.walked_away = p
    s.chit_count = 0
    s.winners = w_winners(bids(s, exclude=p))
    ev.append(E.MarketWalkedAway(player=p, fare=fare, next_winners=tuple(s.winners)))
    if not s.winners:
        nobody_travels(s, E.NobodyReason.WALKED_AWAY, ev)
        return
    travel(s, ev, chits=0)


# ------------------------------------------------------------------ §6.5 travel, R9
def travel(s: GameState, ev: list[Event], chits: int) -> None:
    """Winners keep their cards as points; their planes fly (§6.5, R9)."""
    tie = len(s.winners) > 1
    for w in s.winners:
        fare = s.bid[w]
        stops = s.stops[w]
        assert fare is not None and stops is not None  # a winner bid, so it can fly the market
        s.won[w][FARE_INDEX[fare]] += 1
        if chits:
            s.chits[w] -= chits
            s.chits_spent[w] += chits
        ev.append(E.MarketWon(player=w, fare=fare, stops=stops, chits=chits,
                              price=fare + ANCILLARY_VALUE * chits, tie=tie))
    # Losing cards (and a walked-away card) go back to hand.
    s.settled = True
    for q in range(s.P):
        b = s.bid[q]
        if b is not None and q not in s.winners:
            s.hand[q][FARE_INDEX[b]] += 1
    # R9: winners choose among shortest paths in seat order from the roller.
    s.travel = sorted(s.winners, key=lambda q: (q - s.roller) % s.P, reverse=True)
    next_traveller(s, ev)


def next_traveller(s: GameState, ev: list[Event]) -> None:
    """Fly each winner in turn; ask only one with a real choice (R9, R15)."""
    while s.travel:
        w = s.travel[-1]
        if len(s.paths[w]) > 1:
            wait(s, CHOOSE_ITINERARY, (w,))
            return
        s.travel.pop()
        fly(s, w, s.paths[w][0], ev)
    s._month_end(ev)


def legal_choose_itinerary(s: GameState, p: int) -> list[Action]:
    return [Action(CHOOSE_ITINERARY, p, path) for path in s.paths[p]]


def do_choose_itinerary(s: GameState, p: int, path: tuple[int, ...], ev: list[Event]) -> None:
    options = s.paths[p]
    if path not in options:
        rev = tuple(reversed(path))
        if rev in options:  # O2: named from either end
            path = rev
        else:
            codes = s.board.codes
            listed = "; ".join("–".join(codes[i] for i in x) for x in options)
            raise IllegalAction(
                f"{'–'.join(codes[i] for i in path)} is not one of {s.names[p]}'s "
                f"shortest itineraries ({listed})")
    s.travel.pop()
    fly(s, p, path, ev)
    next_traveller(s, ev)


def fly(s: GameState, p: int, path: tuple[int, ...], ev: list[Event]) -> None:
    """One plane leaves each route of the itinerary flown."""
    ri = s.board.route_index
    codes = s.board.codes
    routes = []
    for a, b in zip(path, path[1:]):
        r = ri[(codes[a], codes[b])]
        s.planes[p][r] -= 1
        s.on_board[p] -= 1
        routes.append(r)
    s.flown[p] = path
    ev.append(E.PlanesFlown(player=p, path=tuple(path), routes=tuple(routes)))


def nobody_travels(s: GameState, reason: E.NobodyReason, ev: list[Event]) -> None:
    """No itinerary, all passed, or walked away with nobody left: cards back
    to hand, no planes move."""
    for q in range(s.P):
        b = s.bid[q]
        if b is not None and not s.settled:
            s.hand[q][FARE_INDEX[b]] += 1
    s.settled = True
    s.winners = []
    ev.append(E.NobodyTravels(reason=reason))
    s._month_end(ev)


STEPS: dict[str, Step] = {
    FLASH: Step(legal_flash, do_flash),
    ANCILLARIES: Step(legal_ancillaries, do_ancillaries),
    ROLL_SENSITIVITY: Step(legal_roll_sensitivity, do_roll_sensitivity),
    CHOOSE_ITINERARY: Step(legal_choose_itinerary, do_choose_itinerary),
}
