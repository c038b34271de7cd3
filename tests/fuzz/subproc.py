"""Run a case in a real subprocess, the way a player starts the program.

Why: a FIFO with no writer blocks ``open`` forever and ``/dev/zero`` never
ends; only a separate process can be stopped from outside.  A handful of
ordinary cases go this way too, so the real start (``main.py``, its stdout
and stderr, exit status, crash handler) is checked and not only the
in-process call.  Each subprocess runs in its own session with an address-
space cap, is killed after ``SUBPROCESS_TIMEOUT`` and its own peak memory is
read from its VmHWM.
"""
from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.fuzz.cases import ROOT, Case
from tests.fuzz.entries import (
    SLOW_SUBPROCESS, SUBPROCESS_AS_BYTES, SUBPROCESS_RSS_MB, SUBPROCESS_TIMEOUT, Result, check_cli, finish,
    mark_supersedable, parse_traceback_text,
)


#: entries run in a child by the entries module (the window without ``main.py``'s own start)
VIA_ENTRIES = ("continue", "load_puzzle", "progress", "bsload", "bscontinue", "hosted")
#: what ``serve`` prints once it listens (then it is sent SIGTERM)
LISTENING = "listening on"


def command(case: Case) -> list[str]:
    """The command line of the case's entry point."""
    py, main = sys.executable, str(ROOT / "main.py")
    target = Path(case.target).name          # run from the file's folder, as a player would
    if case.entry in ("script", "replay"):
        return [py, main, case.entry, target]
    if case.entry in ("simulate", "load_board"):
        return [py, main, "simulate", "--games", "1", "--board", target]
    if case.entry == "settings":
        return [py, main]                      # the window: title screen, first frame, quit
    if case.entry in VIA_ENTRIES:
        return [py, "-m", "tests.fuzz.entries", str(Path(case.folder) / "case.json")]
    if case.entry == "serve":               # the headless host on the case's data folder, any free port
        return [py, main, "serve", "--data", str(Path(case.folder) / "data"), "--port", "0",
                "--address", "127.0.0.1"]
    if case.entry == "tutorial":
        return [py, main, "tutorial", target]
    if case.entry == "selftest-subproc-hang":          # the harness's own tests
        return [py, "-c", "import time; time.sleep(600)"]
    if case.entry == "selftest-subproc-traceback":
        return [py, "-c", "raise TypeError('deliberate')"]
    raise ValueError(case.entry)


def environment(case: Case) -> dict[str, str]:
    folder = Path(case.folder)
    env = dict(os.environ)
    env.update({
        "OPENSKY_DATA_DIR": str(folder / "data"), "OPENSKY_CONFIG_DIR": str(folder / "config"),
        "TMPDIR": str(folder / "tmp"), "OPENSKY_EXIT_AFTER_FIRST_FRAME": "1",
        "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1",
    })
    return env


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (SUBPROCESS_AS_BYTES, SUBPROCESS_AS_BYTES))


def _peak_kb(pid: int) -> int:
    """Peak memory of the running program (VmHWM of its own address space).

    Not ``wait4``'s ``ru_maxrss``: Linux counts in it the memory of the
    process that forked the child, i.e. the worker's."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def run_subprocess(case: Case, timeout: float | None = None) -> Result:
    """Run the case's command, wait at most ``timeout`` seconds, check it.
    (``$OPENSKY_FUZZ_SUBPROCESS_TIMEOUT`` shortens it for the harness's own tests.)"""
    if timeout is None:
        timeout = float(os.environ.get("OPENSKY_FUZZ_SUBPROCESS_TIMEOUT", SUBPROCESS_TIMEOUT))
    r = Result(case.label(), case.kind, case.seed, case.entry, case.mode, case.family)
    folder = Path(case.folder)
    mark_supersedable(case)
    if case.entry in VIA_ENTRIES:
        (folder / "case.json").write_text(json.dumps(case.to_json()))
    out_path, err_path = folder / "stdout.txt", folder / "stderr.txt"
    t0 = time.perf_counter()
    with open(out_path, "wb") as fo, open(err_path, "wb") as fe:
        p = subprocess.Popen(command(case), stdin=subprocess.DEVNULL, stdout=fo, stderr=fe,
                             cwd=folder / "in", env=environment(case), start_new_session=True,
                             preexec_fn=_limit)
    status, peak_kb, hung = 0, 0, False
    stopping = case.entry != "serve"
    while True:
        pid, status = os.waitpid(p.pid, os.WNOHANG)
        if pid:
            break
        peak_kb = max(peak_kb, _peak_kb(p.pid))
        if not stopping and LISTENING in out_path.read_text(errors="replace"):
            os.kill(p.pid, signal.SIGTERM)   # serve listens: stop it as a person would
            stopping = True
        if time.perf_counter() - t0 > timeout:
            os.killpg(p.pid, signal.SIGKILL)
            _, status = os.waitpid(p.pid, 0)
            hung = True
            break
        time.sleep(0.005)
    p.returncode = os.waitstatus_to_exitcode(status)   # reaped here, not by Popen
    r.seconds = time.perf_counter() - t0
    r.rss_mb = peak_kb / 1024
    out = out_path.read_text(errors="replace")
    err = err_path.read_text(errors="replace")
    if hung:
        r.fail("hang", f"no exit after {timeout:.0f} s; killed (stderr: {err.strip()[-200:]!r})")
    elif p.returncode < 0:
        r.fail("killed", f"died of signal {-p.returncode}; stderr: {err.strip()[-300:]!r}")
    else:
        _check(r, case, p.returncode, out, err)
    finish(r, case, SLOW_SUBPROCESS if not hung else float("inf"), r.rss_mb, SUBPROCESS_RSS_MB)
    return r


def _check(r: Result, case: Case, rc: int, out: str, err: str) -> None:
    if case.entry == "tutorial":
        check_cli(r, "replay", rc, out, err)   # exit 0 with a frame drawn, or 2 with one line
        return
    if case.entry == "serve":
        from tests.fuzz.tablecheck import check_serve
        check_serve(r, rc, out, err)
        return
    if case.entry in VIA_ENTRIES:
        line = next((ln for ln in reversed(out.splitlines()) if ln.startswith("FUZZRESULT ")), None)
        if line is None:
            if "Traceback" in err:
                parse_traceback_text(r, err)
            r.fail("traceback" if "Traceback" in err else "bad-exit",
                   f"exit {rc}, no result; stderr: {err.strip()[-300:]!r}")
            return
        child = json.loads(line[len("FUZZRESULT "):])
        for key in ("outcome", "message", "exc_type", "frames", "masked"):
            setattr(r, key, child[key])
        for cat, detail in child["failures"]:
            r.fail(cat, detail)
        return
    if case.entry == "settings":
        if "Traceback (most recent call last)" in err:
            parse_traceback_text(r, err)
            r.fail("traceback", err.strip().splitlines()[-1][:500])
        elif rc != 0:
            r.fail("bad-exit", f"the window exited {rc}; stderr: {err.strip()[-300:]!r}")
        elif "FRAME" not in out:
            r.fail("bad-output", "the window exited 0 without drawing a frame")
        else:
            r.outcome = "worked"
        return
    check_cli(r, "script" if case.entry == "script" else case.entry, rc, out, err)

