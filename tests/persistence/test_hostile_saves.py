"""Hostile saves and autosaves (issue 13): every case the hardening issue found
gives one clear line or works, Continue falls back and never crashes, damaged
files are kept, sealed bids show nothing in the file, stale temp files go."""
from __future__ import annotations

import base64
import copy
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from opensky.persistence import sealkey
from opensky.persistence.save import SaveError, Seat, dumps, from_document, load, to_document
from opensky.persistence.store import (
    AUTOSAVE, AUTOSAVE_PREV, read_autosave, remove_stale_temp_files, unfinished_autosave_exists,
    write_autosave,
)
from opensky.rules.actions import Action
from opensky.rules.session import Session
from tests.persistence.test_saves import BOARDS, mid_bid_session as saved_mid_bid, random_session, seats

ROOT = Path(__file__).resolve().parents[2]


def mid_bid_session(passes: bool = False) -> Session:
    """Three airlines, two bids in (Bo's 500, or a pass when ``passes``), Cy to bid."""
    return saved_mid_bid(bo_bids=None if passes else 500)


def good_doc(steps: int = 40) -> dict:
    return json.loads(dumps(random_session("europe", 2, 3, steps), seats(2)))


def refused(doc: dict) -> str:
    with pytest.raises(SaveError) as e:
        from_document(doc, "x.json")
    msg = str(e.value)
    assert "\n" not in msg and len(msg) <= 200, msg
    return msg


# ------------------------------------------------------------ the cases

@pytest.mark.parametrize("bad", [
    [3, [10 ** 30] * 625, None],              # huge words
    [3, [-1] * 625, None],                    # negative words
    [3, [1] * 624 + [10 ** 20], None],        # huge index
    [3, [1] * 10, None],                      # too short
    [3, [1] * 625, 1e308 * 10 if False else "x"],
    [2 ** 70, [1] * 625, None],
    [True, [1] * 625, None],
    "rng",
    [3, [1.5] * 625, None],
])
def test_a_bad_random_state_is_one_line(bad):
    doc = good_doc()
    doc["rng"] = bad
    assert "'rng' is wrong" in refused(doc)


def test_a_4301_digit_number_is_one_line(tmp_path):
    p = tmp_path / "big.json"
    text = dumps(random_session("europe", 2, 3, 20), seats(2)).replace('"seed": 3', '"seed": ' + "7" * 4301, 1)
    p.write_text(text)
    with pytest.raises(SaveError) as e:
        load(p)
    assert "4301 digits" in str(e.value) and len(str(e.value)) <= 200


def test_an_unknown_computer_level_plays_as_normal_and_says_so():
    doc = good_doc()
    doc["seats"][0].update(human=False, bot="hard")
    loaded = from_document(doc)
    assert loaded.seats[0].bot == "normal"
    assert any("unknown" in text and params.get("level") == "'hard'" for text, params in loaded.notes)


@pytest.mark.parametrize("mutate", [
    lambda d: d["seats"][0].update(name=["Ann"]),
    lambda d: d["seats"][0].update(name="x" * 10_000),
    lambda d: d["seats"].append({"name": "Eve"}) or d["seats"].extend([{"name": "F"}] * 3),
    lambda d: d.update(seats=[]),
    lambda d: d.update(callsigns={"Alpha": ["LHR"]}),
    lambda d: d.update(callsigns={"Alpha": "LHR"}),
    lambda d: d.update(salt="zz" * 1000),
    lambda d: d["board"].update(id=["europe"]),
    lambda d: d["board"].update(file="/dev/zero"),
    lambda d: d["board"].update(file="/"),
    lambda d: d["actions"].insert(3, {"type": "bid", "player": {"a": 1}, "fare": 200}),
    lambda d: d["actions"].insert(3, {"type": ["bid"]}),
    lambda d: d["actions"].insert(3, {"type": "lease", "player": "Ann", "planes": 10 ** 60, "cards": [250.0]}),
    lambda d: d["actions"].insert(3, {"type": "sealed", "data": 5}),
    lambda d: d.update(version=10 ** 40),
])
def test_damaged_fields_are_one_line(mutate):
    doc = good_doc()
    mutate(doc)
    refused(doc)


# ------------------------------------------------------------ Continue

def _write_pair(folder: Path) -> Session:
    """Two autosaves of one game; the first (the previous copy) is returned."""
    s = random_session("north_america", 3, 11, 30)
    assert not s.state.game_over
    write_autosave(s, seats(3))
    later = random_session("north_america", 3, 11, 30)
    while len(later.log) == len(s.log):          # one decision further (not a chance step)
        st = later.state
        later.apply(later.draw_chance() if st.is_chance() else st.legal_actions(st.actors[0])[0])
    write_autosave(later, seats(3))
    return s


BAD_AUTOSAVES = {
    "cut short": lambda t: t[: len(t) // 2],
    "huge rng": lambda t: t.replace('"rng": [\n  3,\n  [\n', '"rng": [\n  3,\n  [\n   1' + "0" * 40 + ",\n", 1),
    "4301 digits": lambda t: t.replace('"seed": 11', '"seed": ' + "1" * 4301, 1),
    "unknown level": None,   # not damage: it loads (tested above)
    "not json": lambda t: "\x00\xff" * 100,
    "nested": lambda t: "[" * 100_000,
}


@pytest.mark.parametrize("kind", [k for k, v in BAD_AUTOSAVES.items() if v is not None])
def test_continue_falls_back_to_the_previous_copy_and_keeps_the_damaged_one(kind):
    folder = Path(os.environ["OPENSKY_DATA_DIR"])
    s = _write_pair(folder)
    bad = BAD_AUTOSAVES[kind](( folder / AUTOSAVE).read_text())  # type: ignore[misc]
    (folder / AUTOSAVE).write_text(bad)
    loaded = read_autosave()
    assert loaded is not None and loaded.session.log == s.log
    assert "damaged" in loaded.notes[0][0]
    kept = list(folder.glob("autosave.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == bad
    # the next autosave does not touch the kept copy, and the good one stays the previous
    write_autosave(loaded.session, seats(3))
    assert kept[0].read_text() == bad


def test_continue_with_both_copies_damaged_says_so_and_keeps_both():
    folder = Path(os.environ["OPENSKY_DATA_DIR"])
    _write_pair(folder)
    (folder / AUTOSAVE).write_text("{")
    (folder / AUTOSAVE_PREV).write_text('{"format": "opensky-save", "version": 1}')
    assert unfinished_autosave_exists()          # Continue stays offered, to explain
    with pytest.raises(SaveError) as e:
        read_autosave()
    assert "kept as" in str(e.value) and "autosave.json: " in e.value.problem
    texts = sorted(p.read_text() for p in folder.glob("autosave*.damaged-*.json"))
    assert texts == sorted(["{", '{"format": "opensky-save", "version": 1}'])


def test_a_new_game_never_rotates_a_damaged_autosave_over_the_good_previous_one():
    folder = Path(os.environ["OPENSKY_DATA_DIR"])
    _write_pair(folder)
    good_prev = (folder / AUTOSAVE_PREV).read_text()
    (folder / AUTOSAVE).write_text("damaged")
    from opensky.persistence import store
    store._written.clear()                  # a new run of the program
    write_autosave(random_session("europe", 2, 1, 5), seats(2))
    assert (folder / AUTOSAVE_PREV).read_text() != "damaged"
    assert [p.read_text() for p in folder.glob("autosave.damaged-*.json")] == ["damaged"]
    assert good_prev  # the good previous copy was replaced only by a good one
    json.loads((folder / AUTOSAVE_PREV).read_text())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_an_autosave_that_is_a_fifo_neither_hangs_nor_is_replaced():
    folder = Path(os.environ["OPENSKY_DATA_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / AUTOSAVE)
    t0 = time.perf_counter()
    assert unfinished_autosave_exists()
    with pytest.raises(SaveError) as e:
        read_autosave()
    assert "regular file" in str(e.value)
    assert time.perf_counter() - t0 < 2
    assert (folder / AUTOSAVE).is_fifo()      # left as it is: not ours to move


# ------------------------------------------------------------ sealed bids

def test_a_pass_and_every_fare_seal_to_the_same_length():
    key = b"k" * 32
    lengths = set()
    for fare in (None, 200, 250, 300, 400, 500):
        s = mid_bid_session()
        s.log[-2] = Action("bid", 1, fare)     # what the file would say for Bo
        doc = to_document(s, seats(3), key=key)
        sealed = [a for a in doc["actions"] if a.get("type") == "sealed"]
        assert len(sealed) == 2
        lengths.add(tuple(len(json.dumps(a)) for a in sealed))
    assert len(lengths) == 1


def test_the_save_alone_does_not_hold_the_key():
    s = mid_bid_session()
    text = dumps(s, seats(3))
    key = sealkey.current()
    assert key.hex() not in text and base64.b64encode(key).decode() not in text
    assert '"fare": 500' not in text and '"fare": 250' not in text


def test_on_another_computer_the_month_is_bid_again():
    s = mid_bid_session()
    text = dumps(s, seats(3))
    (Path(os.environ["OPENSKY_DATA_DIR"]) / sealkey.KEY_FILE).unlink()
    sealkey.forget()                                      # another computer: another key
    loaded = from_document(json.loads(text))
    st = loaded.session.state
    assert st.decision == "bid" and not st.revealed and set(st.actors) == {0, 1, 2}
    assert any("another computer" in t for t, _ in loaded.notes)


def test_a_changed_sealed_bid_is_refused():
    s = mid_bid_session()
    doc = json.loads(dumps(s, seats(3)))
    sealed = [a for a in doc["actions"] if a.get("type") == "sealed"]
    raw = bytearray(base64.b64decode(sealed[0]["data"]))
    raw[0] ^= 1
    sealed[0]["data"] = base64.b64encode(bytes(raw)).decode()
    assert "sealed bid is damaged" in refused(doc)


def test_a_format_1_save_with_sealed_bids_still_loads():
    """Saves written before the key moved out of the file keep working."""
    from opensky.persistence.save import _keystream_v1
    s = mid_bid_session()
    doc = json.loads(dumps(s, seats(3)))
    salt = bytes.fromhex(doc["salt"])
    doc["version"] = 1
    doc.pop("seal_key")
    for i, a in enumerate(s.log):
        if doc["actions"][i].get("type") == "sealed":
            raw = json.dumps(s.codec.to_dict(a), sort_keys=True).encode()
            ks = _keystream_v1(salt, f"bid{i}", len(raw))
            doc["actions"][i] = {"type": "sealed", "data": base64.b64encode(bytes(x ^ y for x, y in zip(raw, ks))).decode()}
    back = from_document(doc).session
    assert back.state.to_json() == s.state.to_json()


def test_a_damaged_key_file_is_kept_aside_and_replaced():
    folder = Path(os.environ["OPENSKY_DATA_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / sealkey.KEY_FILE).write_text("not a key")
    sealkey.forget()
    key = sealkey.current()
    assert len(key) == 32
    assert (folder / (sealkey.KEY_FILE + ".bad")).read_text() == "not a key"


# ------------------------------------------------------------ temp files

def test_stale_temp_files_are_removed_and_young_ones_kept():
    folder = Path(os.environ["OPENSKY_DATA_DIR"])
    (folder / "saves").mkdir(parents=True)
    old = [folder / "autosave.json.abc123.tmp", folder / "saves" / "My-game.json.x1.tmp"]
    young = folder / "autosave.json.young.tmp"
    other = folder / "notes.tmp"
    for p in [*old, young, other]:
        p.write_text("x")
    past = time.time() - 3600
    for p in [*old, other]:
        os.utime(p, (past, past))
    assert remove_stale_temp_files() == 2
    assert not any(p.exists() for p in old) and young.exists() and other.exists()


# ------------------------------------------------------------ special files via the commands

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("command", ["script", "replay"])
@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "folder"])
def test_commands_on_special_files_neither_hang_nor_trace(tmp_path, command, special):
    if special == "fifo":
        target = tmp_path / "f.json"
        os.mkfifo(target)
    elif special == "folder":
        target = tmp_path
    else:
        target = Path(special)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), command, str(target)], env=env,
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


# ------------------------------------------------------------ the list of saves

def test_the_save_list_shows_only_clean_text_from_a_hostile_summary():
    """The list reads each file's summary without a replay, so the summary is
    hostile too: wrong types and huge texts are dropped or cut."""
    from opensky.persistence.store import list_saves
    folder = Path(os.environ["OPENSKY_DATA_DIR"]) / "saves"
    folder.mkdir(parents=True)
    doc = good_doc()
    doc.update(name=["x"] * 3, saved_at=5,
               summary={"airlines": [1, None, "A" * 1000], "board": {"x": 1}, "month": "M" * 500,
                        "game_over": "no"})
    (folder / "hostile.json").write_text(json.dumps(doc))
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.json")
    entries = {e.path.name: e for e in list_saves()}
    e = entries["hostile.json"]
    assert e.name == "hostile" and e.saved_at == "" and not e.error
    assert e.summary == {"airlines": ["A" * 24], "month": "M" * 40}
    if hasattr(os, "mkfifo"):
        assert "regular file" in entries["pipe.json"].error


@pytest.mark.parametrize("name", ["A\ud800", "A\x00", "\x1b[2J"])
def test_seat_names_that_cannot_be_shown_or_written_are_refused(tmp_path, name):
    text = dumps(random_session("europe", 2, 3, 10), seats(2)).replace('"Ann"', json.dumps(name))
    p = tmp_path / "n.json"
    p.write_text(text, encoding="utf-8", errors="surrogatepass")
    with pytest.raises(SaveError) as e:
        load(p)
    assert "\n" not in str(e.value) and len(str(e.value)) <= 200


def test_a_seal_key_id_or_tag_that_is_not_ascii_is_handled():
    """hmac.compare_digest refuses non-ASCII text (TypeError): found by the fuzz tier."""
    s = mid_bid_session()
    doc = json.loads(dumps(s, seats(3)))
    odd = copy.deepcopy(doc)
    odd["seal_key"] = "ключ"                       # another computer's key, as far as we know
    loaded = from_document(odd)
    assert any("another computer" in t for t, _ in loaded.notes)
    for a in doc["actions"]:
        if a.get("type") == "sealed":
            a["tag"] = "é" * 16
    assert "sealed bid is damaged" in refused(doc)
