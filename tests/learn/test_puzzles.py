"""The rule puzzles: every shipped one loads, replays and is answered by the
engine; bad files give one clear line naming the file."""
from __future__ import annotations

from pathlib import Path

import pytest

from opensky.learn import puzzles as PZ
from opensky.learn.puzzles import PuzzleError, check_all, load_puzzle, puzzle_texts, shipped_puzzles
from opensky.rules.actions import ROLL_SENSITIVITY, Action
from opensky.rules.quote import lease, one_stop_limit, winners_with

SHIPPED = sorted(PZ.puzzles_dir().glob("*.yaml"))


def test_ten_shipped_puzzles_check_clean():
    assert len(SHIPPED) == 10
    assert [p.name[:3] for p in SHIPPED] == [f"{i:02d}-" for i in range(1, 11)]
    assert check_all() == []


def test_kinds_and_boards_are_covered():
    pzs = shipped_puzzles()
    assert {p.kind for p in pzs} == set(PZ.KINDS)
    assert {p.state.board.id for p in pzs} == {"europe", "north_america"}


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_puzzle_answer_is_the_engines(path):
    pz = load_puzzle(path)
    st = pz.state
    keys = {c.key for c in pz.choices()}
    assert pz.answer() <= keys and len(pz.answer()) == 1
    assert pz.expect == pz.answer()
    if pz.kind == "winner":   # §6.3 W on the bids on the table
        q = pz.table()[0][0]
        w = winners_with(st, q, st.bid[q])
        assert pz.answer() == {st.names[w[0]] if len(w) == 1 else "tie"}
    elif pz.kind == "walk_away":   # §6.5, R8: the roll applied to a copy
        copy = st.copy()
        ev = copy.apply(Action(ROLL_SENSITIVITY, st.actors[0], pz.roll))
        won = [e.player for e in ev if type(e).__name__ == "MarketWon"]
        assert pz.answer() == {st.names[won[0]] if len(won) == 1 else "tie" if won else "nobody"}
    elif pz.kind == "lease" and pz.ask == "planes":   # R10
        assert pz.answer() == {str(st.lease_limit(pz.player))}
    elif pz.kind == "lease":
        assert pz.answer() == {str(lease(st, pz.player, pz.planes, pz.cards).change_after)}
    elif pz.kind == "sole_fare":
        best = next(iter(pz.answer()))
        fare = int(best)
        if st.bid[pz.player] is None:
            assert winners_with(st, pz.player, fare) == [pz.player]
        higher = [c for c in st.hand_cards(pz.player) if c > fare and (st.bid[pz.player] is None
                                                                        or c < st.bid[pz.player])]
        assert all(winners_with(st, pz.player, c) != [pz.player] for c in higher)
    assert pz.explain() and all(isinstance(x, str) and x for x in pz.explain())
    assert pz.situation()


def test_explanations_name_the_deciding_figures():
    by_id = {p.id: p for p in shipped_puzzles()}
    text = " ".join(by_id["01-half-the-fare"].explain())
    assert "D = 400" in text and f"{one_stop_limit(400)} or less" in text and "Sunway" in text
    text = " ".join(by_id["02-not-cheap-enough"].explain())
    assert "250 is more than 200" in text and "Nordwind wins at 400" in text
    text = " ".join(by_id["03-same-fare"].explain())
    assert "tie at 300" in text
    text = " ".join(by_id["05-lower-the-bar"].explain())
    assert "D = 400" in text and "highest card that wins alone is 400" in text
    text = " ".join(by_id["07-two-stops-too-many"].explain())
    assert "1 stop (Sunway, DEN–ORD–JFK)" in text and "Not valid" in text
    text = " ".join(by_id["09-change-first"].explain())
    assert "50" in text and "150" in text
    text = " ".join(by_id["10-walk-away"].explain())
    assert "300 + 2 × 100 = 500" in text and "D = 400" in text and "Skylark wins at 200" in text


def test_puzzle_texts_lists_titles_and_questions():
    texts = puzzle_texts()
    for pz in shipped_puzzles():
        assert pz.title in texts and pz.question in texts
    assert len(texts) == 20


# ---------------------------------------------------------------- bad files

def _copy(tmp_path: Path, name: str, change=None) -> Path:
    text = (PZ.puzzles_dir() / name).read_text(encoding="utf-8")
    if change:
        old, new = change
        assert old in text
        text = text.replace(old, new)
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _one_line(e: pytest.ExceptionInfo, name: str) -> str:
    msg = str(e.value)
    assert "\n" not in msg and name in msg and len(msg) < 500
    return msg


def test_wrong_expect_is_caught(tmp_path):
    p = _copy(tmp_path, "01-half-the-fare.yaml", ("expect: Sunway", "expect: Nordwind"))
    with pytest.raises(PuzzleError) as e:
        load_puzzle(p)
    msg = _one_line(e, "01-half-the-fare.yaml")
    assert "engine answers Sunway" in msg and ":7:" in msg


def test_expect_not_a_choice(tmp_path):
    p = _copy(tmp_path, "06-two-stops-through-hubs.yaml", ("expect: valid", "expect: maybe"))
    with pytest.raises(PuzzleError) as e:
        load_puzzle(p)
    assert "not a choice" in _one_line(e, "06-two-stops")


def test_bad_action_names_the_line(tmp_path):
    p = _copy(tmp_path, "01-half-the-fare.yaml",
              ("{type: bid, player: Sunway, fare: 200}", "{type: bid, player: Sunway, fare: 700}"))
    with pytest.raises(PuzzleError) as e:
        load_puzzle(p)
    msg = _one_line(e, "01-half-the-fare.yaml")
    assert "700 is not a" in msg and "action 20" in msg and ":32:" in msg


def test_position_not_at_the_moment(tmp_path):
    p = _copy(tmp_path, "01-half-the-fare.yaml", ("    - {type: bid, player: Sunway, fare: 200}\n", ""))
    with pytest.raises(PuzzleError) as e:
        load_puzzle(p)
    assert "after the bids are revealed" in _one_line(e, "01-half-the-fare.yaml")


@pytest.mark.parametrize("text,words", [
    ("- just\n- a list\n", "must be a mapping"),
    ("kind: riddle\ntitle: x\nquestion: y\nposition: {}\n", "'kind' must be one of"),
    ("kind: winner\ntitle: x\nquestion: y\nposition: {}\nanswer: Bo\n", "unknown key 'answer'"),
    ("kind: winner\ntitle: ''\nquestion: y\nposition: {}\n", "'title' must be one line"),
    ("kind: winner\ntitle: x\nquestion: y\nposition: 3\n", "'position' must be a scripted game"),
    ("kind: winner\ntitle: x\nquestion: y\nposition: {board: mars, players: [A, B]}\n", "board"),
    ("a: &a [*a]\n", "alias"),
    ("kind: [unclosed\n", "not valid YAML"),
    ("\xff\xfe", "not UTF-8"),
])
def test_hostile_files_give_one_line(tmp_path, text, words):
    p = tmp_path / "bad.yaml"
    p.write_bytes(text.encode("latin-1") if text.startswith("\xff") else text.encode("utf-8"))
    with pytest.raises(PuzzleError) as e:
        load_puzzle(p)
    assert words in _one_line(e, "bad.yaml")


def test_huge_file_and_folder_refused(tmp_path):
    p = tmp_path / "huge.yaml"
    p.write_bytes(b"# " + b"x" * (PZ.MAX_BYTES + 10) + b"\n")
    with pytest.raises(PuzzleError) as e:
        load_puzzle(p)
    assert "too large" in _one_line(e, "huge.yaml")
    d = tmp_path / "dir.yaml"
    d.mkdir()
    with pytest.raises(PuzzleError) as e:
        load_puzzle(d)
    assert "folder" in _one_line(e, "dir.yaml")


def test_lease_payment_must_be_legal(tmp_path):
    p = _copy(tmp_path, "09-change-first.yaml", ("cards: [300]", "cards: [200]"))
    with pytest.raises(PuzzleError) as e:
        load_puzzle(p)
    assert "not a legal payment" in _one_line(e, "09-change-first.yaml")


def test_path_must_be_routes(tmp_path):
    p = _copy(tmp_path, "06-two-stops-through-hubs.yaml", ("path: [LHR, FRA, MUC, FCO]", "path: [LHR, MUC, FCO]"))
    with pytest.raises(PuzzleError) as e:
        load_puzzle(p)
    assert "LHR–MUC is not a route" in _one_line(e, "06-two-stops")


def test_check_all_reports_a_broken_shipped_file(tmp_path, monkeypatch):
    _copy(tmp_path, "01-half-the-fare.yaml", ("expect: Sunway", "expect: Nordwind"))
    _copy(tmp_path, "02-not-cheap-enough.yaml")
    monkeypatch.setattr(PZ, "puzzles_dir", lambda: tmp_path)
    problems = check_all()
    assert len(problems) == 1 and "01-half-the-fare.yaml" in problems[0]
