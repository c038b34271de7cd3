"""The wire codec (``opensky.online.wire``): views and events of both games
round-trip exactly, and hostile data is refused with WireError alone."""
from __future__ import annotations

import copy
import dataclasses
import json
import random
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from opensky.blueskies import flow
from opensky.blueskies.board import load_bs_board
from opensky.blueskies.session import BSSession
from opensky.blueskies.state import BSState
from opensky.blueskies.view import player_view as bs_player_view, seal_events, spectator_view
from opensky.board.loader import load_board
from opensky.online import wire_check
from opensky.online.wire import EVENTS, FIELDS, WireError, dump_events, dump_state, load_events, load_state
from opensky.play.seats import BLUE_SKIES, OPENSKY
from opensky.rules import events as os_events
from opensky.rules.actions import BID
from opensky.rules.session import Session
from opensky.rules.state import GameState
from opensky.rules.view import player_view, public_hand

# ------------------------------------------------------------ recorded games
OS_GAMES = [("europe", ["Ann", "Bo"], 1), ("europe", ["Ann", "Bo"], 2), ("north_america", ["Ann", "Bo", "Cy"], 3),
            ("north_america", ["Ann", "Bo", "Cy", "Di"], 4)]
BS_GAMES = [(["Ann", "Bo"], 5), (["Ann", "Bo", "Cy", "Di", "Ed"], 6)]


@lru_cache(maxsize=None)
def os_board(ref: str) -> Any:
    return load_board(ref)


@lru_cache(maxsize=None)
def bs_board() -> Any:
    return load_bs_board("usa")


@lru_cache(maxsize=None)
def os_game(i: int) -> list[tuple[GameState, Any, list[Any]]]:
    """Every state of a random game (before each action), the action, its events."""
    ref, names, seed = OS_GAMES[i]
    s = Session(os_board(ref), names, seed=seed)
    rng = random.Random(seed)
    out = []
    while not s.state.game_over:
        st_ = s.state
        a = s.draw_chance() if st_.is_chance() else rng.choice(st_.legal_actions())
        before = st_.copy()
        out.append((before, a, s.apply(a)))
    out.append((s.state.copy(), None, []))
    return out


@lru_cache(maxsize=None)
def bs_game(i: int) -> list[tuple[BSState, Any, list[Any]]]:
    names, seed = BS_GAMES[i]
    s = BSSession(bs_board(), names, seed=seed)
    rng = random.Random(seed)
    out = []
    while not s.state.game_over:
        st_ = s.state
        if st_.is_chance():
            a = s.draw_chance()
        else:
            legal = st_.legal_actions()
            a = legal[rng.randrange(len(legal))]
        before = st_.copy()
        out.append((before, a, s.apply(a)))
    out.append((s.state.copy(), None, []))
    return out


def wire(x: Any) -> Any:
    """What the other end receives: the data through JSON text."""
    return json.loads(json.dumps(x))


# ------------------------------------------------------------ comparison
def same(a: Any, b: Any, path: str = "") -> None:
    """Equal, and of the same type all the way down (tuples stay tuples)."""
    assert type(a) is type(b), (path, type(a), type(b))
    if isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            same(a[k], b[k], f"{path}[{k!r}]")
    else:
        assert a == b, path


def legal(s: Any) -> list[Any]:
    out = []
    for p in s.actors or (None,):
        acts = s.legal_actions(p)
        out.append((len(acts), list(acts[:200]), acts[len(acts) - 1] if len(acts) else None))
    return out


def assert_round_trip(game: str, s: Any, names: list[str]) -> Any:
    data = dump_state(s)
    text = json.dumps(data)
    assert json.dumps(dump_state(s)) == text  # deterministic
    got = load_state(game, s.board, names, json.loads(text))
    assert type(got) is type(s) and got.board is s.board
    for slot in type(s).__slots__:
        if slot != "board":
            same(getattr(s, slot), getattr(got, slot), slot)
    assert got.to_json() == s.to_json()
    assert legal(got) == legal(s)
    assert json.dumps(dump_state(got)) == text
    return got


def json_only(x: Any) -> None:
    assert x is None or type(x) in (bool, int, str, list, dict), type(x)
    if type(x) is list:
        for y in x:
            json_only(y)
    elif type(x) is dict:
        for k, y in x.items():
            assert type(k) is str
            json_only(y)


# ------------------------------------------------------------ round trips
@pytest.mark.parametrize("i", range(len(OS_GAMES)))
def test_opensky_states_and_views_round_trip(i: int) -> None:
    names = OS_GAMES[i][1]
    for k, (s, a, ev) in enumerate(os_game(i)):
        json_only(dump_state(s))
        got = assert_round_trip(OPENSKY, s, names)
        for p in [*range(s.P), None]:
            assert_round_trip(OPENSKY, player_view(s, p), names)
        if a is not None:  # the rebuilt full state plays on exactly as the original did
            assert got.apply(a) == ev
            assert dump_state(got) == dump_state(os_game(i)[k + 1][0])


@pytest.mark.parametrize("i", range(len(BS_GAMES)))
def test_blue_skies_states_and_views_round_trip(i: int) -> None:
    names = BS_GAMES[i][0]
    game = bs_game(i)
    for k, (s, a, ev) in enumerate(game):
        json_only(dump_state(s))
        got = assert_round_trip(BLUE_SKIES, s, names)
        if k % 3 == 0 or a is None:
            for v in [*(bs_player_view(s, p) for p in range(s.P)), spectator_view(s)]:
                assert_round_trip(BLUE_SKIES, v, names)
        if a is not None:
            assert got.apply(a) == ev
            assert dump_state(got) == dump_state(game[k + 1][0])


def test_events_of_both_games_round_trip() -> None:
    kinds: set[str] = set()
    for i in range(len(OS_GAMES)):
        for _, _, ev in os_game(i):
            got = load_events(OPENSKY, wire(dump_events(ev)))
            same(list(ev), got)
            kinds.update(type(e).__name__ for e in ev)
    for i in range(len(BS_GAMES)):
        for _, _, ev in bs_game(i):
            for p in [None, *range(len(BS_GAMES[i][0]))]:
                sealed = seal_events(ev, p)
                same(sealed, load_events(BLUE_SKIES, wire(dump_events(sealed))))
            kinds.update(type(e).__name__ for e in ev)
    assert len(kinds) > 25  # most kinds of both games were met


def test_every_event_class_is_whitelisted_with_supported_fields() -> None:
    assert set(EVENTS[OPENSKY]) == {c.__name__ for c in os_events.KINDS.values()}
    assert all(name == cls.kind for name, cls in EVENTS[OPENSKY].items())
    for classes in EVENTS.values():
        for cls in classes.values():
            assert dataclasses.is_dataclass(cls)
            for name, hint in FIELDS[cls]:
                assert wire_check.supported(hint), (cls, name, hint)
    e = os_events.NobodyTravels(os_events.NobodyReason.WALKED_AWAY)
    assert load_events(OPENSKY, wire(dump_events([e]))) == [e]


def test_the_schemas_cover_every_slot_and_task() -> None:
    assert set(wire_check.OPENSKY) == set(GameState.__slots__) - {"board"}
    assert set(wire_check.BLUE_SKIES) == set(BSState.__slots__) - {"board"}
    assert set(wire_check.TASKS) == set(flow._HANDLERS)


# ------------------------------------------------------------ secrecy
def test_opensky_views_hold_no_sealed_bid() -> None:
    seen = 0
    for i in range(len(OS_GAMES)):
        for s, _, _ in os_game(i):
            if s.decision != BID or s.revealed or not any(s.submitted):
                continue
            for p in [*range(s.P), None]:
                d = dump_state(player_view(s, p))["slots"]
                for q in range(s.P):
                    if q != p and s.submitted[q]:
                        seen += 1
                        assert d["bid"][q] is None  # type: ignore[index]
                        assert d["hand"][q] == list(public_hand(s, q))  # type: ignore[index]
    assert seen


def test_blue_skies_views_hold_no_other_hand() -> None:
    s = bs_game(1)[60][0]
    assert all(s.hands)
    for p in range(s.P):
        d = dump_state(bs_player_view(s, p))["slots"]
        assert d["hands"] == [s.hands[q] if q == p else [] for q in range(s.P)]  # type: ignore[index]
        assert d["deck"] == [0] * len(s.deck)  # type: ignore[index]
    d = dump_state(spectator_view(s))["slots"]
    assert d["hands"] == [[] for _ in range(s.P)]  # type: ignore[index]


# ------------------------------------------------------------ hostile data
def refused(fn: Any, *args: Any) -> str:
    with pytest.raises(WireError) as info:
        fn(*args)
    msg = str(info.value)
    assert len(msg) < 240 and "\n" not in msg
    return msg


def test_plain_refusals() -> None:
    s = os_game(0)[20][0]
    names = OS_GAMES[0][1]
    good = wire(dump_state(s))
    b = s.board
    assert "names" in refused(load_state, OPENSKY, b, ["Ann", "Cy"], good)
    refused(load_state, OPENSKY, b, ["Ann", "Ann"], good)
    refused(load_state, BLUE_SKIES, b, names, good)  # an OpenSky board for Blue Skies
    refused(load_state, "chess", b, names, good)
    refused(load_state, OPENSKY, b, names, {**good, "game": BLUE_SKIES})
    refused(load_state, OPENSKY, b, names, [good])
    bad = copy.deepcopy(good)
    bad["slots"]["month"] = True
    assert "month" in refused(load_state, OPENSKY, b, names, bad)
    bad = copy.deepcopy(good)
    bad["slots"]["change"] = [0] * 3
    assert "change" in refused(load_state, OPENSKY, b, names, bad)
    bad = copy.deepcopy(good)
    del bad["slots"]["flown"]
    assert "flown" in refused(load_state, OPENSKY, b, names, bad)
    bad = copy.deepcopy(good)
    bad["slots"]["x" * 5000] = 1
    assert len(refused(load_state, OPENSKY, b, names, bad)) < 120
    bad = copy.deepcopy(good)
    bad["slots"]["names"] = ["A" * 100000, "Bo"]
    assert len(refused(load_state, OPENSKY, b, names, bad)) < 120
    bad = copy.deepcopy(good)
    bad["slots"]["_last_market"] = {"r": "os.system", "v": ["echo"]}
    refused(load_state, OPENSKY, b, names, bad)
    deep: Any = 0
    for _ in range(100_000):
        deep = [deep]
    bad["slots"]["queue"] = deep
    assert "deep" in refused(load_state, OPENSKY, b, names, bad)
    loop: list[Any] = []
    loop.append(loop)
    bad["slots"]["queue"] = loop
    refused(load_state, OPENSKY, b, names, bad)
    refused(load_events, OPENSKY, [{"kind": "Event"}])
    refused(load_events, OPENSKY, [{"kind": "GatePlaced", "player": 0, "airport": 0, "slot": 0, "cost": 1}])
    refused(load_events, BLUE_SKIES, [{"kind": "__class__"}])
    refused(load_events, OPENSKY, {"kind": "NetworkPlanned"})
    refused(load_events, OPENSKY, [{"kind": "NobodyTravels", "reason": {"e": "NobodyReason", "v": "bored"}}])


def test_a_well_formed_but_impossible_state_is_refused() -> None:
    s = next(x for x, _, _ in bs_game(0) if x.decision == "draw_cubes")
    bad = wire(dump_state(s))
    bad["slots"]["red"] = bad["slots"]["green"] = 0  # no cube in the bag to draw
    msg = refused(load_state, BLUE_SKIES, s.board, BS_GAMES[0][0], bad)
    assert msg == "the state received is not a consistent game state"


@lru_cache(maxsize=None)
def samples() -> list[tuple[str, Any, list[str], Any]]:
    out: list[tuple[str, Any, list[str], Any]] = []
    game = os_game(2)
    for k in (0, 5, len(game) // 2, len(game) - 1):
        s = game[k][0]
        out.append((OPENSKY, s.board, OS_GAMES[2][1], wire(dump_state(player_view(s, 1)))))
    bgame = bs_game(0)
    for k in (0, 30, len(bgame) // 2, len(bgame) - 1):
        s = bgame[k][0]
        out.append((BLUE_SKIES, s.board, BS_GAMES[0][0], wire(dump_state(bs_player_view(s, 0)))))
    return out


def paths(x: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(x, dict):
        for k, y in x.items():
            out += paths(y, (*here, k))
    elif isinstance(x, list):
        for i, y in enumerate(x):
            out += paths(y, (*here, i))
    return out


def _deep(n: int) -> Any:
    x: Any = 1
    for _ in range(n):
        x = [x]
    return x


ODD = [None, True, False, 0, -1, 1, 10**6, -(10**7), 10**40, 1.5, float("nan"), "", "x" * 201, "bid",
       [], {}, [0] * 10_001, _deep(15), {"t": []}, {"t": "x"}, {"i": [[True, 1]]}, {"i": [[1, 2], [1, 3]]},
       {"s": {"a": 1}}, {"e": "NobodyReason", "v": "walked_away"}, {"r": "MarketRecord", "v": []},
       {"r": "GameState", "v": []}, {"x": 1}, {"t": [1], "i": []}, [None, None], ["opener", 9]]
json_values = st.recursive(st.none() | st.booleans() | st.integers(-20, 20) | st.text(max_size=4),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("tisrev"), inner,
                                                                                         max_size=2),
                           max_leaves=8)


def mutate(data: Any, draw: Any) -> Any:
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        ps = paths(data)
        path = ps[draw(st.integers(0, len(ps) - 1))]
        if not path:
            return draw(st.sampled_from(ODD))
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        how = draw(st.sampled_from(["drop", "odd", "odd", "value", "grow", "bump", "key"]))
        k = path[-1]
        if how == "drop":
            del parent[k]
        elif how == "odd":
            parent[k] = copy.deepcopy(draw(st.sampled_from(ODD)))
        elif how == "value":
            parent[k] = draw(json_values)
        elif how == "grow" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[k]))
        elif how == "bump" and type(parent[k]) is int:
            parent[k] += draw(st.sampled_from([-2, -1, 1, 2, 100]))
        elif how == "key" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["kind", "extra", "t", "player", "slots"]))] = 0
    return data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_states_raise_only_wire_error(data: Any) -> None:
    game, board, names, good = data.draw(st.sampled_from(samples()))
    bad = mutate(good, data.draw)
    try:
        got = load_state(game, board, names, bad)
    except WireError as e:
        assert len(str(e)) < 240
    else:  # a harmless change: the object is still a usable state
        got.to_json()


@lru_cache(maxsize=None)
def event_samples() -> list[tuple[str, Any]]:
    os_ev = [e for i in range(len(OS_GAMES)) for _, _, ev in os_game(i) for e in ev]
    bs_ev = [e for _, _, ev in bs_game(0) for e in seal_events(ev, 0)]
    rng = random.Random(0)
    return [(OPENSKY, wire(dump_events(rng.sample(os_ev, 12)))), (BLUE_SKIES, wire(dump_events(rng.sample(bs_ev, 12))))]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_mutated_events_raise_only_wire_error(data: Any) -> None:
    game, good = data.draw(st.sampled_from(event_samples()))
    bad = mutate(good, data.draw)
    if data.draw(st.booleans()):
        game = data.draw(st.sampled_from([OPENSKY, BLUE_SKIES, "", "x"]))
    try:
        got = load_events(game, bad)
    except WireError:
        pass
    else:
        classes = set(EVENTS[game].values())
        assert all(type(e) in classes for e in got)
        for e in got:
            for name, hint in FIELDS[type(e)]:
                assert wire_check.fits(getattr(e, name), hint)


def test_bad_names_given_are_refused() -> None:
    s = bs_game(0)[10][0]
    good = wire(dump_state(s))
    for names in (["Ann"], ["Ann", "Ann"], ["Ann", "local"], ["Ann", "Bob"], [], ["Ann", 3]):
        refused(load_state, BLUE_SKIES, s.board, names, good)
