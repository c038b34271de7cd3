"""The online games this computer hosted and has not finished, as the saves
screen lists them: read from ``online.sqlite``, summed up, removed.

No pygame: what a row says is worked out here, the screen only draws it
(``hostedlist``).  The file is hostile: one that is missing, not a regular
file (a folder, a FIFO — opening one would block), or not SQLite gives an
empty list; a table that does not replay is left out with one line in the
log (``TableStore.unfinished``).  Hosting one again is the lobby's
``resume_hosting``, as the title's Continue does for the latest.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from opensky.i18n import N_, month, name_of, tr
from opensky.online.table import REMOTE, Table
from opensky.ui.online.lobby import open_store, remove_table, store_file_ok

LOG = logging.getLogger("opensky.online")

#: the most tables the list shows (each is replayed to say where it stands)
MOST = 40
#: the games' own names, as they are in every language
GAME_NAMES = {"opensky": "OpenSky", "blue_skies": "Blue Skies"}
WAITING = N_("waiting for friends to join")


@dataclass(frozen=True)
class HostedTable:
    """One unfinished table, as the list shows it."""

    code: str
    game: str                    #: "opensky" or "blue_skies"
    board: str                   #: the board's name in the current language
    airlines: tuple[str, ...]
    friends: tuple[str, ...]     #: the airlines flown from other computers
    stage: str                   #: the month or round reached (or waiting), translated
    updated: float               #: when it was last played (seconds since the epoch)

    @property
    def title(self) -> str:
        """The row's first line: the game and the board."""
        return f"{GAME_NAMES.get(self.game, self.game)} · {self.board}"

    def line(self) -> str:
        """The row's second line: the airlines, where the game stands, when it was last played."""
        return " · ".join((", ".join(self.airlines), self.stage, tr("last played {when}", when=when(self.updated))))


def when(t: float, now: datetime | None = None) -> str:
    """When a table was last played, as a person says it: today, yesterday, or the date."""
    try:
        d = datetime.fromtimestamp(t)
    except (ValueError, OverflowError, OSError):
        return "?"
    today = (now or datetime.now()).date()
    if d.date() == today:
        return tr("today {time}", time=d.strftime("%H:%M"))
    if d.date() == today - timedelta(days=1):
        return tr("yesterday {time}", time=d.strftime("%H:%M"))
    return d.strftime("%Y-%m-%d %H:%M")


def _stage(table: Table) -> str:
    if not table.started:
        return tr(WAITING)
    st = table.state
    if hasattr(st, "month"):
        return month(st.month)
    rnd = getattr(st, "round", 0)
    return tr("round {n}", n=rnd) if rnd else tr("setting up")


def summary(table: Table, updated: float) -> HostedTable:
    """What the list says of a stored table."""
    board = table.session.board
    return HostedTable(table.code, table.game.kind, name_of(getattr(board, "extra", None), board.name),
                       tuple(s.name for s in table.seats), tuple(s.name for s in table.seats if s.kind == REMOTE),
                       _stage(table), updated)


def list_hosted(most: int = MOST) -> list[HostedTable]:
    """The unfinished tables hosted here, the one played last first; [] when there are none or the file is not a store."""
    if not store_file_ok():
        return []
    store, _ = open_store()
    if store is None:
        return []
    try:
        found = store.unfinished(most)
    except Exception as e:  # noqa: BLE001 - a hostile file never stops the saves screen
        LOG.warning("online.sqlite cannot be listed: %s", type(e).__name__)
        return []
    finally:
        store.close()
    out = []
    for table, updated in found:
        try:
            if not table.finished:
                out.append(summary(table, updated))
        except Exception as e:  # noqa: BLE001 - a table that replayed but cannot be summed up is left out
            LOG.warning("table %s: cannot be listed (%s)", table.code, type(e).__name__)
    return out


def delete_hosted(code: str) -> str:
    """Remove a table from ``online.sqlite``: "" or why it could not be."""
    if not store_file_ok():
        return tr("the file of online games is gone")
    return remove_table(code)


__all__ = ["HostedTable", "delete_hosted", "list_hosted", "summary"]
