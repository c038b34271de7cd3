"""Blue Skies saves (``opensky.persistence.bssave``, ``store``): round trips at
the game's awkward moments, hands never readable in the file (B32), the other
computer's fallback, hostile files, the autosave and its previous copy, and
the list of saves."""
from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any, Callable
from unittest import mock

import pytest

from opensky.ai.blueskies import make_bs_bot
from opensky.blueskies.actions import BUY, DEAL, REFILL, REPLACE
from opensky.blueskies.session import BSSession, draw
from opensky.blueskies.board import load_bs_board
from opensky.blueskies.view import player_view
from opensky.persistence import bssave, sealkey, store
from opensky.persistence.bssave import LoadedBSGame, SaveError
from opensky.persistence.save import LoadedGame, Seat
from tests.blueskies.helpers import TINY, session as tiny_session

NAMES = ["Ann", "Bo", "Cy"]


def seats(n: int = 3) -> list[Seat]:
    return [Seat(NAMES[i], human=(i == 0), bot="easy") for i in range(n)]


def new_session(seed: int, board: str = "usa", n: int = 3) -> BSSession:
    s = BSSession(load_bs_board(board), NAMES[:n], seed=seed)
    s.rng = bssave.chance_rng(seed)
    return s


def play(s: BSSession, stop: Callable[[BSSession], bool], bot: str = "easy", seed: int = 1) -> BSSession:
    """Bots play ``s`` until ``stop(s)`` or the end; chance from the session's generator."""
    bots = [make_bs_bot(bot, seed * 31 + p) for p in range(s.state.P)]
    while not s.state.game_over and not stop(s):
        st = s.state
        if st.is_chance():
            s.apply(s.draw_chance())
        else:
            p = st.actor
            assert p is not None
            s.apply(bots[p].choose(player_view(st, p), st.legal_actions(p)))
    return s


def mid_purchase(s: BSSession) -> bool:
    """A purchase turn with a gate already bought in it (round 1 on)."""
    st = s.state
    return bool(st.round >= 1 and st.decision == BUY and s.log and s.log[-1].player == st.actor
                and s.log[-1].type in ("buy_gate", "buyout"))


def assistance(s: BSSession) -> bool:
    return s.state.decision == "assistance"


def reached(pred: Callable[[BSSession], bool], seeds: range = range(1, 60)) -> BSSession:
    for seed in seeds:
        s = play(new_session(seed), pred)
        if pred(s):
            return s
    raise AssertionError("no game reached the moment")


def same_game(a: BSSession, b: BSSession) -> None:
    assert a.log == b.log
    assert a.state.to_json() == b.state.to_json()
    assert a.state.hands == b.state.hands
    if not b.state.game_over:   # a finished game draws nothing more, so its generator is not kept
        assert a.rng.getstate() == b.rng.getstate()


def one_line(exc: pytest.ExceptionInfo[SaveError]) -> str:
    msg = str(exc.value)
    assert msg and "\n" not in msg and len(msg) <= 300, msg
    return msg


def switch_computer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str = "elsewhere") -> None:
    """Another data folder, so another seal key."""
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(tmp_path / name))
    sealkey.forget()


# ------------------------------------------------------------ round trips

@pytest.mark.parametrize("moment", ["start", "mid_purchase", "assistance", "over"])
def test_round_trip_at_the_awkward_moments(moment: str) -> None:
    if moment == "start":
        s = new_session(3)
    elif moment == "mid_purchase":
        s = reached(mid_purchase)
    elif moment == "assistance":
        s = reached(assistance)
    else:
        s = play(new_session(4), lambda s: False)
    text = bssave.dumps(s, seats())
    loaded = bssave.from_document(json.loads(text), "x.json")
    assert isinstance(loaded, LoadedBSGame) and loaded.notes == []
    same_game(loaded.session, s)
    assert loaded.seats == seats()


def test_a_loaded_game_draws_on_as_the_original_would() -> None:
    s = reached(mid_purchase)
    loaded = bssave.from_document(bssave.to_document(s, seats()))
    n = len(s.log) + 60
    play(s, lambda x: len(x.log) >= n, seed=5)
    play(loaded.session, lambda x: len(x.log) >= n, seed=5)
    same_game(loaded.session, s)


def test_summary_for_the_list_of_saves() -> None:
    s = reached(mid_purchase)
    sm = bssave.to_document(s, seats())["summary"]
    assert sm["game"] == "blue_skies" and sm["round"] == s.state.round >= 1
    assert sm["airlines"] == NAMES and sm["scores"] == s.state.score
    assert sm["turn"] == NAMES[s.state.actor] and sm["game_over"] is False
    over = play(new_session(4), lambda s: False)
    sm = bssave.to_document(over, seats())["summary"]
    assert sm["game_over"] is True and sm["scores"] == [f["total"] for f in over.state.final]


# ------------------------------------------------------------ hidden hands (B32)

def test_every_hand_draw_is_sealed_and_public_cards_stay_readable() -> None:
    s = play(new_session(6), lambda s: s.state.round >= 3)
    doc = bssave.to_document(s, seats())
    hand_draws = set(bssave.hand_draw_indices(s))
    purposes = {r.events[0].purpose for i, r in enumerate(s.records) if i in hand_draws}
    assert {DEAL, REPLACE} <= purposes <= {DEAL, REPLACE, REFILL}
    assert len(hand_draws) >= 3 * 3 + 2
    for i, (a, entry) in enumerate(zip(s.log, doc["actions"])):
        if i in hand_draws:
            assert entry["type"] == "sealed" and set(entry) == {"type", "data", "tag"}
            assert len(entry["data"]) == len(doc["actions"][min(hand_draws)]["data"])
        else:
            assert entry == s.codec.to_dict(a)   # the opening, step 3, plays, discards: public
    assert doc["rng"] is not None and set(doc["rng"]) == {"data", "tag"}
    assert doc["seal_key"] == sealkey.key_id(sealkey.current())
    assert doc["hands"] is None and doc["opening"] is None


def _normalized(doc: dict[str, Any]) -> dict[str, Any]:
    d = copy.deepcopy(doc)
    d["saved_at"] = "-"
    for e in d["actions"]:
        if e.get("type") == "sealed":
            e["data"], e["tag"] = len(e["data"]), "-"
    d["rng"] = "-"
    for h in d.get("hands") or []:
        for c in h:
            c["data"], c["tag"] = len(c["data"]), "-"
    return d


def test_two_games_that_differ_only_in_hands_have_the_same_file_but_for_the_seals() -> None:
    """The same public game dealt two different ways: the documents differ
    only inside the sealed entries, which have the same lengths."""
    def game(hands: dict[str, list[str]], draws: list[str]) -> BSSession:
        s = tiny_session(("Ann", "Bo"), opening=["BIG", "MID", "LAK", "SUN", "BAY"], hands=hands)
        while s.state.is_chance():                       # the opening cards' cubes
            s.apply_dict({"type": "draw_cubes", "outcome": 0})
        s.apply_dict({"type": "buy_gate", "player": "Bo", "airport": "DES"})
        s.apply_dict({"type": "buy_gate", "player": "Bo", "airport": "PIN"})
        s.apply_dict({"type": "buy_gate", "player": "Ann", "airport": "ROK"})
        s.apply_dict({"type": "buy_gate", "player": "Ann", "airport": "DES"})
        while s.state.is_chance():
            s.apply_dict({"type": "draw_cubes", "outcome": 0})
        s.apply_dict({"type": "end_purchases", "player": "Ann"})
        s.apply_dict({"type": "end_purchases", "player": "Bo"})
        s.apply_dict({"type": "play_card", "player": "Ann", "airport": "BIG"})   # public, in both hands
        s.apply_dict({"type": "draw_cubes", "outcome": 0})
        s.apply_dict({"type": "draw_card", "outcome": draws[0]})                # Ann's replacement: secret
        return s
    a = game({"Ann": ["BIG", "ROK", "DES"], "Bo": ["BIG", "MID", "SUN"]}, ["PIN"])
    b = game({"Ann": ["BIG", "BAY", "SUN"], "Bo": ["BIG", "LAK", "ROK"]}, ["SUN"])
    assert a.state.hands != b.state.hands
    with mock.patch("secrets.token_bytes", lambda n=32: bytes(range(n))):
        da, db = bssave.to_document(a, seats(2)), bssave.to_document(b, seats(2))
    assert da != db
    assert _normalized(da) == _normalized(db)
    for code in ("PIN", "SUN", "ROK", "DES", "BAY", "LAK"):   # no hand card, no draw of one, in the clear
        for doc in (da, db):
            assert {"type": "draw_card", "outcome": code} not in doc["actions"]
    for h in da["hands"]:
        assert all(isinstance(c, dict) and c["type"] == "sealed" for c in h)
    for doc, s in ((da, a), (db, b)):
        same_game(bssave.from_document(doc).session, s)


def test_the_seed_alone_does_not_recompute_the_deal() -> None:
    """The save shows the seed; the draws come from the seed and the key."""
    s = play(new_session(12), lambda s: s.state.round >= 1)
    guess = BSSession(s.board, NAMES, seed=12)
    for a in s.log:     # the public moves, and every draw from Random(seed) as a session would draw it
        st = guess.state
        try:
            guess.apply(draw(st, guess.rng) if st.is_chance() else a)
        except Exception:
            break       # the guessed cards no longer fit the moves played
    assert guess.state.hands != s.state.hands


def test_a_finished_game_is_written_in_the_clear() -> None:
    s = play(new_session(4), lambda s: False)
    doc = bssave.to_document(s, seats())
    assert not any(e["type"] == "sealed" for e in doc["actions"]) and doc["rng"] is None
    assert doc["seal_key"] is None


# ------------------------------------------------------------ another computer

def test_on_another_computer_the_hidden_cards_are_dealt_again(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved during the opening gates (after the deal, before any play): the
    hands are dealt again, everything public replays, and a note says so."""
    s = play(new_session(7), lambda s: s.state.step == "opening_gates")
    doc = bssave.to_document(s, seats())
    switch_computer(tmp_path, monkeypatch)
    loaded = bssave.from_document(doc)
    st = loaded.session.state
    assert len(loaded.session.log) == len(s.log)
    assert [n[0] for n in loaded.notes] == [
        "This game was saved on another computer (or its key was replaced): the cards in the players' hands "
        "cannot be read here, so they were dealt again from the cards nobody has seen."]
    assert all(len(h) == 3 for h in st.hands)
    opening = [e.airport for r in s.records for e in r.events if type(e).__name__ == "CardTurned"]
    total = sum(st.deck) + sum(len(h) for h in st.hands) + sum(st.discard) + len(st.in_play)
    assert total == st.board.total_cards and len(opening) == 5
    public = lambda x: {k: v for k, v in x.to_json().items() if k not in ("deck", "deck_count", "players")}
    assert public(st) == public(s.state)
    # deterministic here, and the game goes on (and saves again, sealed with this key)
    again = bssave.from_document(doc)
    assert again.session.state.hands == st.hands
    play(loaded.session, lambda x: len(x.log) >= len(s.log) + 30)
    same_game(bssave.from_document(bssave.to_document(loaded.session, seats())).session, loaded.session)


def test_on_another_computer_the_log_is_cut_where_it_no_longer_fits(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    s = play(new_session(8), lambda s: s.state.round >= 2)
    doc = bssave.to_document(s, seats())
    switch_computer(tmp_path, monkeypatch)
    loaded = bssave.from_document(doc)
    assert len(loaded.notes) == 2
    text, fields = loaded.notes[1]
    assert text.startswith("With the new cards the game no longer replays from move {move}")
    cut = int(fields["move"]) - 1
    assert fields["moves"] == str(len(s.log)) and cut == len(loaded.session.log) < len(s.log)
    # the cut is at a public action that needs a card the new deal gave elsewhere
    assert s.log[cut].type in ("play_card", "special_action", "discard", "draw_card")
    with pytest.raises(Exception):
        loaded.session.state.copy().apply(loaded.session.codec.from_dict(doc["actions"][cut]))
    assert not loaded.session.state.game_over and loaded.session.state.decision is not None


def test_given_hands_are_sealed_and_dealt_again_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = tiny_session(("Ann", "Bo"), opening=["BIG", "MID", "LAK", "SUN", "BAY"],
                     hands={"Ann": ["BIG", "ROK", "DES"], "Bo": ["BIG", "MID", "SUN"]})
    s.rng = bssave.chance_rng(0)
    doc = bssave.to_document(s, seats(2))
    assert doc["opening"] == ["BIG", "MID", "LAK", "SUN", "BAY"]
    same_game(bssave.from_document(doc).session, s)
    switch_computer(tmp_path, monkeypatch)
    loaded = bssave.from_document(doc)
    given = loaded.session.hands
    assert loaded.notes and given is not None and [len(h) for h in given] == [3, 3]
    while loaded.session.state.is_chance():     # the opening's cubes, then the deal of the new hands
        loaded.session.apply(loaded.session.draw_chance())
    assert sorted(loaded.session.state.hands) == sorted(given)


# ------------------------------------------------------------ hostile files

def _good() -> dict[str, Any]:
    return bssave.to_document(play(new_session(6), lambda s: s.state.round >= 2), seats())


def _sealed_index(doc: dict[str, Any]) -> int:
    return next(i for i, e in enumerate(doc["actions"]) if e["type"] == "sealed")


DAMAGE: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [
    ("version", lambda d: d.update(version="2")),
    ("newer", lambda d: d.update(version=99)),
    ("seats-many", lambda d: d.update(seats=[{"name": f"P{i}"} for i in range(6)])),
    ("seats-type", lambda d: d.update(seats="Ann")),
    ("seat-name", lambda d: d["seats"][0].update(name=12)),
    ("seat-dup", lambda d: d["seats"][1].update(name="Ann")),
    ("seed", lambda d: d.update(seed="7")),
    ("board", lambda d: d.update(board={"id": "atlantis"})),
    ("board-other-game", lambda d: d.update(board={"id": "europe"})),
    ("actions", lambda d: d.update(actions={"a": 1})),
    ("action-type", lambda d: d["actions"].__setitem__(3, {"type": "fly"})),
    ("action-illegal", lambda d: d["actions"].insert(1, {"type": "end_purchases", "player": "Cy"})),
    ("chance-no-outcome", lambda d: d["actions"].__setitem__(0, {"type": "draw_card", "outcome": None})),
    ("sealed-tag", lambda d: d["actions"][_sealed_index(d)].update(tag="0" * 16)),
    ("sealed-data", lambda d: d["actions"][_sealed_index(d)].update(data="!!")),
    ("sealed-long", lambda d: d["actions"][_sealed_index(d)].update(data="A" * 10_000)),
    ("sealed-misplaced", lambda d: d["actions"].__setitem__(0, dict(d["actions"][_sealed_index(d)]))),
    ("rng", lambda d: d["rng"].update(tag="x")),
    ("rng-type", lambda d: d.update(rng=[1, 2, 3])),
    ("salt", lambda d: d.update(salt="zz")),
    ("opening", lambda d: d.update(opening=["XXX"] * 5)),
    ("hands", lambda d: d.update(hands=[[1, 2, 3]])),
    ("nested", lambda d: d["actions"].__setitem__(2, {"type": "draw_cubes", "outcome": [[[[]]]]})),
]


@pytest.mark.parametrize("name,damage", DAMAGE, ids=[n for n, _ in DAMAGE])
def test_damaged_documents_give_one_line(name: str, damage: Callable[[dict[str, Any]], Any]) -> None:
    doc = _good()
    damage(doc)
    with pytest.raises(SaveError) as e:
        bssave.from_document(doc, "x.json")
    assert one_line(e).startswith("x.json")


@pytest.mark.parametrize("content", [
    b"", b"{", b"[]", b'"blueskies-save"', b"null", b'{"format": "blueskies-save"}',
    b"\xff\xfe\x00", b'{"format": "blueskies-save", "version": 1, "actions": ' + b"[" * 5000 + b"]" * 5000 + b"}",
])
def test_damaged_files_give_one_line_and_are_left_untouched(tmp_path: Path, content: bytes) -> None:
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    with pytest.raises(SaveError) as e:
        store.load_any(p)
    one_line(e)
    with pytest.raises(SaveError):
        bssave.load(p)
    assert p.read_bytes() == content


def test_truncated_and_oversized_files(tmp_path: Path) -> None:
    text = json.dumps(_good()).encode()
    p = tmp_path / "cut.json"
    for n in (10, len(text) // 2, len(text) - 2):
        p.write_bytes(text[:n])
        with pytest.raises(SaveError) as e:
            store.load_any(p)
        one_line(e)
    from opensky import userfile
    big = tmp_path / "big.json"
    big.write_bytes(b'{"format": "blueskies-save", "pad": "' + b"x" * (userfile.MAX_BYTES + 10) + b'"}')
    with pytest.raises(SaveError) as e:
        store.load_any(big)
    one_line(e)


def test_each_game_refuses_the_others_save(tmp_path: Path) -> None:
    from opensky.persistence import save as os_save
    from tests.persistence.test_saves import random_session
    bs = tmp_path / "bs.json"
    bs.write_text(bssave.dumps(new_session(2), seats()))
    osk = tmp_path / "os.json"
    osk.write_text(os_save.dumps(random_session("europe", 2, 3, 10), seats(2)))
    with pytest.raises(SaveError) as e:
        os_save.load(bs)
    assert "not an OpenSky save" in one_line(e)
    with pytest.raises(SaveError) as e:
        bssave.load(osk)
    assert "OpenSky save, not a Blue Skies one" in one_line(e)
    assert isinstance(store.load_any(bs), LoadedBSGame) and isinstance(store.load_any(osk), LoadedGame)


def test_an_unknown_computer_level_plays_as_normal() -> None:
    doc = bssave.to_document(new_session(2), [Seat("Ann"), Seat("Bo", human=False, bot="genius"), Seat("Cy")])
    loaded = bssave.from_document(doc)
    assert loaded.seats[1].bot == "normal" and "unknown here" in loaded.notes[0][0]


def test_a_board_file_beside_the_save(tmp_path: Path) -> None:
    s = tiny_session(("Ann", "Bo"))
    s.rng = bssave.chance_rng(0)
    play(s, lambda s: len(s.log) > 30)
    doc = bssave.to_document(s, seats(2))
    assert doc["board"]["file"] == str(TINY) and doc["board"]["sha256"]
    same_game(bssave.from_document(doc).session, s)


# ------------------------------------------------------------ the store: autosave, list

def test_autosave_and_its_previous_copy(tmp_path: Path) -> None:
    s = play(new_session(5), lambda s: len(s.log) >= 30)
    store.write_autosave(s, seats())
    before = s.fork()
    before.rng.setstate(s.rng.getstate())
    play(s, lambda x: len(x.log) >= 31)
    store.write_autosave(s, seats())
    got = store.read_autosave()
    assert isinstance(got, LoadedBSGame)
    same_game(got.session, s)
    assert store.unfinished_autosave_exists()
    # the latest damaged: the previous copy, a note, and the damaged file kept aside
    latest = store.autosave_path()
    latest.write_text(latest.read_text()[:-40])
    got = store.read_autosave()
    assert isinstance(got, LoadedBSGame) and len(got.session.log) == 30
    same_game(got.session, before)
    assert "damaged" in got.notes[0][0]
    assert list(latest.parent.glob("autosave.damaged-*.json"))


def test_a_finished_blue_skies_game_is_not_continued() -> None:
    store.write_autosave(play(new_session(4), lambda s: False), seats())
    assert not store.unfinished_autosave_exists()


def test_one_slot_for_both_games_and_neither_thinks_the_other_damaged() -> None:
    from tests.persistence.test_saves import random_session
    store._written.clear()
    store.write_autosave(new_session(1), seats())
    store._written.clear()                      # as if another run wrote it
    store.write_autosave(random_session("europe", 2, 3, 10), seats(2))
    folder = store.autosave_path().parent
    assert not list(folder.glob("*.damaged-*"))
    assert isinstance(store.read_autosave(), LoadedGame)
    prev = json.loads((folder / store.AUTOSAVE_PREV).read_text())
    assert prev["format"] == "blueskies-save"
    store._written.clear()
    store.write_autosave(new_session(2), seats())
    assert isinstance(store.read_autosave(), LoadedBSGame) and not list(folder.glob("*.damaged-*"))


def test_named_saves_are_listed_with_round_and_scores() -> None:
    s = reached(mid_purchase)
    path = store.save_named(s, seats(), "Skies one")
    assert isinstance(store.load_any(path), LoadedBSGame)
    (path.parent / "junk.json").write_text('{"format": "blueskies-save", "summary": {"round": "x"}}')
    entries = {e.name: e for e in store.list_saves()}
    e = entries["Skies one"]
    assert e.summary["game"] == "blue_skies" and e.summary["round"] == s.state.round
    assert e.summary["scores"] == s.state.score and e.summary["airlines"] == NAMES
    assert "junk" in entries and entries["junk"].error == ""   # listed; loading it explains


def test_hostile_summary_is_cleaned() -> None:
    out = store._clean_summary({"game": "blue_skies", "round": 10 ** 30, "scores": [1, "x"],
                                "airlines": ["A" * 500] * 9, "board": ["x"]})
    assert out == {"game": "blue_skies", "airlines": ["A" * 24] * 5}


def test_random_documents_never_raise_anything_but_save_error() -> None:
    base = _good()
    text = json.dumps(base)
    rng = random.Random(3)
    for _ in range(150):
        b = bytearray(text.encode())
        for _ in range(rng.randrange(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(32, 127)
        try:
            doc = json.loads(bytes(b))
        except ValueError:
            continue
        if not isinstance(doc, dict):
            continue
        try:
            bssave.from_document(doc)
        except SaveError as e:
            assert "\n" not in str(e)


def test_env_is_isolated() -> None:
    assert "user" in os.environ["OPENSKY_DATA_DIR"]


# ------------------------------------------------------------ the window's dispatch (no Blue Skies screen needed)

class _App:
    def __init__(self) -> None:
        self.replaced: list[Any] = []
        self.pushed: list[Any] = []

    def replace(self, scene: Any) -> None:
        self.replaced.append(scene)

    def push(self, scene: Any) -> None:
        self.pushed.append(scene)


def _fake_screens(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    from opensky.ui.scenes import saves
    opened: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def screen(name: str) -> Any:
        return lambda *a, **k: opened.append((name, a, k)) or (name, a, k)
    monkeypatch.setattr(saves, "screen", screen)
    return opened


def test_continue_opens_blue_skies_screen_for_a_blue_skies_autosave(monkeypatch: pytest.MonkeyPatch) -> None:
    from opensky.ui.scenes import saves
    opened = _fake_screens(monkeypatch)
    s = play(new_session(5), lambda s: len(s.log) >= 20)
    store.write_autosave(s, seats())
    app = _App()
    assert saves.continue_latest(app) is None   # type: ignore[arg-type]
    (name, args, kw), = opened
    assert name == "bs_game" and kw["read_only"] is False and isinstance(kw["loaded"], LoadedBSGame)
    setup = args[1]
    assert setup.game == "blue_skies" and setup.seed == 5 and [x.name for x in setup.seats] == NAMES
    assert app.replaced == [opened[0]]
    # an OpenSky autosave still opens OpenSky's screen
    from tests.persistence.test_saves import random_session
    store.write_autosave(random_session("europe", 2, 3, 10), seats(2))
    assert saves.continue_latest(app) is None   # type: ignore[arg-type]
    assert opened[-1][0] == "game" and opened[-1][1][1].game == "opensky"


def test_load_and_watch_open_blue_skies_saves_on_their_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    from opensky.ui.scenes import saves
    opened = _fake_screens(monkeypatch)
    path = store.save_named(play(new_session(5), lambda s: len(s.log) >= 20), seats(), "bs")
    for replay in (False, True):
        ls = saves.LoadScene.__new__(saves.LoadScene)
        ls.app, ls.on_loaded, ls.replay, ls.error = _App(), None, replay, ""   # type: ignore[assignment]
        ls.load(path)
        assert ls.error == ""
        if replay:
            assert opened[-1][0] == "bs_replay" and isinstance(opened[-1][1][1], LoadedBSGame)
        else:
            assert opened[-1][0] == "bs_game" and opened[-1][2]["read_only"] is False


def test_the_list_describes_blue_skies_saves() -> None:
    from opensky.ui.scenes.saves import entry_line
    s = reached(mid_purchase)
    store.save_named(s, seats(), "Skies")
    e, = [x for x in store.list_saves() if x.name == "Skies"]
    line = entry_line(e)
    assert line.startswith("Blue Skies · United States · ")
    assert f"round {s.state.round}" in line
    for name, score in zip(NAMES, s.state.score):
        assert f"{name} {score}" in line
    store.save_named(play(new_session(4), lambda s: False), seats(), "Done")
    e, = [x for x in store.list_saves() if x.name == "Done"]
    assert "finished" in entry_line(e)
    store.save_named(new_session(4), seats(), "Fresh")
    e, = [x for x in store.list_saves() if x.name == "Fresh"]
    assert "setting up" in entry_line(e)
