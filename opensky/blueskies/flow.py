"""The order of play (RULES §5, §6): a stack of tasks on the state.

Each task is a tuple whose first item names it.  ``run`` pops tasks and
carries them out until one stops at a decision (it sets ``state.decision``)
or the game ends.  A chance step with one possible outcome is resolved here
without being asked (B31); a reshuffle happens before a ``draw_card`` is
asked (B26, settled detail 3).  ``carry_out`` applies a checked action and
pushes what follows from it.

Tasks, in the order of the rules:

=================== =========================================================
``turn c``          an opening card (c given, or -1: drawn), then its cubes
``local_open``      setup's local gates; the opening cards to the discard (B9)
``deal q c``        a card dealt to q (c given, or -1: drawn)
``opener q``        q's opening gates (§5.5, B11, B12)
``round``           a new round: its eight steps pushed (§6)
``buyer q``         q's purchase turn (step 1)
``player q``        q's card or special action (step 2)
``other``           a deck card turned for step 3
``score``           step 4; ``end`` step 5; ``assist`` step 6; ``locals``
                    step 7; ``pass`` step 8
``cubes a``         passengers added at a (§3), then the split (B3)
``card purpose q``  a card drawn (into q's hand, or turned)
``to_discard``      the card in play goes to the discard pile
``discard q cards`` q's cards to the discard pile (special action, B23)
``ask_assist q k``, ``ask_discard q``  the step-6 decisions
=================== =========================================================
"""
from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any, Sequence

from opensky.blueskies import gates as G
from opensky.blueskies.actions import (
    ASSIST, ASSISTANCE, BUY, BUY_GATE, BUYOUT, DEAL, DISCARD, DISCARD_DECISION, DRAW_CARD, DRAW_CUBES,
    END_PURCHASES, LOCAL, OPENING, OPENING_GATE, OTHER_DEMAND, PLAY, PLAY_CARD, REFILL, REPLACE,
    SPECIAL_ACTION, STEP_ASSISTANCE, STEP_ASSISTANCE_DISCARD, STEP_BUY, STEP_OPENING, STEP_OPENING_GATES,
    STEP_OTHER, STEP_OVER, STEP_PLAY, Action,
)
from opensky.blueskies.board import OPENING_POINTS
from opensky.blueskies import events as E
from opensky.blueskies.scoring import final_scores, winners

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState

Task = tuple[Any, ...]
#: points of a purchase turn (§6 step 1)
TURN_POINTS = 6
#: a score over this ends the game (step 5, B17); over ASSIST_AT brings assistance (B18)
END_AT = 100
ASSIST_AT = 30
HAND = 3


def order_from(s: "BSState", first: int) -> list[int]:
    return [(first + i) % s.P for i in range(s.P)]


def setup_tasks(s: "BSState", opening: Sequence[int] | None, hands: Sequence[Sequence[int]] | None) -> list[Task]:
    """The setup (§5) as tasks, top of the stack last."""
    todo: list[Task] = []
    for i in range(5):
        todo.append(("turn", opening[i] if opening is not None else -1))
    todo.append(("local_open",))
    for q in range(s.P):
        for k in range(HAND):
            todo.append(("deal", q, hands[q][k] if hands is not None else -1))
    for q in reversed(range(s.P)):  # B11: the last seat first, counter-clockwise
        todo.append(("opener", q))
    todo.append(("round",))
    todo.reverse()
    return todo


def push(s: "BSState", *tasks: Task) -> None:
    """Push tasks to be done in the order given."""
    s.tasks.extend(reversed(tasks))


def ask(s: "BSState", decision: str, actor: int | None) -> None:
    s.decision = decision
    s.actor = actor


def run(s: "BSState", ev: list[E.Event]) -> None:
    s.decision = None
    s.actor = None
    while s.tasks and s.decision is None:
        task = s.tasks.pop()
        _HANDLERS[task[0]](s, task, ev)


# ---------------------------------------------------------------- chance
def _cubes(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    a = task[1]
    if s.red >= 1 and s.green >= 1:
        s.cube_airport = a
        ask(s, DRAW_CUBES, None)
        return
    if s.red >= 1:
        add_cubes(s, a, 0, ev)
    else:  # B4: no red left, every green comes out (or nothing from an empty bag)
        add_cubes(s, a, s.green, ev, red=False)


def add_cubes(s: "BSState", a: int, green: int, ev: list[E.Event], red: bool = True) -> None:
    s.green -= green
    n = green
    if red:
        s.red -= 1
        n += 1
    if n:
        ev.append(E.PassengersDrawn(a, green, 1 if red else 0))
    if s.cubes[a]:
        s.cubes[a][0] += n  # where they land does not matter: all are split at once
    else:
        s.waiting[a] += n
    G.split(s, a)
    ev.append(E.CubesSplit(a, tuple(s.cubes[a]), s.waiting[a]))


def _card(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    purpose, q = task[1], task[2]
    if s.deck_count == 0:  # B26: the discard pile becomes the deck
        s.deck = s.discard
        s.deck_count = sum(s.deck)
        s.discard = [0] * len(s.deck)
        ev.append(E.DeckReshuffled(s.deck_count))
    s.card_purpose, s.card_player = purpose, q
    if max(s.deck) == s.deck_count:  # B31: every card left names one airport
        take_card(s, s.deck.index(s.deck_count), ev)
    else:
        ask(s, DRAW_CARD, None)


def take_card(s: "BSState", c: int, ev: list[E.Event]) -> None:
    """The pending card draw resolved to c."""
    purpose, q = s.card_purpose, s.card_player
    s.deck[c] -= 1
    s.deck_count -= 1
    if purpose in (OPENING, OTHER_DEMAND):
        s.in_play.append(c)
        ev.append(E.CardTurned(c, purpose))
        if purpose == OTHER_DEMAND:
            push(s, ("cubes", c), ("to_discard",))
        else:
            push(s, ("cubes", c))
        return
    assert q is not None
    s.hands[q].append(c)
    s.hands[q].sort()
    s.hand_count[q] += 1
    ev.append(E.CardDrawn(q, c, purpose))


def _to_discard(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    for c in s.in_play:
        s.discard[c] += 1
    s.in_play = []


# ---------------------------------------------------------------- setup
def _setup_card(s: "BSState", purpose: str, q: int | None, c: int, ev: list[E.Event]) -> None:
    """An opening card or a dealt card: given (c), or drawn (c < 0)."""
    s.step = STEP_OPENING
    if c < 0:
        push(s, ("card", purpose, q))
        return
    s.card_purpose, s.card_player = purpose, q
    take_card(s, c, ev)


def _turn(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    _setup_card(s, OPENING, None, task[1], ev)


def _local_open(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    open_locals(s, ev)
    _to_discard(s, task, ev)


def open_locals(s: "BSState", ev: list[E.Event]) -> None:
    """A local gate at every airport with cubes and no gate (§5.2, step 7)."""
    for a in range(len(s.gates)):
        if not s.gates[a] and s.waiting[a] > 0:
            s.gates[a].append(LOCAL)
            s.free[a] -= 1
            bisect.insort(s.locals, a)
            s.cubes[a].append(s.waiting[a])
            ev.append(E.LocalGateOpened(a, s.waiting[a]))
            s.waiting[a] = 0


def _deal(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    _setup_card(s, DEAL, task[1], task[2], ev)


def _opener(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    q = task[1]
    s.step = STEP_OPENING_GATES
    s.points = OPENING_POINTS
    s.opening_first = -1
    if G.has_pair(s, q):
        s.opening_mode = 0
    elif _single(s, q):
        s.opening_mode = 2
    else:
        ev.append(E.OpeningSkipped(q))
        return
    ask(s, OPENING_GATE, q)


def _single(s: "BSState", q: int) -> list[int]:
    return [a for a in range(len(s.gates))
            if G.can_new_gate(s, q, a, OPENING_POINTS) or G.can_buyout(s, q, a, OPENING_POINTS)]


def _opener_next(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    q = task[1]
    if s.opening_mode == 0:
        s.opening_mode = 1
        ask(s, OPENING_GATE, q)
    # the second gate (or the only one, B12) ends the opening placement


# ---------------------------------------------------------------- the round
def _round(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    s.round += 1
    order = order_from(s, s.current)
    tasks: list[Task] = [("buyer", q) for q in order]
    tasks += [("player", q) for q in order]
    tasks += [("other",) for _ in order[1:]]
    tasks += [("score",), ("end",), ("assist",), ("locals",), ("pass",)]
    push(s, *tasks)


def _affordable(s: "BSState", q: int) -> bool:
    """Whether q can still buy a new gate or a buyout with the points left."""
    if s.gates_left[q] <= 0:
        return False
    b, pts, free = s.board, s.points, s.free
    cost = b.gate_costs
    for a in b.by_gate_cost:
        if cost[a] > pts:
            break
        if free[a]:
            return True
    cost = b.buyout_costs
    return any(cost[a] <= pts for a in s.locals)


def _buyer(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    q = task[1]
    s.step = STEP_BUY
    s.points = TURN_POINTS
    _buy_or_bank(s, q, ev)


def _buy_or_bank(s: "BSState", q: int, ev: list[E.Event]) -> None:
    if _affordable(s, q):
        ask(s, BUY, q)
    else:  # B31: nothing affordable, the turn ends by itself
        bank(s, q, ev)


def bank(s: "BSState", q: int, ev: list[E.Event]) -> None:
    s.score[q] += s.points
    ev.append(E.PointsBanked(q, s.points))
    s.points = 0


def _buyer_next(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    _buy_or_bank(s, task[1], ev)


def _player(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    q = task[1]
    s.step = STEP_PLAY
    hand = s.hands[q]
    if s.special_used[q] and hand and all(c == hand[0] for c in hand):
        play_card(s, q, hand[0], ev)  # B31: one card to play, no choice
        return
    ask(s, PLAY, q)


def play_card(s: "BSState", q: int, c: int, ev: list[E.Event]) -> None:
    s.hands[q].remove(c)
    s.hand_count[q] -= 1
    s.in_play.append(c)
    ev.append(E.CardPlayed(q, c))
    push(s, ("cubes", c), ("to_discard",), ("card", REPLACE, q))


def _other(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    s.step = STEP_OTHER
    push(s, ("card", OTHER_DEMAND, None))


def _score(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    incomes = G.incomes(s)
    for q in order_from(s, s.current):
        inc = incomes[q]
        s.score[q] += inc
        ev.append(E.IncomeScored(q, inc, s.score[q]))


def _end(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    reasons = []
    if any(x > END_AT for x in s.score):
        reasons.append("score")
    if any(x == 0 for x in s.gates_left):
        reasons.append("gates")
    if not reasons:
        return
    s.tasks.clear()
    s.game_over = True
    s.step = STEP_OVER
    s.end_reason = reasons
    s.final = final_scores(s)
    totals = [int(f["total"]) for f in s.final]  # type: ignore[call-overload]
    s.winners = winners(s, totals)
    for q, f in enumerate(s.final):
        regions: dict[str, int] = f["regions"]  # type: ignore[assignment]
        for rid, pts in regions.items():
            ev.append(E.RegionBonus([r.id for r in s.board.regions].index(rid), q, pts))
    ev.append(E.GameEnded(tuple(reasons), tuple(s.winners), tuple(totals)))


def _assist(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    if s.assistance_given or not any(x > ASSIST_AT for x in s.score):
        return
    s.assistance_given = True  # B21: used up as soon as it is triggered
    top = max(s.score)
    leaders = tuple(q for q in range(s.P) if s.score[q] == top)
    order = order_from(s, s.current)
    n = len(s.gates)
    owed = [(q, min(-(-(top - s.score[q]) // 3), n)) for q in order if q not in leaders]
    ev.append(E.AssistanceGiven(leaders, tuple(owed)))
    tasks: list[Task] = [("ask_assist", q, k) for q, k in owed]
    tasks += [("ask_discard", q) for q in order]
    push(s, *tasks)


def _ask_assist(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    s.step = STEP_ASSISTANCE
    s.owed = task[2]
    ask(s, ASSIST, task[1])


def _ask_discard(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    s.step = STEP_ASSISTANCE_DISCARD
    ask(s, DISCARD_DECISION, task[1])


def _discard_cards(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    q, cards = task[1], task[2]
    for c in cards:
        s.hands[q].remove(c)
        s.discard[c] += 1
    s.hand_count[q] -= len(cards)
    ev.append(E.CardsDiscarded(q, tuple(cards)))


def _locals(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    open_locals(s, ev)


def _pass(s: "BSState", task: Task, ev: list[E.Event]) -> None:
    s.current = (s.current + 1) % s.P
    ev.append(E.MarkerPassed(s.current, s.round + 1))
    push(s, ("round",))


_HANDLERS = {
    "turn": _turn, "local_open": _local_open, "deal": _deal, "opener": _opener, "opener_next": _opener_next,
    "round": _round, "buyer": _buyer, "buyer_next": _buyer_next, "player": _player, "other": _other,
    "score": _score, "end": _end, "assist": _assist, "locals": _locals, "pass": _pass, "cubes": _cubes,
    "card": _card, "to_discard": _to_discard, "discard": _discard_cards, "ask_assist": _ask_assist,
    "ask_discard": _ask_discard,
}


# ---------------------------------------------------------------- carrying out actions
def carry_out(s: "BSState", a: Action, ev: list[E.Event]) -> None:
    """Carry out a checked action and push what follows it."""
    t, q, arg = a.type, a.player, a.arg
    if t == DRAW_CUBES:
        add_cubes(s, s.cube_airport, arg, ev)
        return
    if t == DRAW_CARD:
        take_card(s, arg, ev)
        return
    assert q is not None
    if t in (BUY_GATE, BUYOUT):
        x = arg[0] if isinstance(arg, tuple) else arg
        opening = s.decision == OPENING_GATE
        place_gate(s, q, x, t == BUYOUT, ev)
        if opening:
            if s.opening_mode == 0:
                s.opening_first = x
            s.tasks.append(("opener_next", q))
        else:
            s.tasks.append(("buyer_next", q))
        if t == BUY_GATE and len(s.gates[x]) > 1:
            s.tasks.append(("cubes", x))  # §3: a new gate where there is one brings passengers
        elif t == BUY_GATE:
            G.split(s, x)  # a first gate takes any cubes waiting there, without a draw
        return
    if t == END_PURCHASES:
        bank(s, q, ev)
        return
    if t == PLAY_CARD:
        play_card(s, q, arg, ev)
        return
    if t == SPECIAL_ACTION:
        at, cards = arg
        s.special_used[q] = True  # settled detail 9: at once, before its draws
        ev.append(E.SpecialActionUsed(q, at, tuple(cards)))
        tasks: list[Task] = []
        if at is not None:
            tasks.append(("cubes", at))
        if cards:
            tasks.append(("discard", q, tuple(cards)))
            tasks += [("card", REFILL, q) for _ in cards]
        push(s, *tasks)
        return
    if t == ASSISTANCE:
        ev.append(E.AssistanceChosen(q, tuple(arg)))
        push(s, *[("cubes", x) for x in arg])
        return
    if t == DISCARD:
        tasks = [("discard", q, tuple(arg))] if arg else []
        tasks += [("card", REFILL, q) for _ in arg]
        push(s, *tasks)
        return
    raise AssertionError(t)


def place_gate(s: "BSState", q: int, a: int, buyout: bool, ev: list[E.Event]) -> None:
    x = s.board.airports[a]
    s.gates_left[q] -= 1
    if buyout:
        slot = G.local_slot(s, a)
        s.gates[a][slot] = q
        s.locals.remove(a)
        s.points -= x.buyout_cost or 0
        ev.append(E.GateBoughtOut(q, a, slot, x.buyout_cost or 0))
    else:
        s.gates[a].append(q)
        s.cubes[a].append(0)
        s.free[a] -= 1
        s.points -= x.gate_cost
        ev.append(E.GatePlaced(q, a, len(s.gates[a]) - 1, x.gate_cost))


__all__ = ["run", "carry_out", "setup_tasks", "ASSISTANCE", "DISCARD", "PLAY_CARD", "SPECIAL_ACTION",
           "END_PURCHASES", "BUY", "PLAY"]
