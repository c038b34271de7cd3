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


def won_sentence(e: E.MarketWon, names: Sequence[str], od: tuple[str, str]) -> str:
    """“Ann wins Paris–London at 300 with one stop (fare 200 + 1 chit)”."""
    o, t = od
    stops = e.stops
    args = dict(name=names[e.player], o=o, t=t, price=e.price)
    if stops == 0:
        line = tr("{name} wins {o}–{t} at {price} nonstop", **args)
    elif stops == 1:
        line = tr("{name} wins {o}–{t} at {price} with one stop", **args)
    else:
        line = tr("{name} wins {o}–{t} at {price} with {stops} stops", stops=stops, **args)
    if e.chits:
        line += " " + trn("(fare {fare} + 1 chit)", "(fare {fare} + {n} chits)", e.chits, fare=e.fare)
    return line


def line(item: LogEntry, names: Sequence[str], board: Board) -> str | None:
    """One log entry in words, in the current language (None: nothing to say)."""
    if item[0] == "note":
        return tr(item[1], **item[2])
    _, e, ctx = item
    return _say(e, names, board, ctx)


def shown(log: Sequence[LogEntry], rolling: Iterable[str], untold: LogEntry | None = None) -> int:
    """How many entries to show: nothing from the first entry not told yet
    on screen (``untold``, or ``rolling.untold``: the animator tells an
    action's events one step after the other), and a roll still tumbling on
    screen (its event kind in ``rolling``) is not told in words before it
    lands, nor anything after it."""
    if untold is None:
        untold = getattr(rolling, "untold", None)
    if untold is not None:
        for i in range(len(log) - 1, -1, -1):
            if log[i] is untold:
                return i
    kinds = set(rolling)
    if kinds:
        for i in range(len(log) - 1, -1, -1):
            item = log[i]
            if item[0] == "event" and item[1].kind in kinds:
                return i
    return len(log)


# ---------------------------------------------------------------- one sentence per kind

#: Why nobody travels, in words (translated where shown).
NOBODY_REASONS: dict[E.NobodyReason, str] = {
    E.NobodyReason.NO_ITINERARY: N_("no airline can fly this market"),
    E.NobodyReason.NOBODY_COULD_BID: N_("nobody could bid"),
    E.NobodyReason.EVERYBODY_PASSED: N_("everybody passed"),
    E.NobodyReason.WALKED_AWAY: N_("the passengers walked away and no other bid remained"),
}


def _route(board: Board, r: int) -> str:
    a, c = board.routes[r]
    return f"{a}–{c}"


def _and(names: Sequence[str], who: Iterable[int]) -> str:
    return tr(" and ").join(names[q] for q in who)


def _say(e: Event, n: Sequence[str], b: Board, ctx: dict[str, Any]) -> str | None:
    """One event in words (None: nothing to say)."""
    match e:
        case E.PlanePlaced():
            key = N_("{name} places a leased plane on {route}") if e.leased else N_("{name} places a plane on {route}")
            return tr(key, name=n[e.player], route=_route(b, e.route))
        case E.SubsidyTaken():
            return tr("{name} takes the {callsign} subsidy (+50)", name=n[e.player], callsign=tr(CALLSIGNS[e.callsign]))
        case E.CrossBorderMarkerUsed():
            return tr("{name} puts a cross-border marker on {route}", name=n[e.player], route=_route(b, e.route))
        case E.HubPlaced():
            return tr("{name} opens a hub at {city}", name=n[e.player], city=city(b.airports[e.airport]))
        case E.CallsignPlaced():
            return tr("{name} puts {callsign} on {city}", name=n[e.player], callsign=tr(CALLSIGNS[e.callsign]),
                      city=city(b.airports[e.airport]))
        case E.MonthStarted():
            return tr("— {month}: {name} rolls —", month=month(e.month), name=n[e.roller])
        case E.DiceRolled():
            return tr("Dice: {dice}", dice=", ".join(tr(CALLSIGNS[x]) for x in e.dice))
        case E.MarketChosen():
            o, t = e.od
            who = ", ".join(f"{n[q]} " + (tr("nonstop") if x == 0 else trn("{n} stop", "{n} stops", x))
                            for q, x in e.stops.items())
            return tr("Market {o}–{t}: {who}", o=tr(CALLSIGNS[o]), t=tr(CALLSIGNS[t]),
                      who=who or tr("nobody can fly it"))
        case E.BidsRevealed():
            return tr("Bids: {bids}", bids=", ".join(
                f"{n[q]} {v if v is not None else tr('pass')}" for q, v in e.bids.items()))
        case E.FlashDeal():
            return tr("{name} plays the flash deal: {old} → {new}", name=n[e.player], old=e.old, new=e.new)
        case E.MarketWon():
            od = od_names(b, {"airports": ctx["airports"]}) if ctx.get("airports") else ("?", "?")
            return won_sentence(e, n, od)
        case E.BidSubmitted():
            return tr("{name} has bid (face down)", name=n[e.player])
        case E.AutoPass():
            return tr("{name} has no card left and passes", name=n[e.player])
        case E.FlashDeclined():
            return tr("{name} keeps their fare", name=n[e.player])
        case E.AncillariesAttached():
            if not e.count:
                return None
            return trn("{name} adds 1 ancillary chit: price {price}", "{name} adds {n} ancillary chits: price {price}",
                       e.count, name=n[e.player], price=e.price)
        case E.MarketWalkedAway():
            return tr("The passengers walk away from {name}; next best: {next}", name=n[e.player],
                      next=_and(n, e.next_winners) or tr("nobody"))
        case E.PlanesFlown():
            return tr("{name} flies {path}", name=n[e.player], path="–".join(b.airports[i].code for i in e.path))
        case E.SensitivityRolled():
            key = (N_("Price die {roll} against {price}: accepted") if e.accepted
                   else N_("Price die {roll} against {price}: the passengers walk away"))
            return tr(key, roll=e.roll, price=e.price)
        case E.NobodyTravels():
            return tr("Nobody travels ({reason})", reason=tr(NOBODY_REASONS[e.reason]))
        case E.PlanesLeased():
            if not e.planes:
                return None
            return trn("{name} leases 1 plane", "{name} leases {n} planes", e.planes, name=n[e.player])
        case E.SeasonReset():
            return tr("— Season 2: every plane leaves the board —")
        case E.GameOver():
            return trn("Game over: {names} wins", "Game over: {names} win", len(e.winners), names=_and(n, e.winners))
    return None
