"""A worker process that runs cases, and the ``Pool`` that drives it.

Why a separate process: a case that hangs in C (a blocking ``open`` of a FIFO,
a giant text render) or eats memory must not freeze or kill the test run.
The worker builds and runs cases one by one, in-process (``entries``) or in a
subprocess of its own (``subproc``); the parent waits at most ``timeout``
seconds for each, kills the worker's whole session on a hang and starts a new
one for the next case.  The worker also caps its own address space, so a
memory bomb ends as a ``MemoryError`` in the case rather than in the machine.

Protocol: one JSON line per request on a pipe (``{"kind", "seed"}``), and on
another pipe a ``start`` line (the case's label, so a hang is still
described) then a ``result`` line.  The worker's stdin is /dev/null, so a
mutated path such as ``/dev/stdin`` cannot read the requests.
"""
from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable

from tests.fuzz.cases import ROOT, Case, FileRec, build_case, sha256
from tests.fuzz.entries import SLOW_SECONDS, Result, check_message, run_inprocess

WORKER_AS_EXTRA = 2 * 1024 ** 3    # address space the worker may grow by


# ---------------------------------------------------------------- self-tests of the harness

def _st_ok(r: Result, case: Case) -> None:
    r.outcome = "worked"


def _st_refuse(r: Result, case: Case, message: str = "x.json: damaged") -> None:
    r.outcome = "refused"
    check_message(r, message)


def _st_raise(r: Result, case: Case) -> None:
    table: dict[str, int] = {}
    table["missing"] += 1      # a deliberate KeyError, as a bug in the program would raise


def _st_slow(r: Result, case: Case) -> None:
    time.sleep(SLOW_SECONDS + 0.3)
    r.outcome = "worked"


def _st_hang(r: Result, case: Case) -> None:
    time.sleep(3600)


def _st_modify(r: Result, case: Case) -> None:
    (Path(case.folder) / case.target).write_bytes(b"changed")
    r.outcome = "worked"


def _st_lose(r: Result, case: Case) -> None:
    (Path(case.folder) / "config" / "settings.json").write_text("{}")
    r.outcome = "worked"


def _st_move_aside(r: Result, case: Case) -> None:
    p = Path(case.folder) / "config" / "settings.json"
    p.rename(p.with_name("settings.json.bad"))
    p.write_text("{}")
    r.outcome = "worked"


def _st_thread(r: Result, case: Case) -> None:
    t = threading.Thread(target=lambda: 1 / 0)
    t.start()
    t.join()
    r.outcome = "worked"


def _st_crash_log(r: Result, case: Case) -> None:
    logs = Path(case.folder) / "data" / "logs"
    logs.mkdir(parents=True)
    (logs / "crash-1.log").write_text('Traceback (most recent call last):\n  File "x.py", line 1, in f\n'
                                      "ValueError: deliberate\n")
    r.outcome = "worked"


def _st_memory(r: Result, case: Case) -> None:
    blob = b"\x01" * (400 * 1024 * 1024)    # written, so really resident
    r.outcome = "worked" if blob[-1] else "refused"


SELFTESTS: dict[str, Callable[[Result, Case], None]] = {
    "ok": _st_ok,
    "refuse": _st_refuse,
    "raise": _st_raise,
    "modify": _st_modify,
    "lose-damaged": _st_lose,
    "move-aside": _st_move_aside,
    "multiline": lambda r, c: _st_refuse(r, c, "one\ntwo"),
    "long-message": lambda r, c: _st_refuse(r, c, "x" * 1000),
    "slow": _st_slow,
    "memory": _st_memory,
    "thread": _st_thread,
    "crash-log": _st_crash_log,
    "hang": _st_hang,
    "subproc-hang": _st_ok,             # run by subproc.command's selftest hook
    "subproc-traceback": _st_ok,
}
SELFTEST_NAMES = list(SELFTESTS)


def build_selftest(seed: int, folder: Path) -> Case:
    """A case with one strict input and one damaged settings file, for a fake entry."""
    name = SELFTEST_NAMES[seed]
    for sub in ("in", "data", "config", "tmp"):
        (folder / sub).mkdir(exist_ok=True)
    (folder / "in" / "input.txt").write_bytes(b"input")
    (folder / "config" / "settings.json").write_bytes(b"{damaged")
    files = [FileRec("in/input.txt", True, sha256(b"input")),
             FileRec("config/settings.json", True, sha256(b"{damaged"), strict=False)]
    mode = "subproc" if name.startswith("subproc") else "inproc"
    return Case("selftest", seed, name, "selftest", "selftest-" + name, mode, name, str(folder),
                "in/input.txt", files)


# ---------------------------------------------------------------- the worker

def run_case(case: Case) -> Result:
    """Run a built case in the mode it asks for."""
    if case.mode == "subproc":
        from tests.fuzz.subproc import run_subprocess
        return run_subprocess(case)
    if case.kind == "selftest":
        return run_inprocess(case, {case.entry: SELFTESTS[case.family]})
    return run_inprocess(case)


def _limit_memory() -> None:
    import resource
    try:
        with open("/proc/self/status") as f:
            size_kb = next(int(ln.split()[1]) for ln in f if ln.startswith("VmSize:"))
    except (OSError, StopIteration, ValueError):
        return
    cap = size_kb * 1024 + WORKER_AS_EXTRA
    resource.setrlimit(resource.RLIMIT_AS, (cap, resource.RLIM_INFINITY))


def serve(cmd_fd: int, res_fd: int, base: Path) -> None:
    """The worker's loop: build, announce, run, report, clean up."""
    os.environ.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                       "PYGAME_HIDE_SUPPORT_PROMPT": "1", "OPENSKY_EXIT_AFTER_FIRST_FRAME": "1"})
    import pygame  # noqa: F401 - imported before the memory cap is measured
    import opensky.ui.app  # noqa: F401
    _limit_memory()
    out = os.fdopen(res_fd, "w", buffering=1)
    for line in os.fdopen(cmd_fd):
        req = json.loads(line)
        kind, seed, keep = req["kind"], int(req["seed"]), bool(req.get("keep"))
        folder = base / f"{kind}-{seed}"
        _remove(folder)
        folder.mkdir(parents=True)
        os.environ["OPENSKY_DATA_DIR"] = str(folder / "data")
        os.environ["OPENSKY_CONFIG_DIR"] = str(folder / "config")
        _forget_seal_key()
        os.chdir(base)
        try:
            case = build_selftest(seed, folder) if kind == "selftest" else build_case(kind, seed, folder)
        except Exception as e:  # noqa: BLE001 - a bug of the harness, reported as such
            r = Result(f"{kind}:{seed} (not built)", kind, seed, "?", "?", "?")
            r.fail("harness-error", f"building the case failed: {type(e).__name__}: {e}")
            out.write(json.dumps({"event": "result", "result": asdict(r)}) + "\n")
            continue
        out.write(json.dumps({"event": "start", "label": case.label(), "entry": case.entry,
                              "mode": case.mode, "family": case.family}) + "\n")
        os.chdir(folder / "in")          # a player names the file from its own folder
        r = run_case(case)
        os.chdir(base)
        _fresh_pygame()
        out.write(json.dumps({"event": "result", "result": asdict(r)}) + "\n")
        if not keep:
            _remove(folder)


def _fresh_pygame() -> None:
    """Each case starts as a new program would: no window, no cached fonts
    (``replay`` ends with ``pygame.quit()``, which kills every cached font)."""
    mod = sys.modules.get("opensky.ui.assets")
    if mod is None:
        return
    import pygame
    pygame.quit()
    for name in ("font", "text"):
        clear = getattr(getattr(mod, name, None), "cache_clear", None)
        if clear is not None:
            clear()


def _forget_seal_key() -> None:
    try:
        from opensky.persistence import sealkey
        getattr(sealkey, "forget", lambda: None)()
    except ImportError:
        pass


def _remove(folder: Path) -> None:
    if folder.exists() or folder.is_symlink():
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- the parent side

class Pool:
    """Runs cases in a worker process; restarts it after a hang or a death."""

    def __init__(self, base: Path, timeout: float = 20.0, keep: bool = False,
                 env: dict[str, str] | None = None) -> None:
        self.base = Path(base)
        self.env = env or {}
        self.timeout = timeout
        self.keep = keep
        self.proc: subprocess.Popen[bytes] | None = None
        self.buf = b""
        self.base.mkdir(parents=True, exist_ok=True)
        self.log = self.base / f"worker-{os.getpid()}-{id(self)}.log"

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _spawn(self) -> None:
        cmd_r, self.cmd_w = os.pipe()
        self.res_r, res_w = os.pipe()
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1", **self.env)
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tests.fuzz.worker", str(cmd_r), str(res_w), str(self.base)],
                pass_fds=(cmd_r, res_w), stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd=ROOT,
                env=env, start_new_session=True)
        os.close(cmd_r)
        os.close(res_w)
        self.buf = b""

    def close(self) -> None:
        if self.proc is None:
            return
        try:
            os.close(self.cmd_w)           # the worker's loop ends on EOF
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self._kill()
        finally:
            os.close(self.res_r)
            self.proc = None

    def _kill(self) -> None:
        assert self.proc is not None
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)   # the worker and its subprocesses, by our own id
        except ProcessLookupError:
            pass
        self.proc.wait()

    def _line(self, deadline: float) -> dict[str, Any] | None:
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.res_r], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.res_r, 1 << 20)
            if not chunk:
                return {"event": "eof"}
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        msg: dict[str, Any] = json.loads(line)
        return msg

    def run(self, kind: str, seed: int) -> Result:
        """One case; a hang or a dead worker comes back as a failed Result."""
        if self.proc is None:
            self._spawn()
        assert self.proc is not None
        os.write(self.cmd_w, (json.dumps({"kind": kind, "seed": seed, "keep": self.keep}) + "\n").encode())
        start: dict[str, Any] = {"label": f"{kind}:{seed}", "entry": "?", "mode": "?", "family": "?"}
        t0 = time.monotonic()
        deadline = t0 + self.timeout
        while True:
            msg = self._line(deadline)
            if msg is not None and msg["event"] == "start":
                start = msg
                continue
            if msg is not None and msg["event"] == "result":
                return Result(**msg["result"])
            r = Result(start["label"], kind, seed, start["entry"], start["mode"], start["family"])
            r.seconds = time.monotonic() - t0
            if msg is None:
                self._kill()
                r.fail("hang", f"no result after {self.timeout:.0f} s; the worker was killed")
            else:
                self.proc.wait()
                r.fail("worker-died", f"the worker died (status {self.proc.returncode}): {self._log_tail()}")
            os.close(self.res_r)
            os.close(self.cmd_w)
            self.proc = None
            return r

    def _log_tail(self) -> str:
        try:
            return " | ".join(self.log.read_text(errors="replace").strip().splitlines()[-5:])[:600]
        except OSError:
            return ""


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]))
