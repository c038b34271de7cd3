"""The explanation of a rule puzzle's answer: ``explain(pz)`` turns the
engine's evaluation of the position (W and D/2, the flash options, the
itineraries, the lease quote, the price die) into sentences, each through
``tr``/``trn``.  Its one job is the words; the puzzle, its choices and its
answer are ``opensky.learn.puzzles``.

Pure: no pygame; it reads the ``Puzzle`` it is given and never imports
``puzzles`` (which imports this module).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from opensky.i18n import tr, trn
from opensky.rules import events as E
from opensky.rules.actions import FLASH
from opensky.rules.constants import ANCILLARY_VALUE, LEASE_COST
from opensky.rules.itinerary import shortest_paths
from opensky.rules.pricing import accepts
from opensky.rules.quote import lease, lease_cost, one_stop_limit, price

if TYPE_CHECKING:
    from opensky.learn.puzzles import Puzzle

__all__ = ["cards_text", "explain", "names_text"]


def explain(pz: Puzzle) -> list[str]:
    """Why ``pz``'s answer is right, in sentences built from the engine's figures."""
    if pz.kind == "winner":
        return _winner(pz, pz.table(), pz.winners())
    if pz.kind == "walk_away":
        return _walk_away(pz)
    if pz.kind == "sole_fare":
        return _sole_fare(pz)
    if pz.kind == "valid_itinerary":
        return _itinerary(pz)
    return _lease(pz)


def _winner(pz: Puzzle, bids: list[tuple[int, int, int]], winners: list[int] | tuple[int, ...]) -> list[str]:
    out: list[str] = []
    if not bids:
        return [tr("No fare is left on the table: nobody travels.")]
    nonstop = [b for b in bids if b[2] == 0]
    onestop = [b for b in bids if b[2] == 1]
    if nonstop and onestop:
        d = min(b[1] for b in nonstop)
        low = next(b for b in nonstop if b[1] == d)
        limit = one_stop_limit(d)
        out.append(tr("{fare} is the lowest nonstop: D = {d}.", fare=pz.fare_text(*low), d=d))
        out.append(tr("A one-stop qualifies at D/2 = {limit} or less.", limit=limit))
        for b in onestop:
            out.append(tr("{fare} qualifies.", fare=pz.fare_text(*b)) if b[1] <= limit else
                       tr("{fare} is more than {limit}: it does not qualify.", fare=pz.fare_text(*b),
                          limit=limit))
    elif len(bids) > 1:
        out.append(tr("Every fare is in the same class: the lowest fare wins."))
    if len(winners) == 1:
        w = winners[0]
        b = next(x for x in bids if x[0] == w)
        out.append(tr("So {name} wins at {fare}.", name=pz.name(w), fare=b[1]))
    elif winners:
        fare = next(x[1] for x in bids if x[0] == winners[0])
        out.append(tr("{names} tie at {fare}: ties all win, with no ancillaries and no price die.",
                      names=names_text([pz.name(w) for w in winners]), fare=fare))
    return out


def _walk_away(pz: Puzzle) -> list[str]:
    st = pz.state
    p = st.actors[0]
    fare, chits = st.bid[p], st.chit_count
    assert fare is not None and pz.roll is not None
    total = price(st, p)
    out = [tr("{name}'s price is {fare} + {n} × {chit} = {price}.", name=pz.name(p), fare=fare, n=chits,
              chit=ANCILLARY_VALUE, price=total)]
    events, winners = pz.after_roll()
    if accepts(pz.roll, total):
        out.append(tr("The die shows {roll}, at least the price: the passengers accept, and {name} flies.",
                      roll=pz.roll, name=pz.name(p)))
        return out
    out.append(tr("The die shows {roll}, less than {price}: the passengers walk away, and {name}'s card "
                  "goes back to hand.", roll=pz.roll, price=total, name=pz.name(p)))
    out.append(tr("The market goes to the best of the other bids, as they stood: no new cards, flash "
                  "deals or chits."))
    walked = next((e for e in events if isinstance(e, E.MarketWalkedAway)), None)
    rest = list(walked.next_winners) if walked is not None else winners
    return out + _winner(pz, pz.table(exclude=p), rest)


def _sole_fare(pz: Puzzle) -> list[str]:
    st, p = pz.state, pz.asked()
    out = []
    if st.decision == FLASH:
        out.append(tr("A flash deal swaps the fare for a strictly lower card from hand, once per game."))
    my_stops = st.stops[p]
    for card, winners in pz.fare_options():
        fare = st.bid[p] if card is None else card
        assert fare is not None
        bids = pz.table(exclude=p) + [(p, fare, my_stops if my_stops is not None else 0)]
        head = tr("With {fare}", fare=fare)
        nonstop = [b[1] for b in bids if b[2] == 0]
        if nonstop and any(b[2] == 1 for b in bids):
            head += tr(" (D = {d}: a one-stop needs {limit} or less)", d=min(nonstop),
                       limit=one_stop_limit(min(nonstop)))
        if tuple(winners) == (p,):
            out.append(tr("{head}: {name} wins alone.", head=head, name=pz.name(p)))
        elif p in winners:
            out.append(tr("{head}: a tie with {names}; a tie is not winning alone.", head=head,
                          names=names_text([pz.name(w) for w in winners if w != p])))
        else:
            w = winners[0]
            fw = st.bid[w]
            assert fw is not None
            out.append(tr("{head}: {rival} wins.", head=head, rival=pz.fare_text(w, fw, st.stops[w])))
    best = pz.best_alone()
    if best is None:
        out.append(tr("No card wins alone."))
    else:
        out.append(tr("The highest card that wins alone is {fare}.", fare=best))
    return out


def _itinerary(pz: Puzzle) -> list[str]:
    st, p = pz.state, pz.asked()
    board, path = st.board, pz.itinerary
    out = []
    n = len(path) - 2
    for a, b in zip(path, path[1:]):
        r = board.route_index[(board.codes[a], board.codes[b])]
        if not st.planes[p][r]:
            out.append(tr("{name} has no plane on {a}–{b}: this is no itinerary for {name}.",
                          name=pz.name(p), a=board.codes[a], b=board.codes[b]))
    if board.uses_hubs and n > 0:
        missing = [board.codes[a] for a in path[1:-1] if a not in st.hubs[p]]
        if missing:
            out.append(tr("{name} has no hub at {codes}: an airline connects only at its own hubs.",
                          name=pz.name(p), codes=", ".join(missing)))
        else:
            out.append(tr("{name} connects at {codes}: its own hubs.", name=pz.name(p),
                          codes=", ".join(board.codes[a] for a in path[1:-1])))
    o, d = path[0], path[-1]
    fewest: tuple[int, tuple[int, ...]] | None = None
    for q in range(st.P):
        found = shortest_paths(board.adjacency, st.planes[q], o, d, st.hubs[q] if board.uses_hubs else None)
        if found and (fewest is None or len(found[0]) < len(fewest[1])):
            fewest = (q, found[0])
    _, paths = pz.market_itineraries()
    if fewest is not None:
        q, fp = fewest
        out.append(trn("The fewest stops at the table: {n} stop ({name}, {path}).",
                       "The fewest stops at the table: {n} stops ({name}, {path}).", len(fp) - 2,
                       name=pz.name(q), path=pz.route_text(fp)))
    if not pz.itinerary_valid():
        mine = paths[p]
        if mine and len(mine[0]) < len(path):
            out.append(tr("{name} has a shorter itinerary, {path}, and bids with that.", name=pz.name(p),
                          path=pz.route_text(mine[0])))
        elif n >= 2 and fewest is not None and len(fewest[1]) < len(path):
            out.append(tr("A two-stop or longer itinerary counts only when nobody has fewer stops: "
                          "this one is not valid."))
        out.append(tr("Not valid."))
    else:
        if n >= 2:
            out.append(tr("Nobody can fly this market with fewer stops, so the {n}-stop is valid.", n=n))
        else:
            out.append(tr("Nonstop and one-stop itineraries are always valid."))
        out.append(tr("Valid: {name} bids with it.", name=pz.name(p)))
    return out


def _lease(pz: Puzzle) -> list[str]:
    st, p = pz.state, pz.asked()
    name = pz.name(p)
    if pz.ask == "planes":
        room = st.N - st.on_board[p]
        rev = st.revenue(p)
        afford = max((k for k in range(st.N + 1) if lease_cost(k) <= rev), default=0)
        return [
            trn("{name} has {on} of {total} planes on the board: room for {n} more.",
                "{name} has {on} of {total} planes on the board: room for {n} more.", room,
                name=name, on=st.on_board[p], total=st.N),
            trn("Won revenue {rev} (cards on the table and change) pays for {n} plane at {cost} each.",
                "Won revenue {rev} (cards on the table and change) pays for {n} planes at {cost} each.",
                afford, rev=rev, cost=LEASE_COST),
            trn("So {name} can lease {n} plane now.", "So {name} can lease {n} planes now.",
                st.lease_limit(p), name=name),
        ]
    q = lease(st, p, pz.planes, pz.cards)
    out = [trn("{n} plane costs {cost}.", "{n} planes cost {cost}.", q.planes, cost=q.cost)]
    if q.change_before:
        out.append(tr("Change is spent first: {spent} of {name}'s {before}.", spent=q.change_spent,
                      name=name, before=q.change_before))
    out.append(tr("The won cards must cover the remaining {need}.", need=q.need))
    if q.cards:
        out.append(tr("The cards {cards} make {total}: the excess {excess} becomes change.",
                      cards=cards_text(list(q.cards)), total=sum(q.cards), excess=sum(q.cards) - q.need))
    out.append(tr("{name} keeps {change} change.", name=name, change=q.change_after))
    return out


def cards_text(cards: list[int]) -> str:
    """``200, 250, 500``: fare cards in increasing order."""
    return ", ".join(str(c) for c in sorted(cards))


def names_text(names: list[str]) -> str:
    """``Sunway``, ``Sunway and Nordair``, ``Sunway, Nordair and Aero``."""
    if len(names) <= 1:
        return "".join(names)
    return tr("{a} and {b}", a=", ".join(names[:-1]), b=names[-1])
