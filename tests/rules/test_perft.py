"""Perft tier (DESIGN.md habit 10): fixed positions on both shipped boards with
their exact legal-action counts, and node counts a few plies deep.

Each position is reached by a fixed, seeded action sequence: an optional
scripted prefix, then a seeded "guided" walk (random, but steering towards
contested markets so bids, flash deals and leasing actually occur) until the
position's predicate holds.  The numbers were counted with the engine before
the state module was split (issue 14) and are hard-coded, so any change to the
rules — or to the order or number of legal actions — fails here and has to be
explained.  A change to a shipped board file changes them too (that is the
point of testing the real boards).

Regenerate the table only for a deliberate rules change:
``python -m tests.rules.test_perft`` prints it.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import pytest

from opensky.board.loader import load_board
from opensky.board.model import Board
from opensky.rules.actions import Action
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import GameState

Pred = Callable[[GameState, int], bool]
_BOARDS: dict[str, Board] = {}


def board(board_id: str) -> Board:
    if board_id not in _BOARDS:
        _BOARDS[board_id] = load_board(board_id)
    return _BOARDS[board_id]


def guided(s: GameState, legal: list[Action], rng: random.Random) -> Action:
    """A seeded choice that makes markets contested: planes mostly between
    call-sign airports, hubs where the player's planes meet, the O&D that
    most airlines can fly, and bids rather than passes."""
    d = s.decision
    if d == "place_plane":
        cs = set(s.callsign_airport)

        def tier(a: Action) -> int:
            i, j = s.board.route_ends[a.arg]
            return (i in cs) + (j in cs)
        best = max(tier(a) for a in legal)
        pool = [a for a in legal if tier(a) == best] if rng.random() < 0.8 else legal
        return pool[rng.randrange(len(pool))]
    if d == "place_hub":
        p = s.actors[0]

        def degree(a: Action) -> int:
            return sum(s.planes[p][r] for _, r in s.board.adjacency[a.arg])
        top = max(degree(a) for a in legal)
        pool = [a for a in legal if degree(a) == top]
        return pool[rng.randrange(len(pool))]
    if d == "choose_od":
        def flyers(a: Action) -> int:
            c = s.copy()
            c.apply(a)
            return sum(x is not None for x in c.stops)
        most = max(flyers(a) for a in legal)
        pool = [a for a in legal if flyers(a) == most]
        return pool[rng.randrange(len(pool))]
    if d == "bid" and len(legal) > 1 and rng.random() < 0.9:
        pool = [a for a in legal if a.arg is not None]
        return pool[rng.randrange(len(pool))]
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class Position:
    board: str
    players: int
    seed: int
    until: Pred
    callsigns: bool = True  # the board's recommended set; False: placed by the players (R1)
    script: Sequence[Mapping[str, Any]] = ()  # readable actions applied first


def reach(pos: Position) -> GameState:
    b = board(pos.board)
    names = ["Ann", "Bo", "Cy", "Di"][:pos.players]
    cs = dict(zip(CALLSIGNS, b.recommended_callsigns or ())) if pos.callsigns else None
    s = GameState(b, names, cs)
    codec = s.codec()
    for d in pos.script:
        s.apply(codec.from_dict(dict(d)))
    rng = random.Random(pos.seed)
    step = 0
    while not pos.until(s, step):
        assert not s.game_over, "the walk ended before reaching the position"
        s.apply(guided(s, s.legal_actions(), rng))
        step += 1
        assert step < 1000
    return s


def decision(name: str, actors: int | None = None) -> Pred:
    return lambda s, _: s.decision == name and (actors is None or len(s.actors) == actors)


def _place(player: str, *routes: str) -> list[dict[str, Any]]:
    return [{"type": "place_plane", "player": player, "route": r.split("-")} for r in routes]


# R9 positions: the winner has two one-stop itineraries over different paths.
# North America (2p, serpentine A3 B3 | B3 A3): Ann flies DEN–ATL via DFW or ORD.
_NA_ITIN = (
    _place("Ann", "DEN-DFW", "DFW-ATL", "DEN-ORD") + _place("Bo", "LAX-SFO", "LAX-SFO", "LAX-SFO")
    + _place("Bo", "LAX-SFO", "LAX-SFO", "LAX-SFO") + _place("Ann", "ORD-ATL", "LAX-SFO", "LAX-SFO")
    + [{"type": "roll_dice", "outcome": ["Bravo", "Delta", "Echo"]},
       {"type": "choose_od", "player": "Ann", "od": ["Bravo", "Delta"]},
       {"type": "bid", "player": "Ann", "fare": 500},
       {"type": "ancillaries", "player": "Ann", "count": 0}]
)
# Europe (2p): Ann flies FRA–FCO via MUC or ZRH, her hubs.
_EU_ITIN = (
    _place("Ann", "FRA-MUC", "MUC-FCO", "FRA-ZRH") + _place("Bo", "LHR-DUB", "LHR-DUB", "LHR-DUB")
    + _place("Bo", "LHR-DUB", "LHR-DUB", "LHR-DUB") + _place("Ann", "ZRH-FCO", "LHR-DUB", "LHR-DUB")
    + [{"type": "place_hub", "player": "Ann", "airport": "MUC"},
       {"type": "place_hub", "player": "Ann", "airport": "ZRH"},
       {"type": "place_hub", "player": "Bo", "airport": "LHR"},
       {"type": "place_hub", "player": "Bo", "airport": "DUB"},
       {"type": "roll_dice", "outcome": ["Charlie", "Echo", "Alpha"]},
       {"type": "choose_od", "player": "Ann", "od": ["Charlie", "Echo"]},
       {"type": "bid", "player": "Ann", "fare": 500},
       {"type": "ancillaries", "player": "Ann", "count": 0}]
)

POSITIONS: dict[str, Position] = {
    # R1: call signs placed by the players
    "europe/callsign-first": Position("europe", 3, 0, decision("place_callsign"), callsigns=False),
    "europe/callsign-last": Position("europe", 3, 0, lambda s, k: k == 5, callsigns=False),
    "north_america/callsign-third": Position("north_america", 4, 1, lambda s, k: k == 2, callsigns=False),
    # §4, R2: network planning
    "europe/planning-start": Position("europe", 2, 0, decision("place_plane")),
    "europe/planning-mid": Position("europe", 4, 3, lambda s, k: k == 7),
    "north_america/planning-start": Position("north_america", 3, 0, decision("place_plane")),
    "north_america/planning-mid": Position("north_america", 2, 2, lambda s, k: k == 4),
    # R12: hubs
    "europe/hub-first": Position("europe", 3, 1, decision("place_hub")),
    "europe/hub-second": Position(
        "europe", 4, 2, lambda s, _: s.decision == "place_hub" and len(s.hubs[s.actors[0]]) == 1),
    # R13: cross-border — one marker used, then both used (only their routes and domestic ones)
    "north_america/cross-border-one": Position(
        "north_america", 2, 0,
        lambda s, _: s.decision == "place_plane" and len(s.markers[s.actors[0]]) == 1),
    "north_america/cross-border-both": Position(
        "north_america", 4, 5,
        lambda s, _: s.decision == "place_plane" and len(s.markers[s.actors[0]]) == 2),
    "north_america/cross-border-lease": Position(
        "north_america", 2, 0,
        lambda s, _: s.phase == "month_end" and s.decision == "place_plane"),
    # R5: dice; the O&D choice
    "europe/dice": Position("europe", 2, 0, decision("roll_dice")),
    "north_america/dice-november": Position(
        "north_america", 3, 4, lambda s, _: s.month == 7 and s.decision == "roll_dice"),
    "europe/od": Position("europe", 3, 3, decision("choose_od")),
    "north_america/od": Position("north_america", 4, 1, decision("choose_od")),
    # §6.2: secret bids with 2, 3 and 4 bidders
    "europe/bid-2": Position("europe", 2, 1, decision("bid", 2)),
    "europe/bid-3": Position("europe", 3, 3, decision("bid", 3)),
    "europe/bid-4": Position("europe", 4, 1, decision("bid", 4)),
    "north_america/bid-2": Position("north_america", 2, 0, decision("bid", 2)),
    "north_america/bid-3": Position("north_america", 3, 3, decision("bid", 3)),
    "north_america/bid-4": Position("north_america", 4, 5, decision("bid", 4)),
    "north_america/bid-thin-hands": Position(
        "north_america", 2, 8, lambda s, _: s.decision == "bid" and len(s.actors) == 2
        and all(len(s.legal_actions(p)) < 6 for p in s.actors)),
    "europe/october": Position(  # the month before the season reset (R11, §7.3)
        "europe", 2, 18, lambda s, _: s.month == 6 and s.decision == "bid" and len(s.actors) == 2),
    # §6.4, R7: flash window
    "europe/flash": Position("europe", 2, 4, decision("flash")),
    "north_america/flash": Position("north_america", 3, 0, decision("flash")),
    "europe/flash-tied-winner": Position(  # O4: a tied winner is offered a flash deal
        "europe", 2, 1, lambda s, _: s.decision == "flash" and len(s.winners) > 1),
    # §6.5: ancillaries, the price-sensitivity die, R9 itinerary choice
    "europe/ancillaries": Position("europe", 3, 1, decision("ancillaries")),
    "north_america/ancillaries": Position("north_america", 2, 2, decision("ancillaries")),
    "europe/sensitivity": Position("europe", 4, 3, decision("roll_sensitivity")),
    "north_america/sensitivity": Position("north_america", 2, 1, decision("roll_sensitivity")),
    "europe/itinerary": Position("europe", 2, 0, decision("choose_itinerary"), script=_EU_ITIN),
    "north_america/itinerary": Position("north_america", 2, 0, decision("choose_itinerary"),
                                        script=_NA_ITIN),
    # R10: leasing (several payment choices)
    "europe/lease": Position("europe", 3, 13, lambda s, _: s.decision == "lease"
                             and len(s.legal_actions()) > 5),
    "north_america/lease-one-plane": Position("north_america", 2, 0, decision("lease")),
    "north_america/lease": Position("north_america", 2, 0, lambda s, _: s.decision == "lease"
                                    and len(s.legal_actions()) > 3),
    # the last month
    "europe/march": Position("europe", 4, 4, lambda s, _: s.month == 11 and s.decision == "bid"),
    "north_america/march": Position(
        "north_america", 4, 5, lambda s, _: s.month == 11 and s.decision == "bid"),
    "north_america/march-dice": Position(
        "north_america", 2, 3, lambda s, _: s.month == 11 and s.decision == "roll_dice"),
}


def signature(s: GameState) -> tuple[Any, ...]:
    """What a position is checked by: where the game is, and how many legal
    actions it lists in total and per actor."""
    return (s.month, s.phase, s.decision, s.actors, len(s.legal_actions()),
            tuple(len(s.legal_actions(p)) for p in s.actors))


def perft(s: GameState, depth: int) -> int:
    """Leaf count of the game tree ``depth`` plies deep (chance outcomes are
    branches too; a finished game is a leaf)."""
    legal = s.legal_actions()
    if depth == 1 or not legal:
        return len(legal) if depth == 1 else 1
    n = 0
    for a in legal:
        c = s.copy()
        c.apply(a)
        n += perft(c, depth - 1)
    return n


#: position -> (month, phase, decision, actors, legal actions, legal actions per actor)
EXPECTED: dict[str, tuple[Any, ...]] = {
    'europe/ancillaries': (1, 'pricing', 'ancillaries', (1,), 4, (4,)),
    'europe/bid-2': (0, 'pricing', 'bid', (0, 1), 12, (6, 6)),
    'europe/bid-3': (1, 'pricing', 'bid', (0, 1, 2), 18, (6, 6, 6)),
    'europe/bid-4': (1, 'pricing', 'bid', (0, 1, 2, 3), 24, (6, 6, 6, 6)),
    'europe/callsign-first': (0, 'setup', 'place_callsign', (0,), 20, (20,)),
    'europe/callsign-last': (0, 'setup', 'place_callsign', (2,), 15, (15,)),
    'europe/dice': (0, 'marketing', 'roll_dice', (0,), 20, (20,)),
    'europe/flash': (4, 'pricing', 'flash', (0,), 5, (5,)),
    'europe/flash-tied-winner': (0, 'pricing', 'flash', (0,), 3, (3,)),
    'europe/hub-first': (0, 'network_planning', 'place_hub', (0,), 20, (20,)),
    'europe/hub-second': (0, 'network_planning', 'place_hub', (0,), 19, (19,)),
    'europe/itinerary': (0, 'pricing', 'choose_itinerary', (0,), 2, (2,)),
    'europe/lease': (10, 'month_end', 'lease', (2,), 6, (6,)),
    'europe/march': (11, 'pricing', 'bid', (0, 1, 2), 18, (6, 6, 6)),
    'europe/october': (6, 'pricing', 'bid', (0, 1), 12, (6, 6)),
    'europe/od': (0, 'marketing', 'choose_od', (0,), 3, (3,)),
    'europe/planning-mid': (0, 'network_planning', 'place_plane', (0,), 43, (43,)),
    'europe/planning-start': (0, 'network_planning', 'place_plane', (0,), 43, (43,)),
    'europe/sensitivity': (8, 'pricing', 'roll_sensitivity', (2,), 6, (6,)),
    'north_america/ancillaries': (1, 'pricing', 'ancillaries', (0,), 4, (4,)),
    'north_america/bid-2': (0, 'pricing', 'bid', (0, 1), 12, (6, 6)),
    'north_america/bid-3': (0, 'pricing', 'bid', (0, 1, 2), 18, (6, 6, 6)),
    'north_america/bid-4': (3, 'pricing', 'bid', (0, 1, 2, 3), 24, (6, 6, 6, 6)),
    'north_america/bid-thin-hands': (9, 'pricing', 'bid', (0, 1), 10, (5, 5)),
    'north_america/callsign-third': (0, 'setup', 'place_callsign', (2,), 18, (18,)),
    'north_america/cross-border-both': (0, 'network_planning', 'place_plane', (3,), 27, (27,)),
    'north_america/cross-border-lease': (1, 'month_end', 'place_plane', (0,), 27, (27,)),
    'north_america/cross-border-one': (0, 'network_planning', 'place_plane', (0,), 40, (40,)),
    'north_america/dice-november': (7, 'marketing', 'roll_dice', (1,), 20, (20,)),
    'north_america/flash': (1, 'pricing', 'flash', (1,), 5, (5,)),
    'north_america/itinerary': (0, 'pricing', 'choose_itinerary', (0,), 2, (2,)),
    'north_america/lease': (4, 'month_end', 'lease', (1,), 5, (5,)),
    'north_america/lease-one-plane': (1, 'month_end', 'lease', (0,), 2, (2,)),
    'north_america/march': (11, 'pricing', 'bid', (0, 1, 2, 3), 24, (6, 6, 6, 6)),
    'north_america/march-dice': (11, 'marketing', 'roll_dice', (1,), 20, (20,)),
    'north_america/od': (0, 'marketing', 'choose_od', (0,), 3, (3,)),
    'north_america/planning-mid': (0, 'network_planning', 'place_plane', (1,), 40, (40,)),
    'north_america/planning-start': (0, 'network_planning', 'place_plane', (0,), 40, (40,)),
    'north_america/sensitivity': (6, 'pricing', 'roll_sensitivity', (1,), 6, (6,)),
}

#: (position, depth) -> leaves of the game tree
PERFT: dict[tuple[str, int], int] = {
    ('europe/dice', 4): 3632,
    ('north_america/dice-november', 3): 968,
    ('north_america/bid-3', 4): 4974,
    ('europe/bid-4', 4): 31104,
    ('europe/planning-start', 3): 79507,
    ('north_america/cross-border-both', 4): 26800,
    ('europe/sensitivity', 4): 7240,
    ('europe/lease', 4): 159083,
    ('north_america/lease', 4): 37827,
    ('europe/flash', 4): 538,
    ('europe/hub-second', 3): 7220,
    ('north_america/march-dice', 5): 100,
    ('north_america/bid-thin-hands', 4): 1922,
    ('europe/flash-tied-winner', 4): 235,
    ('europe/october', 4): 79128,
    ('north_america/itinerary', 4): 4920,
    ('europe/callsign-last', 3): 27735,
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_action_counts(name: str) -> None:  # R1–R15 via the positions above
    s = reach(POSITIONS[name])
    assert signature(s) == EXPECTED[name]
    if s.is_chance():  # R5 and the price die: uniform outcomes summing to 1
        outcomes = s.chance_outcomes()
        assert [a for a, _ in outcomes] == s.legal_actions()
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert len({p for _, p in outcomes}) == 1
    else:
        assert s.chance_outcomes() == []


def test_every_decision_is_covered() -> None:
    """The table reaches every decision the engine can wait for."""
    from opensky.rules.actions import ACTION_TYPES
    from opensky.rules.state import STEPS
    seen = {EXPECTED[n][2] for n in POSITIONS}
    assert seen == set(ACTION_TYPES) == set(STEPS)


@pytest.mark.parametrize("name,depth", sorted(PERFT))
def test_perft(name: str, depth: int) -> None:
    s = reach(POSITIONS[name])
    before = s.to_json()
    assert perft(s, depth) == PERFT[(name, depth)]
    assert s.to_json() == before  # searching copies never touches the position


if __name__ == "__main__":  # print the table (for a deliberate rules change)
    for n in sorted(POSITIONS):
        print(f"    {n!r}: {signature(reach(POSITIONS[n]))!r},")
    for n, d in PERFT:
        print(f"    ({n!r}, {d}): {perft(reach(POSITIONS[n]), d)},")
