"""One fuzz case from ``(kind, seed)``: which real input, which mutation,
which entry point, and the files written into the case's own folder.

Why real inputs: the shipped boards, the scenario scripts and saves the
engine itself writes (one mid-bid with sealed bids, one finished game; Blue
Skies saves with sealed hands, one of them sealed by another computer) are
what a player actually has; damaging them reaches code that random text never
gets past the first parser.  Saves are generated here, inside the case's own
data folder, because sealed bids are sealed with that folder's key.  The
online table store (kind ``tables``, SQLite) is built in ``tables``.

Folder of a case::

    in/       the script, board or save handed to the command line
    data/     $OPENSKY_DATA_DIR (autosaves, the seal key, crash logs)
    config/   $OPENSKY_CONFIG_DIR (settings.json)
    tmp/      $TMPDIR of subprocesses (the crash log's fallback folder)
"""
from __future__ import annotations

import hashlib
import json
import os
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import yaml

from tests.fuzz.mutate import FAMILIES, SPECIAL_FAMILIES, Mutated, mutate_some

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "scenarios"
BS_SHARED = ROOT.parent / "shared" / "blueskies" / "scenarios"
KINDS = ("board", "script", "save", "settings", "autosave", "tutorial", "puzzle", "progress",
         "bssave", "bsautosave", "tables")
FORMAT = {"board": "yaml", "script": "yaml", "save": "json", "settings": "json", "autosave": "json",
          "tutorial": "yaml", "puzzle": "yaml", "progress": "json", "bssave": "json", "bsautosave": "json",
          "tables": "sqlite"}
#: Cases per kind in the CI tier (``tests/fuzz/test_fuzz_files.py``).
CI_PER_KIND = int(os.environ.get("OPENSKY_FUZZ_CASES", "60"))
#: Share of ordinary cases also run in a real subprocess (special files always are).
SUBPROCESS_SHARE = 0.1
NAMES = ["Ann", "Bo", "Cy", "Di"]
SAVE_BASES = ("early", "midbid", "finished", "na4", "midbid-na")
#: Blue Skies saves (``opensky.persistence.bssave``): the deal and the opening
#: gates, a purchase turn with a gate bought, later rounds, a finished game,
#: a game sealed by another computer's key (its hands are dealt again), the
#: tiny test board by path.
BS_SAVE_BASES = ("bs-gates", "bs-buying", "bs-round3", "bs-finished", "bs-foreign", "bs-tiny")
#: the key "another computer" sealed ``bs-foreign`` with
FOREIGN_KEY = bytes(range(100, 132))
GEN_SCRIPTS = ("gen:europe:2:30", "gen:europe:3:90", "gen:north_america:4:60", "gen:north_america:2:end")


@dataclass
class FileRec:
    """One file the program is given, and what it must look like afterwards."""

    rel: str                       # relative to the case folder
    mutated: bool
    sha256: str | None             # of the bytes written; None for a FIFO, folder or symlink
    special: str | None = None     # fifo | directory | devzero
    strict: bool = True            # must stay byte-identical at the same path
    supersedable: bool = False     # a readable settings file / loadable autosave / whole store may be rewritten


@dataclass
class Case:
    """Everything needed to run one case and to reproduce it."""

    kind: str
    seed: int
    family: str
    base: str
    entry: str                     # load_board | simulate | script | replay | continue | settings
    mode: str                      # inproc | subproc
    desc: str
    folder: str
    target: str = ""               # the file named on the command line (relative to folder)
    files: list[FileRec] = field(default_factory=list)

    def label(self) -> str:
        return f"{self.kind}:{self.seed} [{self.entry}/{self.mode}] base={self.base} {self.family}: {self.desc}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(d: dict[str, Any]) -> "Case":
        files = [FileRec(**f) for f in d.pop("files")]
        return Case(files=files, **d)


def case_rng(kind: str, seed: int) -> random.Random:
    """The generator of one case (a string seed is hashed with SHA-512: stable across runs)."""
    return random.Random(f"opensky-fuzz/{kind}/{seed}")


def family_for(kind: str, seed: int) -> str:
    """Families in turn, so any run of consecutive seeds covers all of them."""
    fams = FAMILIES[FORMAT[kind]]
    return fams[seed % len(fams)]


# ---------------------------------------------------------------- real inputs

def board_bases() -> list[Path]:
    out = [ROOT / "boards" / "europe.yaml", ROOT / "boards" / "north_america.yaml"]
    out += sorted((ROOT / "tests" / "boards").glob("*.yaml"))
    out += sorted((ROOT / "tests" / "scenarios").glob("*.board.yaml"))
    if SHARED.is_dir():
        out += sorted(SHARED.glob("*.board.yaml"))
    # Blue Skies (issue 18): the shipped board and the tiny ones
    out += [ROOT / "boards" / "usa.yaml"] + sorted((ROOT / "tests" / "scenarios" / "blueskies").glob("*.board.yaml"))
    if BS_SHARED.is_dir():
        out += sorted(BS_SHARED.glob("*.board.yaml"))
    return out


def script_bases() -> list[str]:
    """Scenario scripts (which name tiny boards by relative path) and scripts
    generated from engine games that name the shipped boards by id."""
    dirs = [ROOT / "tests" / "scenarios", ROOT / "tests" / "scenarios" / "blueskies"]
    dirs += [d for d in (SHARED, BS_SHARED) if d.is_dir()]
    files = [str(f) for d in dirs for f in sorted(d.glob("*.yaml")) if not f.name.endswith(".board.yaml")]
    return files + list(GEN_SCRIPTS)


_sessions: dict[str, Any] = {}


def play(board_id: str, players: int, seed: int, stop: Any) -> Any:
    """A game of random legal moves, from the engine, until ``stop(session)``."""
    from opensky.board.loader import load_board
    from opensky.rules.session import Session

    rng = random.Random(seed)
    s = Session(load_board(board_id), NAMES[:players], seed=seed, callsigns="random")
    while not s.state.game_over and not stop(s):
        if s.state.is_chance():
            s.apply(s.draw_chance())
        else:
            legal = s.state.legal_actions(s.state.actors[0])
            s.apply(legal[rng.randrange(len(legal))])
    return s


def _mid_bid(s: Any) -> bool:
    """Waiting for bids with at least one already in: a save then holds sealed bids."""
    return bool(s.state.decision == "bid" and s.log and s.log[-1].type == "bid")


def base_session(name: str) -> Any:
    """The engine game behind a generated save or script (cached per process)."""
    if name in _sessions:
        return _sessions[name]
    if name.startswith("gen:"):
        _, gen_board, gen_players, steps = name.split(":")
        n = [0]

        def stop(s: Any) -> bool:
            n[0] += 1
            return steps != "end" and n[0] > int(steps)
        s = play(gen_board, int(gen_players), 7, stop)
    elif name in ("midbid", "midbid-na"):
        board, players = ("europe", 3) if name == "midbid" else ("north_america", 2)
        for seed in range(1, 500):
            s = play(board, players, seed, _mid_bid)
            if _mid_bid(s):
                break
        else:
            raise RuntimeError(f"no game reached a pending bid for {name}")
    elif name == "early":
        s = play("europe", 2, 3, lambda s: len(s.log) >= 10)
    elif name == "finished":
        s = play("europe", 3, 11, lambda s: False)
    elif name == "na4":
        s = play("north_america", 4, 5, lambda s: len(s.log) >= 80)
    else:
        raise ValueError(name)
    _sessions[name] = s
    return s


def generated_script(name: str) -> bytes:
    """A script naming a shipped board: the engine game's log in the script's form."""
    s = base_session(name)
    doc = {"board": s.board.id, "players": list(s.state.names), "seed": s.seed,
           "callsigns": dict(s.callsigns) if s.callsigns else "recommended",
           "actions": [s.codec.to_dict(a) for a in s.log]}
    head = f"# generated from an engine game ({name}) for the fuzz tier\n"
    return (head + yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200,
                                  allow_unicode=True)).encode("utf-8")


def generated_save(name: str) -> bytes:
    """A save written by the engine (in the current data folder, whose key seals
    pending bids), with a fixed salt and time so the bytes are reproducible."""
    from opensky.persistence.save import Seat, dumps

    s = base_session(name)
    seats = [Seat(n) for n in s.state.names]
    if name in ("na4", "finished"):
        seats[-1].human = False
        seats[-1].bot = "normal" if name == "finished" else "easy"
    with mock.patch("secrets.token_bytes", lambda n=32: bytes(range(n))):
        text = dumps(s, seats, "Fuzz base " + name)
    doc = json.loads(text)
    doc["saved_at"] = "2025-01-01T00:00:00+00:00"
    return json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")


def bs_base_session(name: str) -> Any:
    """The Blue Skies game behind a generated save: random legal moves, chance
    from a plain seeded generator (cached per process)."""
    if name in _sessions:
        return _sessions[name]
    from opensky.blueskies.board import load_bs_board
    from opensky.blueskies.session import BSSession

    board = ROOT / "tests" / "blueskies" / "tiny-us.board.yaml" if name == "bs-tiny" else "usa"
    players = {"bs-gates": 3, "bs-buying": 4, "bs-round3": 3, "bs-finished": 2, "bs-foreign": 5, "bs-tiny": 2}[name]
    seed = BS_SAVE_BASES.index(name) + 1
    rng = random.Random(seed)

    def stop(s: Any) -> bool:
        st = s.state
        if name == "bs-gates":
            return bool(st.step == "opening_gates" and len(s.log) > 1 and s.log[-1].type == "buy_gate")
        if name in ("bs-buying", "bs-tiny"):
            return bool(st.round >= 1 and st.decision == "buy" and s.log[-1].type in ("buy_gate", "buyout"))
        if name in ("bs-round3", "bs-foreign"):
            return bool(st.round >= 3)
        return False
    s = BSSession(load_bs_board(board), NAMES[:players] + ["Ed"] * (players > 4), seed=seed)
    for _ in range(20000):
        if s.state.game_over or stop(s):
            break
        if s.state.is_chance():
            s.apply(s.draw_chance())
        else:
            legal = s.state.legal_actions(s.state.actor)
            s.apply(legal[rng.randrange(len(legal))])
    _sessions[name] = s
    return s


def generated_bs_save(name: str) -> bytes:
    """A Blue Skies save written by ``bssave`` (sealed with the current data
    folder's key, or ``FOREIGN_KEY`` for ``bs-foreign``), with a fixed salt
    and time so the bytes are reproducible."""
    from opensky.persistence import bssave
    from opensky.persistence.save import Seat

    s = bs_base_session(name)
    seats = [Seat(n) for n in s.state.names]
    if name in ("bs-buying", "bs-finished"):
        seats[-1].human = False
        seats[-1].bot = "normal" if name == "bs-finished" else "easy"
    with mock.patch("secrets.token_bytes", lambda n=32: bytes(range(n))):
        doc = bssave.to_document(s, seats, "Fuzz base " + name, key=FOREIGN_KEY if name == "bs-foreign" else None)
    doc["saved_at"] = "2025-01-01T00:00:00+00:00"
    return json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")


def generated_settings(rng: random.Random) -> bytes:
    """A settings file as the game writes it, with varied (valid) values."""
    from opensky.settings import Settings

    st = Settings()
    st.language = rng.choice(["", "en", "sv", "pt"])
    st.master_volume = rng.choice([0.0, 0.5, 0.8, 1.0])
    st.muted = rng.random() < 0.3
    st.anim_speed = rng.choice([0.0, 1.0, 2.0])
    st.fullscreen = rng.random() < 0.2
    st.window_size = rng.choice([[1280, 720], [960, 600], [1920, 1080]])
    st.text_scale = rng.choice([0.8, 1.0, 1.5])
    return json.dumps(asdict(st), indent=1).encode("utf-8")


# ---------------------------------------------------------------- writing files

def generated_progress(rng: random.Random) -> bytes:
    """A learning-progress file as the game writes it (puzzle marks, tutorial steps)."""
    doc = {"puzzles": {"01-half-the-fare": "solved", "04-flash-deal": rng.choice(["tried", "solved"])},
           "tutorials": {"europe": {"step": rng.randrange(0, 43), "done": rng.random() < 0.5}}}
    return json.dumps(doc, indent=1).encode()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_input(folder: Path, rel: str, m: Mutated, strict: bool) -> FileRec:
    """Write a (mutated) file, or make the special file it asks for."""
    p = folder / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    if m.special == "fifo":
        os.mkfifo(p)
    elif m.special == "directory":
        p.mkdir()
        (p / "marker.txt").write_text("a folder where a file was expected\n")
    elif m.special == "devzero":
        os.symlink("/dev/zero", p)
    else:
        assert m.data is not None
        p.write_bytes(m.data)
        return FileRec(rel, m.family != "none", sha256(m.data), None, strict)
    return FileRec(rel, True, None, m.special, strict)


def _mode(rng: random.Random, family: str, *datas: bytes | None) -> str:
    if family in SPECIAL_FAMILIES or any(d is not None and b"/dev/" in d for d in datas):
        return "subproc"
    return "subproc" if rng.random() < SUBPROCESS_SHARE else "inproc"


def _board_ref(script: bytes) -> str | None:
    """The relative board path a scenario script names, if it names one."""
    try:
        doc = yaml.safe_load(script.decode("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError):
        return None
    ref = doc.get("board") if isinstance(doc, dict) else None
    return ref if isinstance(ref, str) and ref.endswith(".yaml") and "/" not in ref else None


def build_case(kind: str, seed: int, folder: Path) -> Case:
    """Make the case's files in ``folder`` (which must exist and be empty)."""
    rng = case_rng(kind, seed)
    family = family_for(kind, seed)
    fmt = FORMAT[kind]
    for sub in ("in", "data", "config", "tmp"):
        (folder / sub).mkdir(exist_ok=True)
    case = Case(kind, seed, family, "", "", "", "", str(folder))
    if kind == "board":
        base = rng.choice(board_bases())
        m = mutate_some(rng, base.read_bytes(), fmt, family)
        case.base, case.target = base.name, f"in/{base.name}"
        case.files.append(write_input(folder, case.target, m, strict=True))
        case.mode = _mode(rng, family, m.data)
        case.entry = "simulate" if case.mode == "subproc" else "load_board"
        case.desc = m.desc
    elif kind == "script":
        base_name = rng.choice(script_bases())
        data = generated_script(base_name) if base_name.startswith("gen:") else Path(base_name).read_bytes()
        case.base = base_name if base_name.startswith("gen:") else Path(base_name).name
        case.target = "in/" + (case.base.replace(":", "-") + ".yaml" if base_name.startswith("gen:") else case.base)
        ref = None if base_name.startswith("gen:") else _board_ref(data)
        board_src = Path(base_name).parent / ref if ref else None
        on_board = bool(board_src and board_src.is_file() and rng.random() < 0.25)
        if on_board and board_src is not None:
            m = mutate_some(rng, board_src.read_bytes(), "yaml", family)
            case.files.append(write_input(folder, case.target, Mutated("none", "", data), strict=True))
            case.files.append(write_input(folder, f"in/{ref}", m, strict=True))
            case.desc = f"board {ref} beside the script: {m.desc}"
        else:
            m = mutate_some(rng, data, fmt, family)
            case.files.append(write_input(folder, case.target, m, strict=True))
            if board_src is not None and board_src.is_file():
                copy = Mutated("none", "", board_src.read_bytes())
                case.files.append(write_input(folder, f"in/{ref}", copy, strict=True))
            case.desc = m.desc
        case.entry, case.mode = "script", _mode(rng, family, m.data)
    elif kind == "save":
        case.base = rng.choice(SAVE_BASES)
        m = mutate_some(rng, generated_save(case.base), fmt, family)
        case.target = f"in/{case.base}.json"
        case.files.append(write_input(folder, case.target, m, strict=True))
        case.entry, case.mode = rng.choice(("replay", "script")), _mode(rng, family, m.data)
        case.desc = m.desc
    elif kind == "settings":
        case.base = "settings.json"
        m = mutate_some(rng, generated_settings(rng), fmt, family)
        case.files.append(write_input(folder, "config/settings.json", m, strict=False))
        case.entry, case.mode = "settings", _mode(rng, family, m.data)
        case.desc = m.desc
    elif kind in ("tutorial", "puzzle"):   # issue 16: the learning files are data a player can edit
        bases = sorted((ROOT / "learn" / ("tutorials" if kind == "tutorial" else "puzzles")).glob("*.yaml"))
        base = rng.choice(bases)
        m = mutate_some(rng, base.read_bytes(), fmt, family)
        case.base, case.target = base.name, f"in/{base.name}"
        case.files.append(write_input(folder, case.target, m, strict=True))
        case.mode = _mode(rng, family, m.data)
        case.entry = "tutorial" if kind == "tutorial" else "load_puzzle"
        case.desc = m.desc
    elif kind == "progress":
        case.base = "learn.json"
        m = mutate_some(rng, generated_progress(rng), fmt, family)
        case.files.append(write_input(folder, "config/learn.json", m, strict=False))
        case.entry, case.mode = "progress", _mode(rng, family, m.data)
        case.desc = m.desc
    elif kind == "autosave":
        _autosave_case(case, rng, folder)
    elif kind == "bssave":
        case.base = rng.choice(BS_SAVE_BASES)
        m = mutate_some(rng, generated_bs_save(case.base), fmt, family)
        case.target = f"in/{case.base}.json"
        case.files.append(write_input(folder, case.target, m, strict=True))
        case.entry, case.mode = "bsload", _mode(rng, family, m.data)
        case.desc = m.desc
    elif kind == "bsautosave":
        _autosave_case(case, rng, folder, generated_bs_save, BS_SAVE_BASES, "bscontinue")
    elif kind == "tables":      # the online table store (SQLite): its own module
        from tests.fuzz import tables
        tables.build(case, rng, folder)
    else:
        raise ValueError(f"unknown kind {kind}")
    return case


def _autosave_case(case: Case, rng: random.Random, folder: Path, generated_save: Any = generated_save,
                   bases: tuple[str, ...] = SAVE_BASES, entry: str = "continue") -> None:
    """autosave.json and autosave.prev.json in the data folder, one or both
    damaged (Blue Skies' autosaves: ``bscontinue``, read without the window)."""
    layout = rng.choice(("alone", "alone", "with-prev", "both", "prev-only", "latest-ok"))
    latest, prev = rng.choice(bases), rng.choice(bases)
    case.base = f"{layout}:{latest}/{prev}"
    fam = case.family
    parts = []
    datas: list[bytes | None] = []
    if layout != "prev-only":
        m = (Mutated("none", "", generated_save(latest)) if layout == "latest-ok"
             else mutate_some(rng, generated_save(latest), "json", fam))
        case.files.append(write_input(folder, "data/autosave.json", m, strict=False))
        parts.append(f"autosave.json: {m.desc or 'valid'}")
        datas.append(m.data)
    if layout in ("with-prev", "both", "prev-only", "latest-ok"):
        damaged = layout in ("both", "prev-only", "latest-ok")
        m = (mutate_some(rng, generated_save(prev), "json", fam) if damaged
             else Mutated("none", "", generated_save(prev)))
        case.files.append(write_input(folder, "data/autosave.prev.json", m, strict=False))
        parts.append(f"autosave.prev.json: {m.desc or 'valid'}")
        datas.append(m.data)
    case.entry = entry
    case.mode = _mode(rng, fam, *datas)
    case.desc = "; ".join(parts)
