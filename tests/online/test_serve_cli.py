"""``main.py serve`` and ``main.py join`` on the command line: what a person
can get wrong gives one line and a non-zero exit, never a traceback (a
served game killed with SIGKILL and resumed: ``test_loopback_faults.py``)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env)


def _one_line(r: subprocess.CompletedProcess[str]) -> str:
    assert r.returncode != 0
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


def test_serve_refuses_a_tables_file_that_is_not_one(tmp_path: Path) -> None:
    (tmp_path / "tables.sqlite").write_bytes(b"this is not a database " * 200)
    line = _one_line(_run("serve", "--port", "0", "--data", str(tmp_path), timeout=30))
    assert "tables file cannot be opened" in line
    assert (tmp_path / "tables.sqlite").read_bytes() == b"this is not a database " * 200  # never overwritten


def test_serve_refuses_a_data_folder_that_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    assert "is not a folder" in _one_line(_run("serve", "--data", str(f), timeout=30))


def test_serve_refuses_a_bad_port(tmp_path: Path) -> None:
    assert "--port" in _one_line(_run("serve", "--port", "70000", "--data", str(tmp_path), timeout=30))


@pytest.mark.parametrize("args, words", [
    (("join", "no spaces allowed", "ABCDEF"), "is not an address"),
    (("join", "example.org:99999", "ABCDEF"), "is not an address"),
    (("join", "127.0.0.1", "ABC"), "join code"),
    (("join", "127.0.0.1", "OOOOOO"), "join code"),   # O is not in the alphabet
])
def test_join_refuses_what_cannot_be_joined(args: tuple[str, ...], words: str) -> None:
    assert words in _one_line(_run(*args, timeout=30))
