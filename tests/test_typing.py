"""DESIGN habit 9: opensky/ is mypy-clean."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_clean():
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.skip("mypy is installed by requirements-dev.txt")
    r = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_below_the_window():
    """Issue 14: the engine, boards, saves, computer players and the play
    layer are clean under ``mypy --strict``."""
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.skip("mypy is installed by requirements-dev.txt")
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "opensky/rules",
                        "opensky/board", "opensky/persistence", "opensky/ai", "opensky/play", "opensky/blueskies",
                        "opensky/online"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
