"""The game log: the engine's events turned into sentences.

The log keeps events, not sentences (DESIGN.md habit 7), so it is told in the
language of the moment; these are pure functions of an entry, the airline
names and the board — no pygame, no scene.  An entry is one of::

    ("event", Event, {"airports": (code, code)})   # the market's airports, for a win
    ("note", key, params)                          # "↶ Undone", "Saved as …"
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from opensky.board.model import Board
from opensky.i18n import N_, city, month, tr, trn
from opensky.rules import events as E
from opensky.rules.constants import CALLSIGNS
from opensky.rules.events import Event
from opensky.rules.state import GameState

LogEntry = tuple[Any, ...]
#: How many entries the log keeps.
KEEP = 200

#: Events that make a line in the game log.
LOGGED = frozenset({
    E.PLANE_PLACED, E.SUBSIDY_TAKEN, E.MARKER_USED, E.HUB_PLACED, E.CALLSIGN_PLACED, E.MONTH_STARTED,
    E.DICE_ROLLED, E.MARKET_CHOSEN, E.BIDS_REVEALED, E.FLASH_DEAL, E.MARKET_WON, E.BID_SUBMITTED,
    E.AUTO_PASS, E.FLASH_DECLINED, E.ANCILLARIES_ATTACHED, E.MARKET_WALKED_AWAY, E.PLANES_FLOWN,
    E.SENSITIVITY_ROLLED, E.NOBODY_TRAVELS, E.LEASED, E.SEASON_RESET, E.GAME_OVER,
})


def entry(e: Event, st: GameState) -> LogEntry | None:
    """The log entry for an event (None: not logged).  The market's airports
    are kept with it: a win is told with them after the market is gone."""
    if e.kind not in LOGGED:
        return None
    m = st.market_json() or st.last_market
    ctx = {"airports": tuple(m["airports"])} if m else {}
    return ("event", e, ctx)


def note(key: str, **params: str) -> LogEntry:
    """A line of the screen's own (an English key, translated when shown)."""
    return ("note", key, params)


def od_names(board: Board, market: dict | None) -> tuple[str, str]:
    """The market's two cities, in the current language."""
    if not market:
        return ("?", "?")
    a, c = market["airports"]
    return (city(board.airports[board.airport_index[a]]), city(board.airports[board.airport_index[c]]))


def won_sentence(d: dict[str, Any], names: Sequence[str], od: tuple[str, str]) -> str:
    """“Ann wins Paris–London at 300 with one stop (fare 200 + 1 chit)”."""
    o, t = od
    stops = d["stops"]
    args = dict(name=names[d["player"]], o=o, t=t, price=d["price"])
    if stops == 0:
        line = tr("{name} wins {o}–{t} at {price} nonstop", **args)
    elif stops == 1:
        line = tr("{name} wins {o}–{t} at {price} with one stop", **args)
    else:
        line = tr("{name} wins {o}–{t} at {price} with {stops} stops", stops=stops, **args)
    if d["chits"]:
        line += " " + trn("(fare {fare} + 1 chit)", "(fare {fare} + {n} chits)", d["chits"], fare=d["fare"])
    return line


def line(item: LogEntry, names: Sequence[str], board: Board) -> str | None:
    """One log entry in words, in the current language (None: nothing to say)."""
    if item[0] == "note":
        return tr(item[1], **item[2])
    _, e, ctx = item
    say = _SAY.get(e.kind)
    return say(e.data, names, board, ctx) if say is not None else None


def shown(log: Sequence[LogEntry], rolling: Iterable[str]) -> int:
    """How many entries to show: a roll still tumbling on screen (its event
    kind in ``rolling``) is not told in words before it lands, nor anything
    after it."""
    kinds = set(rolling)
    if kinds:
        for i in range(len(log) - 1, -1, -1):
            item = log[i]
            if item[0] == "event" and item[1].kind in kinds:
                return i
    return len(log)


# ---------------------------------------------------------------- one sentence per kind

def _route(board: Board, r: int) -> str:
    a, c = board.routes[r]
    return f"{a}–{c}"


def _market_chosen(d: dict, n: Sequence[str], b: Board, ctx: dict) -> str:
    o, t = d["od"]
    who = ", ".join(f"{n[q]} " + (tr("nonstop") if x == 0 else trn("{n} stop", "{n} stops", x))
                    for q, x in d["stops"].items())
    return tr("Market {o}–{t}: {who}", o=tr(CALLSIGNS[o]), t=tr(CALLSIGNS[t]), who=who or tr("nobody can fly it"))


def _market_won(d: dict, n: Sequence[str], b: Board, ctx: dict) -> str:
    od = od_names(b, {"airports": ctx["airports"]}) if ctx.get("airports") else ("?", "?")
    return won_sentence(d, n, od)


def _ancillaries(d: dict, n: Sequence[str], b: Board, ctx: dict) -> str | None:
    if not d["count"]:
        return None
    return trn("{name} adds 1 ancillary chit: price {price}", "{name} adds {n} ancillary chits: price {price}",
               d["count"], name=n[d["player"]], price=d["price"])


def _sensitivity(d: dict, n: Sequence[str], b: Board, ctx: dict) -> str:
    key = (N_("Price die {roll} against {price}: accepted") if d["accepted"]
           else N_("Price die {roll} against {price}: the passengers walk away"))
    return tr(key, roll=d["roll"], price=d["price"])


def _leased(d: dict, n: Sequence[str], b: Board, ctx: dict) -> str | None:
    if not d["planes"]:
        return None
    return trn("{name} leases 1 plane", "{name} leases {n} planes", d["planes"], name=n[d["player"]])


def _plane_placed(d: dict, n: Sequence[str], b: Board, ctx: dict) -> str:
    key = N_("{name} places a leased plane on {route}") if d["leased"] else N_("{name} places a plane on {route}")
    return tr(key, name=n[d["player"]], route=_route(b, d["route"]))


_SAY = {
    E.PLANE_PLACED: _plane_placed,
    E.SUBSIDY_TAKEN: lambda d, n, b, c: tr("{name} takes the {callsign} subsidy (+50)", name=n[d["player"]],
                                           callsign=tr(CALLSIGNS[d["callsign"]])),
    E.MARKER_USED: lambda d, n, b, c: tr("{name} puts a cross-border marker on {route}", name=n[d["player"]],
                                         route=_route(b, d["route"])),
    E.HUB_PLACED: lambda d, n, b, c: tr("{name} opens a hub at {city}", name=n[d["player"]],
                                        city=city(b.airports[d["airport"]])),
    E.CALLSIGN_PLACED: lambda d, n, b, c: tr("{name} puts {callsign} on {city}", name=n[d["player"]],
                                             callsign=tr(CALLSIGNS[d["callsign"]]),
                                             city=city(b.airports[d["airport"]])),
    E.MONTH_STARTED: lambda d, n, b, c: tr("— {month}: {name} rolls —", month=month(d["month"]), name=n[d["roller"]]),
    E.DICE_ROLLED: lambda d, n, b, c: tr("Dice: {dice}", dice=", ".join(tr(CALLSIGNS[x]) for x in d["dice"])),
    E.MARKET_CHOSEN: _market_chosen,
    E.BIDS_REVEALED: lambda d, n, b, c: tr("Bids: {bids}", bids=", ".join(
        f"{n[q]} {v if v is not None else tr('pass')}" for q, v in d["bids"].items())),
    E.FLASH_DEAL: lambda d, n, b, c: tr("{name} plays the flash deal: {old} → {new}", name=n[d["player"]],
                                        old=d["old"], new=d["new"]),
    E.MARKET_WON: _market_won,
    E.BID_SUBMITTED: lambda d, n, b, c: tr("{name} has bid (face down)", name=n[d["player"]]),
    E.AUTO_PASS: lambda d, n, b, c: tr("{name} has no card left and passes", name=n[d["player"]]),
    E.FLASH_DECLINED: lambda d, n, b, c: tr("{name} keeps their fare", name=n[d["player"]]),
    E.ANCILLARIES_ATTACHED: _ancillaries,
    E.MARKET_WALKED_AWAY: lambda d, n, b, c: tr(
        "The passengers walk away from {name}; next best: {next}", name=n[d["player"]],
        next=tr(" and ").join(n[q] for q in d["next_winners"]) or tr("nobody")),
    E.PLANES_FLOWN: lambda d, n, b, c: tr("{name} flies {path}", name=n[d["player"]],
                                          path="–".join(b.airports[i].code for i in d["path"])),
    E.SENSITIVITY_ROLLED: _sensitivity,
    E.NOBODY_TRAVELS: lambda d, n, b, c: tr("Nobody travels ({reason})", reason=tr(d["reason"])),
    E.LEASED: _leased,
    E.SEASON_RESET: lambda d, n, b, c: tr("— Season 2: every plane leaves the board —"),
    E.GAME_OVER: lambda d, n, b, c: tr("Game over: {names} win", names=tr(" and ").join(n[q] for q in d["winners"])),
}
