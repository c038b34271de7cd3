"""The host's parts without a network: frames checked (``protocol``), the
table's authority (refusals change nothing), seats and tokens, the away
timer, what another seat's frame leaves out, and the screen's controller of
a remote game (``play.remote``) playing whole games through a host thread."""
from __future__ import annotations

import json
import random
import time

import pytest

from opensky.online import protocol as P
from opensky.online.client import HostThread, LocalLink, split_address
from opensky.online.server import Host
from opensky.online.table import COMPUTER_SEAT, REMOTE, Refused, Table
from opensky.play.remote import RemoteController, split_welcome
from opensky.play.seats import GameSetup
from opensky.rules.errors import IllegalAction


# ------------------------------------------------------------ frames
@pytest.mark.parametrize("raw, words", [
    ("not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ('{"type": 3}', "'type'"),
    ('{"type": "shout"}', "unknown message type"),
    ('{"type": "ping", "extra": 1}', "unknown field"),
    ('{"type": "act", "seq": 1}', "'action' is missing"),
    ('{"type": "act", "seq": true, "action": {}}', "wrong type"),
    ('{"type": "act", "seq": "1", "action": {}}', "wrong type"),
    ('{"type": "hello", "version": 1, "name": "' + "x" * 300 + '"}', "too long"),
    ('{"type": "act", "seq": 1, "action": {"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}}', "nested too deeply"),
    ("x" * (P.MAX_BYTES + 1), "larger than"),
    (b"\xff\xfe{}", "not JSON"),
])
def test_a_frame_outside_the_contract_is_one_line(raw: str | bytes, words: str) -> None:
    with pytest.raises(P.ProtocolError) as e:
        P.parse(raw)
    assert words in str(e.value)
    assert len(str(e.value)) < 80   # never the bad value itself


def test_the_frames_of_the_contract_pass() -> None:
    assert P.parse('{"type": "ping"}') == {"type": "ping"}
    assert P.parse('{"type": "hello", "version": 1, "code": "ABCDEF", "name": null}')["code"] == "ABCDEF"
    assert P.parse('{"type": "act", "seq": 4, "action": {"type": "bid", "player": "Ann", "fare": 300}}')


def test_join_codes_and_tokens() -> None:
    codes = {P.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 6 and set(c) <= set(P.CODE_ALPHABET) for c in codes)
    assert not set("0O1IL2Z5S8B") & set(P.CODE_ALPHABET)
    assert P.normal_code("  7kd-4wx ") is None or len(P.normal_code("7KD4WX") or "") == 6
    assert P.normal_code("7kd 4wx") == "7KD4WX"
    assert P.normal_code("7KD4W") is None and P.normal_code("OOOOOO") is None and P.normal_code(7) is None
    assert len(P.new_token()) == 32 and P.new_token() != P.new_token()


@pytest.mark.parametrize("text, want", [
    ("192.168.1.5", ("192.168.1.5", 4477)), ("host.example:5000", ("host.example", 5000)),
    ("[::1]:4480", ("::1", 4480)), ("[fe80::1]", ("fe80::1", 4477)),
    ("", None), ("a b", None), ("h:0", None), ("h:99999", None), ("h:x", None), ("[::1", None),
])
def test_addresses(text: str, want: tuple[str, int] | None) -> None:
    assert split_address(text) == want


# ------------------------------------------------------------ the table
def _table(game: str = "opensky", board: str = "europe") -> Table:
    t = Table.create(game, board, ["Ann", "Bo"], remote=["Ann", "Bo"], seed=4)
    return t


def test_a_table_waits_for_its_seats_and_then_plays() -> None:
    t = _table()
    assert not t.started and t.step() is None
    tok_a, seats_a = t.claim("Ann")
    assert seats_a == [0] and not t.all_claimed()
    with pytest.raises(Refused):
        t.claim("Ann")            # a seat is claimed once
    tok_b, seats_b = t.claim(None)
    assert seats_b == [1] and t.all_claimed()
    with pytest.raises(Refused):
        t.claim(None)             # every seat is taken
    assert t.seats_of_token(tok_a) == [0] and t.seats_of_token(tok_b) == [1]
    assert t.seats_of_token("0" * 32) == [] and t.seats_of_token("short") == [] and t.seats_of_token(None) == []
    assert t.legal_for([0]) == ([], 0)          # nothing to decide before play begins
    first = t.session.codec.to_dict(t.state.legal_actions(0)[0])
    with pytest.raises(Refused, match="not started"):
        t.act([0], t.seq, first)
    t.start(fill=False)
    legal, _ = t.legal_for([0])
    assert legal[0] == first
    assert t.act([0], t.seq, legal[0]).index == 0


def _two_bidders() -> Table:
    """A table waiting for the bids of at least two airlines (random play, seeds in turn)."""
    for seed in range(40):
        t = Table.create("opensky", "europe", ["Ann", "Bo", "Cy"], remote=["Ann", "Bo", "Cy"], seed=seed)
        t.start(fill=False)
        rng = random.Random(seed)
        while not t.finished:
            t.advance()
            if t.state.decision == "bid" and len(t.state.actors) >= 2 and not any(t.state.submitted):
                return t
            w = t.waiting_for()
            if not w:
                break
            legal, _ = t.legal_for([w[0]])
            t.act([w[0]], t.seq, rng.choice(legal))
    raise AssertionError("no market with two bidders in 40 random games")


def test_a_bid_answering_an_update_only_rivals_bids_followed_is_not_stale() -> None:
    t = _two_bidders()
    seq = t.seq                                   # every bidder is asked at this update
    a, b = t.state.actors[:2]
    mine_b = t.legal_for([b])[0][0]
    t.act([a], seq, t.legal_for([a])[0][0])
    _refused_unchanged(t, [a], seq, t.legal_for([a])[0][0] if t.legal_for([a])[0] else
                       dict(mine_b, player=t.names[a]), "")   # a's second bid: refused
    t.act([b], seq, mine_b)                       # answering the same update as a: accepted
    assert [(x.type, x.player) for x in t.session.log[seq:seq + 2]] == [("bid", a), ("bid", b)]
    if t.state.decision == "bid":                 # a third airline still to bid: its stale place_plane is not
        c = t.state.actors[0]
        _refused_unchanged(t, [c], seq - 1, t.legal_for([c])[0][0], "stale")


def _refused_unchanged(t: Table, held: list[int], seq: object, d: object, words: str) -> None:
    before = (t.seq, json.dumps(t.state.to_json(), sort_keys=True))
    with pytest.raises(Refused) as e:
        t.act(held, seq, d)
    assert words in str(e.value)
    assert (t.seq, json.dumps(t.state.to_json(), sort_keys=True)) == before


def test_every_wrong_act_is_refused_and_changes_nothing() -> None:
    t = _table()
    t.start(fill=False)
    p = t.waiting_for()[0]
    other = 1 - p
    legal, _ = t.legal_for([p])
    _refused_unchanged(t, [p], t.seq - 1, legal[0], "stale")
    _refused_unchanged(t, [p], t.seq + 5, legal[0], "has not happened")
    _refused_unchanged(t, [other], t.seq, legal[0], "not yours")           # a foreign seat
    _refused_unchanged(t, [p], t.seq, {"type": "fly", "player": "Ann"}, "unknown action type")
    _refused_unchanged(t, [p], t.seq, "bid", "chance outcomes")             # not an object
    _refused_unchanged(t, [p], t.seq, {"type": "roll_dice", "player": "Ann", "outcome": ["A", "B", "C"]},
                       "chance outcomes")
    d = dict(legal[0], player=t.names[other])
    _refused_unchanged(t, [0, 1], t.seq, d, "")                             # out of turn: the engine's reason


def test_a_blue_skies_chance_step_is_the_hosts() -> None:
    t = _table("blue_skies", "usa")
    t.start(fill=False)
    t.advance()
    p = t.waiting_for()[0]
    _refused_unchanged(t, [p], t.seq, {"type": "draw_cubes", "outcome": 3}, "chance outcomes")
    _refused_unchanged(t, [p], t.seq, {"type": "draw_card", "outcome": "NYC"}, "chance outcomes")


def test_a_bid_and_a_drawn_card_are_left_out_for_the_others() -> None:
    t = _table()
    t.start(fill=False)
    rng = random.Random(2)
    seen_bid = seen_card = False
    while not t.finished:
        t.advance()
        if t.finished:
            break
        p = t.waiting_for()[0]
        legal, _ = t.legal_for([p])
        a = t.act([p], t.seq, rng.choice(legal))
        if a.action.type == "bid":
            seen_bid = True
            assert "fare" in t.public_action(a, [p])
            assert "fare" not in t.public_action(a, [1 - p])
    assert seen_bid
    b = _table("blue_skies", "usa")
    b.start(fill=False)
    while not b.finished:
        for a in b.advance():
            if a.action.type == "draw_card" and a.events and type(a.events[0]).__name__ == "CardDrawn":
                owner = a.events[0].player
                seen_card = True
                assert "outcome" in b.public_action(a, [owner])
                assert "outcome" not in b.public_action(a, [1 - owner])
        if b.finished:
            break
        p = b.waiting_for()[0]
        legal, _ = b.legal_for([p])
        b.act([p], b.seq, rng.choice(legal))
    assert seen_card


def test_an_away_seat_is_played_by_a_computer_and_handed_back() -> None:
    t = Table.create("opensky", "europe", ["Ann", "Bo"], remote=["Bo"], seed=1, away_after=5.0)
    t.start()
    assert t.seats[1].kind == COMPUTER_SEAT        # nobody claimed Bo: a computer took the seat
    t2 = Table.create("opensky", "europe", ["Ann", "Bo"], remote=["Bo"], seed=1, away_after=5.0)
    t2.claim("Bo")
    t2.start()
    assert t2.seats[1].kind == REMOTE
    t2.set_presence([1], P.CONNECTED, now=100.0)
    t2.set_presence([1], P.AWAY, now=100.0)
    assert t2.tick(now=104.0) == [] and not t2.is_computer(1)
    assert t2.tick(now=105.5) == [1] and t2.is_computer(1)
    assert t2.set_presence([1], P.AWAY, now=106.0) == []            # still the computer's
    assert t2.set_presence([1], P.CONNECTED, now=107.0) == [1] and not t2.is_computer(1)
    never = Table.create("opensky", "europe", ["Ann", "Bo"], remote=["Bo"], seed=1, away_after=None)
    never.claim("Bo")
    never.set_presence([1], P.AWAY, now=0.0)
    assert never.tick(now=1e9) == []


@pytest.mark.parametrize("kwargs, words", [
    ({"game": "chess"}, "unknown game"),
    ({"board": "../../etc/passwd"}, "unknown board"),
    ({"board": "usa"}, "other game"),
    ({"players": ["Ann"]}, "2 to 4"),
    ({"players": ["Ann", "Ann"]}, "different"),
    ({"remote": ["Zed"]}, "name players"),
    ({"computer": {"Bo": "genius"}}, "levels"),
    ({"remote": ["Bo"], "computer": {"Bo": "easy"}}, "both"),
    ({"away_after": -1}, "away_after"),
])
def test_a_bad_table_is_refused_in_words(kwargs: dict[str, object], words: str) -> None:
    args: dict[str, object] = {"game": "opensky", "board": "europe", "players": ["Ann", "Bo"]}
    args.update(kwargs)
    with pytest.raises(IllegalAction, match=words):
        Table.create(**args)  # type: ignore[arg-type]


# ------------------------------------------------------------ the screen's controller
def _local_game(game: str, board: str) -> tuple[HostThread, RemoteController]:
    host = Host()
    hosting = HostThread(host, "127.0.0.1", 0)
    assert hosting.start(), hosting.error
    t = Table.create(game, board, ["Ann", "Bo", "Cy"], computer={"Bo": "easy", "Cy": "easy"}, seed=5)
    t.auto_start = False
    hosting.call(host.add, t)
    link = LocalLink(hosting, t)
    hosting.call(host.start_table, t)
    welcome = None
    deadline = time.monotonic() + 10
    while welcome is None and time.monotonic() < deadline:
        welcome, later = split_welcome(link.poll())
        time.sleep(0.005)
    assert welcome is not None
    return hosting, RemoteController(link, welcome, GameSetup(), later)


@pytest.mark.parametrize("game, board", [("opensky", "europe"), ("blue_skies", "usa")])
def test_a_remote_controller_plays_a_whole_game(game: str, board: str) -> None:
    hosting, rc = _local_game(game, board)
    told: list[int] = []
    rc.listeners.append(lambda a, ev: told.append(len(ev)))
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    try:
        while not rc.over and time.monotonic() < deadline and not rc.closed:
            w = rc.waiting_humans()
            if w:
                legal = rc.legal(w[0])
                a = legal[rng.randrange(len(legal))]
                assert rc.try_apply(a) is None
                assert rc.waiting_humans() == []          # nothing more until the host answers
                assert rc.try_apply(a) == "It is not your turn."  # (English: the tests run untranslated)
            elif rc.computer_to_move() is not None or rc.thinking:
                rc.step_computer()
            time.sleep(0.001)
        assert rc.over and not rc.closed
        assert len(rc.session.records) == rc.seq == len(told)
        assert not rc.can_undo() and not rc.undo()
        assert rc.view_for(1) is rc.view_for(None)        # another seat's view is the spectator's
    finally:
        rc.leave()


def test_links_close_twice_without_a_word() -> None:
    from opensky.online.client import NetLink
    link = NetLink("127.0.0.1", 1, code="ABCDEF")   # nothing listens on port 1
    deadline = time.monotonic() + 5
    while link.status != "reconnecting" and time.monotonic() < deadline:
        time.sleep(0.01)
    link.close()
    link.thread.join(5)
    link.close()                                     # its loop is gone: still quiet
    assert not link.thread.is_alive()
    assert "cannot reach" in link.error
    hosting, rc = _local_game("opensky", "europe")
    rc.leave()
    hosting.stop()
    hosting.stop()
