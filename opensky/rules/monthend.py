"""Month end and game end: RULES.md §7 and §9.

- §7.1: the month marker advances.
- R10 (§7.2): in turn order from the roller, each player below their plane
  limit with at least 200 of won revenue may lease planes, 200 each: change
  first, then a minimal set of won cards taken back to hand, the excess kept
  as change.  Leased planes are placed at once (``planning``, R4 and R13
  included).  R15: a player who cannot lease is not asked.
- R11: no leasing at the end of October (the season reset follows: every
  plane and marker leaves the board, O5: hubs too) or of March (the game ends).
- §9, R14: the final score; equal totals share the victory.
"""
from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from opensky.rules import events as E
from opensky.rules.actions import LEASE, Action
from opensky.rules.constants import FARE_INDEX, FARES, LEASE_COST, MARCH, OCTOBER
from opensky.rules.errors import IllegalAction
from opensky.rules.events import Event
from opensky.rules.phases import GAME_OVER, MONTH_END, Step, cards_text, wait
from opensky.textlimits import short

if TYPE_CHECKING:
    from opensky.rules.state import GameState

_NFARES = len(FARES)


# ------------------------------------------------------------------ §7
def month_end(s: GameState, ev: list[Event]) -> None:
    """The market is over: record it, then the game ends (March), the season
    resets (October, R11) or leasing opens (R10)."""
    s._record_last_market()
    if s.month == MARCH:
        end_game(s, ev)
        return
    finished = s.month
    s.month += 1  # 1. advance the month marker
    s.od = None
    s.dice = None
    if finished == OCTOBER:  # R11: no leasing; season reset (§7.3)
        left = [(p, r, n) for p in range(s.P) for r, n in enumerate(s.planes[p]) if n]
        for p in range(s.P):
            s.planes[p] = [0] * len(s.board.routes)
            s.on_board[p] = 0
            s.markers[p] = []
            s.hubs[p] = []
        ev.append(E.SeasonReset(planes=tuple(left)))
        s._start_season(ev)
        return
    s.phase = MONTH_END
    s.lease_queue = [(s.roller + k) % s.P for k in range(s.P)][::-1]
    next_lease(s, ev)


# ------------------------------------------------------------------ §7.2, R10
def lease_limit(s: GameState, p: int) -> int:
    """How many planes ``p`` may lease now (R10): below the plane limit,
    200 of won revenue per plane."""
    return min(s.N - s.on_board[p], s.revenue(p) // LEASE_COST)


def next_lease(s: GameState, ev: list[Event]) -> None:
    """Ask the next player in turn order who can lease (R10, R15); when
    nobody is left, the next month starts."""
    while s.lease_queue:
        p = s.lease_queue.pop()
        if lease_limit(s, p) >= 1 and s.placeable_routes(p):
            wait(s, LEASE, (p,))
            return
    s._start_month(ev)


def lease_payments(s: GameState, p: int, planes: int) -> list[tuple[int, ...]]:
    """R10: the minimal sets of won cards that pay for ``planes`` planes
    after change is spent (an empty tuple when change covers it all)."""
    need = LEASE_COST * planes - s.change[p]
    if need <= 0:
        return [()]
    won = s.won[p]
    out: list[tuple[int, ...]] = []
    for counts in product(*(range(n + 1) for n in won)):
        total = 0
        low = 0
        for i, n in enumerate(counts):
            if n:
                total += FARES[i] * n
                if not low:
                    low = FARES[i]
        if total >= need and total - low < need:
            out.append(tuple(v for v, n in zip(FARES, counts) for _ in range(n)))
    out.sort()
    return out


def legal_lease(s: GameState, p: int) -> list[Action]:
    out = [Action(LEASE, p, (0, ()))]
    for k in range(1, lease_limit(s, p) + 1):
        for cards in lease_payments(s, p, k):
            out.append(Action(LEASE, p, (k, cards)))
    return out


def do_lease(s: GameState, p: int, arg: tuple[int, tuple[int, ...]], ev: list[Event]) -> None:
    k, cards = arg
    name = s.names[p]
    limit = lease_limit(s, p)
    if not isinstance(k, int) or k < 0:
        raise IllegalAction("planes must be a whole number ≥ 0")
    if k > limit:
        room = s.N - s.on_board[p]
        raise IllegalAction(
            f"{name} can lease at most {limit} plane(s) now ({room} below the plane limit, "
            f"{s.revenue(p)} of won revenue at {LEASE_COST} each)")
    if not isinstance(cards, tuple) or any(c not in FARE_INDEX for c in cards):
        raise IllegalAction(f"lease: {short(cards)} are not fare cards")
    cards = tuple(sorted(cards))
    if k == 0:
        if cards:
            raise IllegalAction("no cards are taken back when leasing no planes")
        ev.append(E.PlanesLeased(player=p, planes=0, cards=(), change_spent=0, change=s.change[p]))
        next_lease(s, ev)
        return
    cost = LEASE_COST * k
    spent = min(s.change[p], cost)
    need = cost - spent
    counts = [0] * _NFARES
    for c in cards:
        counts[FARE_INDEX[c]] += 1
    if any(counts[i] > s.won[p][i] for i in range(_NFARES)):
        raise IllegalAction(
            f"{name} has not won those cards (won cards on the table: {cards_text(s.won_cards(p))})")
    total = sum(cards)
    if need == 0 and cards:
        raise IllegalAction(
            f"change of {s.change[p]} already pays for {k} plane(s): take no cards back (R10)")
    if total < need:
        raise IllegalAction(
            f"{cards_text(list(cards)) or 'no cards'} do not cover {need} "
            f"({cost} for {k} plane(s) less {spent} change)")
    if cards and total - cards[0] >= need:
        raise IllegalAction(
            f"the payment is not minimal: without the {cards[0]} card, {total - cards[0]} "
            f"still covers {need} (R10)")
    for i in range(_NFARES):
        s.won[p][i] -= counts[i]
        s.hand[p][i] += counts[i]
    s.change[p] = s.change[p] - spent + (total - need)
    ev.append(E.PlanesLeased(player=p, planes=k, cards=cards, change_spent=spent,
                               change=s.change[p]))
    s.queue = [p] * k  # placed at once, by the rules of §4 and §8
    s._resume_placement(ev)


# ------------------------------------------------------------------ §9, R14
def end_game(s: GameState, ev: list[Event]) -> None:
    s.game_over = True
    s.phase = GAME_OVER
    wait(s, None, ())
    ev.append(E.GameOver(winners=tuple(s.final_winners()),
                          scores=tuple(s.score(p)["total"] for p in range(s.P))))


STEPS: dict[str, Step] = {
    LEASE: Step(legal_lease, do_lease),
}
