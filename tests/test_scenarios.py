"""Scripted scenarios end to end: tests/scenarios (our rulings, refusals
included) and the public ones in ../shared/scenarios when present.

Same contract as shared/tools/check-scenarios: NAME.expect.json must be a
subset of the printed state; NAME.expect-exit gives the exit status and words
the one-line refusal must contain."""
from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from opensky.cli import main

ROOT = Path(__file__).resolve().parents[1]
DIRS = [ROOT / "tests" / "scenarios", ROOT.parent / "shared" / "scenarios",
        # Blue Skies (issue 18): our hand-computed ones, the contract's example, the public ones
        ROOT / "tests" / "scenarios" / "blueskies", ROOT / "tests" / "blueskies" / "contract",
        ROOT.parent / "shared" / "blueskies" / "scenarios"]
SCENARIOS = [f for d in DIRS if d.is_dir() for f in sorted(d.glob("*.yaml")) if not f.name.endswith(".board.yaml")]


def subset(want, got, path="$"):
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{path}: expected an object"
        for k, v in want.items():
            if k not in got:
                return f"{path}.{k}: missing"
            why = subset(v, got[k], f"{path}.{k}")
            if why:
                return why
        return None
    if isinstance(want, list) and want and all(isinstance(x, dict) for x in want):
        if not isinstance(got, list) or len(got) != len(want):
            return f"{path}: expected {len(want)} items"
        for i, (w, g) in enumerate(zip(want, got)):
            why = subset(w, g, f"{path}[{i}]")
            if why:
                return why
        return None
    return None if want == got else f"{path}: expected {want!r}, got {got!r}"


def test_there_are_scenarios():
    assert len([f for f in SCENARIOS if f.parent == DIRS[0]]) >= 40
    assert len([f for f in SCENARIOS if f.parent == DIRS[2]]) >= 30


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.stem}")
def test_scenario(path: Path):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["script", str(path)])
    stem = str(path)[:-5]
    exit_file = Path(stem + ".expect-exit")
    if exit_file.exists():
        words = exit_file.read_text().split()
        assert code == int(words[0]), err.getvalue()
        assert "Traceback" not in err.getvalue()
        if code != 0:
            assert out.getvalue() == ""
            assert len(err.getvalue().strip().splitlines()) == 1
        for w in words[1:]:
            assert w in err.getvalue(), err.getvalue()
    else:
        assert code == 0, err.getvalue()
        why = subset(json.loads(Path(stem + ".expect.json").read_text()), json.loads(out.getvalue()))
        assert why is None, why
