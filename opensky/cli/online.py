"""``python main.py serve`` (a headless host for many tables) and
``python main.py join HOST[:PORT] CODE`` (the window, joining a table).

``serve`` keeps its tables in ``DIR/tables.sqlite`` and its seal key in
``DIR`` (the data folder is pointed there), so a server restarted on the same
folder resumes every table exactly.  It prints one line when it listens
(``listening on ADDRESS:PORT``, the port it bound, useful with ``--port 0``)
and a line per table it could not resume; Ctrl+C or SIGTERM closes it after
saying ``bye`` to every client.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import signal
import sys
from pathlib import Path

from opensky.cli.errors import CliError
from opensky.textlimits import one_line

TABLES_FILE = "tables.sqlite"


def run_serve(args: argparse.Namespace) -> int:
    if not 0 <= args.port < 65536:
        raise CliError(f"opensky serve: --port must be 0 to 65535, not {args.port}")
    data = Path(args.data).expanduser() if args.data else None
    if data is not None:
        if data.exists() and not data.is_dir():
            raise CliError(f"opensky serve: {one_line(str(data), 120)} is not a folder")
        try:
            data.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CliError(f"opensky serve: cannot make the data folder ({e.strerror or type(e).__name__})")
        os.environ["OPENSKY_DATA_DIR"] = str(data)   # the seal key lives beside the tables
    from opensky.online.server import Host, run, run_loop
    from opensky.online.tablestore import TableStore
    from opensky.userdirs import data_dir
    try:
        store = TableStore(data_dir() / TABLES_FILE, background_checkpoints=True)
    except Exception as e:  # noqa: BLE001 - sqlite3.Error, OSError: one line
        raise CliError(f"opensky serve: the tables file cannot be opened ({type(e).__name__})")
    host = Host(store, allow_create=True, workers=max(1, args.workers))
    for problem in host.resume():
        print(one_line(f"opensky serve: left out {problem}", 300), file=sys.stderr)
    # the resumed tables and the loaded code live as long as the server: keep
    # them out of the collector's way (fewer, shorter pauses under load)
    gc.collect()
    gc.freeze()
    # a step makes and drops many small objects (views, frames): the young
    # generation is collected every 50,000 allocations rather than 700 (bench_online,
    # 50 tables x 4 at full speed: 0.46 -> 0.43 ms of CPU a step, p95 33 -> 30 ms)
    gc.set_threshold(50_000, 20, 100)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises instead
                pass

        def ready(port: int) -> None:
            print(f"listening on {args.address}:{port} ({len(host.tables)} tables resumed; "
                  f"{type(asyncio.get_running_loop()).__module__.split('.')[0]} event loop)", flush=True)
        await run(host, args.address, args.port, ready, stop)
    try:
        try:
            run_loop(main, args.loop)
        except LookupError as e:
            raise CliError(f"opensky serve: --loop uvloop: {e}")
    except OSError as e:
        raise CliError(f"opensky serve: cannot listen on {args.address}:{args.port} "
                       f"({e.strerror or type(e).__name__})")
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    return 0


def run_join(args: argparse.Namespace) -> int:
    from opensky.online.client import split_address
    from opensky.online.protocol import normal_code
    where = split_address(args.address)
    if where is None:
        raise CliError(f"opensky join: {one_line(args.address, 60)} is not an address (HOST or HOST:PORT)")
    code = normal_code(args.code)
    if code is None:
        raise CliError("opensky join: a join code is 6 letters and digits, as the host's screen shows it")
    if args.name is not None and not 0 < len(args.name) <= 100:
        raise CliError("opensky join: --name must be 1 to 100 characters (one airline, or several with commas)")
    from opensky.cli.window import _app_module
    app_module = _app_module()
    from opensky.ui.screens import screen
    app = app_module.App()
    app.push(screen("title")(app))
    app.push(screen("join")(app, address=args.address, code=code, name=args.name, connect=True))
    return int(app.run() or 0)
