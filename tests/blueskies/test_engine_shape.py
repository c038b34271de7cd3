"""Blue Skies' engine keeps the habits of OpenSky's (DESIGN.md): pure, no window,
no I/O, chance only through chance_outcomes, one home for the secret."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "opensky" / "blueskies"


def test_importing_the_engine_loads_no_window_and_not_opensky_rules_state():
    code = ("import sys, opensky.blueskies.state, opensky.blueskies.session, opensky.blueskies.view, "
            "opensky.blueskies.jsonstate; "
            "bad = [m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'opensky.ui', "
            "'opensky.rules.state', 'opensky.ai', 'opensky.play'))]; print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_no_io_and_no_random_draws_in_the_rules():
    for f in PKG.glob("*.py"):
        imps = _imports(f)
        assert not imps & {"os", "io", "pathlib", "subprocess", "socket", "time"} or f.name == "board.py", f.name
        if f.name not in ("session.py", "view.py"):
            # the state never draws: the session (a seeded generator) and determinize (given one) do
            assert "random" not in imps, f.name
        text = f.read_text()
        if f.name not in ("board.py",):
            assert not re.search(r"(?<![\w.])open\(", text), f.name


def test_hands_are_hidden_only_by_the_view_module():
    # "one home of the secret": only view.py builds a view (sets viewer / unknown)
    for f in PKG.glob("*.py"):
        text = f.read_text()
        if f.name in ("view.py", "state.py"):
            continue
        assert ".viewer =" not in text and ".unknown =" not in text, f.name


def test_modules_stay_small():
    for f in PKG.glob("*.py"):
        assert len(f.read_text().splitlines()) <= 600, f.name
