"""The game state: what a game is at one moment, and the one door it changes by.

``GameState`` is a mutable value with a cheap ``copy()``; ``legal_actions()``
lists what the game waits for; ``apply(action)`` validates, changes the state
and returns the events.  Decisions that the rules force (R15) are taken inside
``apply`` so that the state always rests at a real decision.

The engine never draws random numbers: a chance step (``roll_dice``,
``roll_sensitivity``) is a decision like any other whose legal actions are its
outcomes (``chance_outcomes()`` gives their probabilities); the caller picks one
with a seeded generator it owns, or takes it from a script or a save.

Phases are data (``phases``): ``phase`` names the phase of RULES.md,
``decision`` the decision awaited and ``actors`` who takes it; each decision's
legal actions and handler live in the module of its chapter of the rules:

=============  =====================================================  ==========
``planning``   call signs, planes, subsidies, hubs, cross-border       §2, §4, §8
``market``     the roller, dice, O&D, itineraries, secret bids, reveal §5, §6.1–3
``pricing``    flash deals, ancillaries, price die, walk-aways, travel §6.4–6.5
``monthend``   leasing, season reset, game end                         §7, §9
=============  =====================================================  ==========

This module holds what is not one chapter: construction, copying, dispatch,
the hand-overs between chapters, scores and the JSON form.
"""
from __future__ import annotations

from itertools import compress
from operator import mul
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from opensky.board.model import Board
from opensky.rules import market, monthend, planning, pricing
from opensky.rules.actions import ANCILLARIES, BID, CHANCE_TYPES, PLACE_CALLSIGN, Action, ActionCodec
from opensky.rules.constants import (
    ANCILLARY_CHITS, ANCILLARY_VALUE, CALLSIGNS, COPIES_PER_FARE, FARES, MAX_PLAYERS,
    MIN_PLAYERS, MONTHS, PLANES_BY_PLAYERS, REGIONAL_MARKERS, SUBSIDY_VALUE, season_of,
)
from opensky.rules.errors import IllegalAction
from opensky.rules.events import Event, NobodyReason
from opensky.rules.phases import (  # noqa: F401 - re-exported: callers import phases from here
    GAME_OVER, MARKETING, MONTH_END, NETWORK_PLANNING, PRICING, SETUP, Step, wait,
)
from opensky.rules.view import public_hand_cards, public_hands  # the secret's one home
from opensky.textlimits import MAX_PLAYER_NAME, short, unshowable

__all__ = ["GameState", "STEPS", "SETUP", "NETWORK_PLANNING", "MARKETING", "PRICING", "MONTH_END",
           "GAME_OVER", "PLAYER_PARTS"]

_NFARES = len(FARES)
#: How many parts a player's entry of the state JSON is made of (``GameState.player_part``).
PLAYER_PARTS = 4

#: Every decision the game can wait for -> its step, from the chapter modules.
STEPS: dict[str, Step] = {**planning.STEPS, **market.STEPS, **pricing.STEPS, **monthend.STEPS}
# The two halves apart, for the hot paths (one dict lookup per call).
_LEGAL = {d: step.legal for d, step in STEPS.items()}
_APPLY = {d: step.apply for d, step in STEPS.items()}
_copy_list = list.copy


class MarketRecord(NamedTuple):
    """A finished month's market, frozen at month end (``last_market``).

    Immutable, so copies of the state share it safely; the JSON form is built
    only when somebody asks for it."""

    od: tuple[int, int]
    dice: tuple[int, ...] | None
    stops: tuple[int | None, ...]
    submitted: tuple[bool, ...]
    bid: tuple[int | None, ...]
    revealed: bool
    winners: tuple[int, ...]
    walked_away: int | None
    flown: tuple[tuple[int, tuple[int, ...]], ...]  # (player, path), by player


class GameState:
    """Everything about a game in progress.  Players, airports, routes and call
    signs are indices; ``to_json`` / ``ActionCodec`` give the readable forms."""

    __slots__ = (
        "board", "names", "P", "N", "month", "phase", "decision", "actors",
        "callsign_airport", "airport_callsign", "subsidy_left", "subsidies",
        "planes", "on_board", "markers", "hubs",
        "hand", "won", "change", "chits", "chits_spent", "flash_unused",
        "queue", "dice", "od", "roller", "stops", "paths",
        "submitted", "bid", "revealed", "settled", "flash_ptr", "declined", "winners",
        "chit_count", "walked_away", "travel", "flown", "lease_queue",
        "game_over", "_last_market",
    )

    # ------------------------------------------------------------------ setup
    def __init__(self, board: Board, players: Sequence[str],
                 callsigns: Mapping[str, str] | None = None):
        """A new game in April (§2): with ``callsigns`` (call sign -> airport
        code) they are given outright and planning starts; without, the
        players place them first (R1)."""
        P = len(players)
        if not MIN_PLAYERS <= P <= MAX_PLAYERS:
            raise IllegalAction(f"OpenSky is for 2 to 4 players, not {P}")
        names = [str(p) for p in players]
        if any(not n.strip() for n in names):
            raise IllegalAction("every player needs a name")
        for n in names:
            why = unshowable(n)
            if why is not None:
                raise IllegalAction(f"the player name {short(n, 24)} holds {why}")
            if len(n) > MAX_PLAYER_NAME:
                raise IllegalAction(f"the player name {short(n, 24)} is longer than {MAX_PLAYER_NAME} characters")
        if len(set(names)) != P:
            raise IllegalAction("player names must be different")
        if board.uses_hubs is board.uses_cross_border:
            raise IllegalAction(f"unknown regional rule {short(board.regional_rule)}")
        self.board = board
        self.names = names
        self.P = P
        self.N = PLANES_BY_PLAYERS[P]
        self.month = 0
        self.phase = SETUP
        self.decision: str | None = None
        self.actors: tuple[int, ...] = ()
        # §2.3 call signs and subsidy cubes
        self.callsign_airport: list[int] = [-1] * 6
        self.airport_callsign: list[int] = [-1] * len(board.airports)
        self.subsidy_left = [False] * 6
        self.subsidies: list[list[int]] = [[] for _ in range(P)]
        # §4, §8 the network: planes per route, cross-border markers, hubs
        nr = len(board.routes)
        self.planes: list[list[int]] = [[0] * nr for _ in range(P)]
        self.on_board = [0] * P
        self.markers: list[list[int]] = [[] for _ in range(P)]
        self.hubs: list[list[int]] = [[] for _ in range(P)]
        # §1 per player: fare cards (counts per value), change, chits, flash token
        self.hand: list[list[int]] = [[COPIES_PER_FARE] * _NFARES for _ in range(P)]
        self.won: list[list[int]] = [[0] * _NFARES for _ in range(P)]
        self.change = [0] * P
        self.chits = [ANCILLARY_CHITS] * P
        self.chits_spent = [0] * P
        self.flash_unused = [True] * P
        self.queue: list[int] = []  # who places next (popped from the end)
        # §5, §6 this month's market
        self.dice: tuple[int, ...] | None = None
        self.od: tuple[int, int] | None = None
        self.roller = 0
        self.stops: list[int | None] = [None] * P
        self.paths: list[list[tuple[int, ...]]] = [[] for _ in range(P)]
        self.submitted = [False] * P
        self.bid: list[int | None] = [None] * P
        self.revealed = False
        self.settled = False  # cards won or back in hand (no bid is out)
        self.flash_ptr = 0
        self.declined = [False] * P
        self.winners: list[int] = []
        self.chit_count = 0
        self.walked_away: int | None = None
        self.travel: list[int] = []  # winners still to fly (R9), popped from the end
        self.flown: dict[int, tuple[int, ...]] = {}
        # §7
        self.lease_queue: list[int] = []
        self.game_over = False
        self._last_market: MarketRecord | None = None
        if callsigns is not None:
            planning.set_callsigns(self, callsigns)
            planning.start_season(self, [])
        else:
            wait(self, PLACE_CALLSIGN, (0,))  # R1

    # -------------------------------------------------------------- copying
    def copy(self) -> GameState:
        """A fast, independent copy (the board is shared: it is immutable;
        so is the last market's record).  Nested lists are copied with
        ``map(list.copy, ...)``, measurably faster than a comprehension;
        ``tests/rules/test_copy.py`` checks that every slot is independent."""
        g = GameState.__new__(GameState)
        g.board = self.board
        g.names = self.names[:]
        g.P = self.P
        g.N = self.N
        g.month = self.month
        g.phase = self.phase
        g.decision = self.decision
        g.actors = self.actors
        g.callsign_airport = self.callsign_airport[:]
        g.airport_callsign = self.airport_callsign[:]
        g.subsidy_left = self.subsidy_left[:]
        g.subsidies = [*map(_copy_list, self.subsidies)]
        g.planes = [*map(_copy_list, self.planes)]
        g.on_board = self.on_board[:]
        g.markers = [*map(_copy_list, self.markers)]
        g.hubs = [*map(_copy_list, self.hubs)]
        g.hand = [*map(_copy_list, self.hand)]
        g.won = [*map(_copy_list, self.won)]
        g.change = self.change[:]
        g.chits = self.chits[:]
        g.chits_spent = self.chits_spent[:]
        g.flash_unused = self.flash_unused[:]
        g.queue = self.queue[:]
        g.dice = self.dice
        g.od = self.od
        g.roller = self.roller
        g.stops = self.stops[:]
        g.paths = [*map(_copy_list, self.paths)]
        g.submitted = self.submitted[:]
        g.bid = self.bid[:]
        g.revealed = self.revealed
        g.settled = self.settled
        g.flash_ptr = self.flash_ptr
        g.declined = self.declined[:]
        g.winners = self.winners[:]
        g.chit_count = self.chit_count
        g.walked_away = self.walked_away
        g.travel = self.travel[:]
        g.flown = dict(self.flown)
        g.lease_queue = self.lease_queue[:]
        g.game_over = self.game_over
        g._last_market = self._last_market
        return g

    # ---------------------------------------------------------- queries
    @property
    def season(self) -> int:
        return season_of(self.month)

    def codec(self) -> ActionCodec:
        return ActionCodec(self.board, self.names)

    def is_chance(self) -> bool:
        return self.decision in CHANCE_TYPES

    def hand_cards(self, p: int) -> list[int]:
        """Player ``p``'s hand as a sorted list of card values."""
        return [v for v, n in zip(FARES, self.hand[p]) for _ in range(n)]

    def won_cards(self, p: int) -> list[int]:
        return [v for v, n in zip(FARES, self.won[p]) for _ in range(n)]

    def bid_out(self, p: int) -> int | None:
        """The card ``p`` has on the table as a bid (out of hand, not yet won
        or returned), if any."""
        if self.settled or not self.submitted[p]:
            return None
        return self.bid[p]

    def revenue(self, p: int) -> int:
        """Won fare cards on the table plus change (what leasing can spend)."""
        return sum(v * n for v, n in zip(FARES, self.won[p])) + self.change[p]

    def score(self, p: int) -> dict[str, int]:
        """Final-score parts of §9 (they are also the running score)."""
        fares: int = sum(map(mul, FARES, self.won[p]))
        subs = SUBSIDY_VALUE * len(self.subsidies[p])
        anc = ANCILLARY_VALUE * self.chits_spent[p]
        return {"fares": fares, "change": self.change[p], "subsidies": subs,
                "ancillaries": anc, "total": fares + self.change[p] + subs + anc}

    def final_winners(self) -> list[int]:
        """Players with the highest total (R14: equal totals share the victory)."""
        totals = [self.score(p)["total"] for p in range(self.P)]
        best = max(totals)
        return [p for p in range(self.P) if totals[p] == best]

    def can_place(self, p: int, r: int) -> bool:
        """Whether ``p`` may place a plane on route ``r`` now (§4, R13)."""
        return planning.can_place(self, p, r)

    def placeable_routes(self, p: int) -> list[int]:
        """The routes ``p`` may place a plane on now (§4, R13)."""
        return planning.placeable_routes(self, p)

    def flash_eligible(self, q: int) -> bool:
        """Whether ``q`` is offered a flash deal now (R7)."""
        return pricing.flash_eligible(self, q)

    def lease_limit(self, p: int) -> int:
        """How many planes ``p`` may lease now (R10)."""
        return monthend.lease_limit(self, p)

    def lease_payments(self, p: int, planes: int) -> list[tuple[int, ...]]:
        """The minimal sets of won cards that pay for ``planes`` planes (R10)."""
        return monthend.lease_payments(self, p, planes)

    # ------------------------------------------------------ legal actions
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action the game accepts now (for ``player`` only, if given).
        For a chance step these are its outcomes."""
        d = self.decision
        if d is None:
            return []
        actors = self.actors if player is None else tuple(p for p in self.actors if p == player)
        legal = _LEGAL[d]
        out: list[Action] = []
        for p in actors:
            out.extend(legal(self, p))
        return out

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Outcomes of the pending chance step with their probabilities (R5:
        every set of three different call signs is equally likely; the price
        die's faces likewise)."""
        if not self.is_chance():
            return []
        acts = self.legal_actions()
        pr = 1.0 / len(acts)
        return [(a, pr) for a in acts]

    # ------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Validate and carry out ``action``; return what happened.

        Raises IllegalAction (the state unchanged) when the rules do not
        allow the action now."""
        if self.game_over:
            raise IllegalAction("the game is over")
        t = action.type
        p = action.player
        if t != self.decision:
            raise IllegalAction(self._not_now(action))
        if p is None:
            if t in CHANCE_TYPES:
                p = self.actors[0]
                action = Action(t, p, action.arg)
            else:
                raise IllegalAction(f"{t}: no player given")
        if p not in self.actors:
            raise IllegalAction(self._not_now(action))
        ev: list[Event] = []
        _APPLY[t](self, p, action.arg, ev)
        return ev

    def _not_now(self, action: Action) -> str:
        """Why ``action`` is refused now, in words (also used by Session)."""
        who = self.names[action.player] if action.player is not None and 0 <= action.player < self.P else None
        waiting = self.waiting_text()
        if action.type == self.decision and who is not None:
            if action.type == BID and self.submitted[action.player]:  # type: ignore[index]
                return f"{who} has already bid this month; waiting for {waiting}"
            if action.type == BID and self.stops[action.player] is None:  # type: ignore[index]
                return f"{who} has no valid itinerary for this market and cannot bid; waiting for {waiting}"
            return f"it is not {who}'s turn: waiting for {waiting}"
        extra = ""
        if action.type == ANCILLARIES and len(self.winners) > 1 and self.revealed:
            extra = " (a tie takes no ancillary chits)"
        elif action.type == ANCILLARIES and self.walked_away is not None:
            extra = " (after a walk-away nobody attaches chits)"
        elif action.type == BID and who is not None and self.phase == PRICING and self.stops[action.player] is None:  # type: ignore[index]
            extra = f" ({who} has no valid itinerary for this market)"
        return f"the game is not waiting for {action.type}{extra}; waiting for {waiting}"

    def waiting_text(self) -> str:
        """The pending decision and who takes it, e.g. ``bid by Ann, Bo``."""
        if self.decision is None:
            return "nothing (the game is over)"
        who = ", ".join(self.names[p] for p in self.actors)
        return f"{self.decision} by {who}"

    # ------------------------------------ hand-overs between the chapters
    # The chapter modules never import one another: where one part of a month
    # hands over to the next (§3), it calls one of these, so the order of the
    # game reads here and no import cycle forms.
    def _start_season(self, ev: list[Event]) -> None:
        """Month end after October -> network planning (§7.3, §4)."""
        planning.start_season(self, ev)

    def _start_month(self, ev: list[Event]) -> None:
        """Planning done, or month end over -> the next month's marketing (§5)."""
        market.start_month(self, ev)

    def _open_flash_window(self, ev: list[Event]) -> None:
        """Bids revealed -> flash-deal offers (§6.4, R7)."""
        pricing.next_flash_offer(self, ev)

    def _nobody_travels(self, reason: NobodyReason, ev: list[Event]) -> None:
        """Nobody can bid, or all passed -> the market ends unflown (§6.5)."""
        pricing.nobody_travels(self, reason, ev)

    def _month_end(self, ev: list[Event]) -> None:
        """The market is over -> month end (§7) or game end (§9)."""
        monthend.month_end(self, ev)

    def _resume_placement(self, ev: list[Event]) -> None:
        """A lease -> its planes are placed at once (§7.2, by §4 and §8)."""
        planning.next_placement(self, ev)

    def _resume_leasing(self, ev: list[Event]) -> None:
        """Leased planes placed -> the next player may lease (R10)."""
        monthend.next_lease(self, ev)

    # ------------------------------------------------------------ JSON
    def _market_record(self) -> MarketRecord | None:
        """This month's market, frozen (None before the O&D is chosen)."""
        if self.od is None:
            return None
        return MarketRecord(
            self.od, self.dice, tuple(self.stops), tuple(self.submitted), tuple(self.bid),
            self.revealed, tuple(self.winners), self.walked_away, tuple(sorted(self.flown.items())))

    def _record_last_market(self) -> None:
        """Keep the month's market as ``last_market`` (at month end, §7)."""
        self._last_market = self._market_record()

    @property
    def last_market(self) -> dict[str, Any] | None:
        """The market of the month just finished, as ``market_json`` gave it
        then (a fresh dict each time: changing it changes no state)."""
        m = self._last_market
        return None if m is None else self._market_dict(m)

    def market_json(self) -> dict[str, Any] | None:
        """The current month's market as in the headless spec (hidden bids hidden)."""
        m = self._market_record()
        return None if m is None else self._market_dict(m)

    def _market_dict(self, m: MarketRecord) -> dict[str, Any]:
        n = self.names
        out: dict[str, Any] = {
            "od": [CALLSIGNS[c] for c in m.od],
            "airports": [self.board.airports[self.callsign_airport[c]].code for c in m.od],
            "dice": [CALLSIGNS[c] for c in m.dice] if m.dice else [],
            "stops": {n[q]: s for q, s in enumerate(m.stops) if s is not None},
            "submitted": [n[q] for q in range(self.P) if m.submitted[q]],
            "bids": ({n[q]: m.bid[q] for q in range(self.P) if m.submitted[q]}
                     if m.revealed else {}),
            "revealed": m.revealed,
            "winners": [n[q] for q in m.winners] if m.revealed else [],
        }
        if m.walked_away is not None:
            out["walked_away"] = n[m.walked_away]
        if m.flown:
            codes = self.board.codes
            out["flown"] = {n[q]: [codes[i] for i in path] for q, path in m.flown}
        return out

    def to_json(self) -> dict[str, Any]:
        """The state as the JSON object of the headless spec, made afresh
        (changing it changes no state).

        This is the public view: a bid not yet revealed is shown nowhere — its
        card is still counted in its owner's hand until the reveal (O3).
        Each top-level value is ``json_part`` of its key."""
        return {key: make(self) for key, make in _JSON_PARTS.items()}

    def json_part(self, key: str) -> Any:
        """``to_json()[key]`` alone."""
        return _JSON_PARTS[key](self)

    def player_json(self, p: int) -> dict[str, Any]:
        """Player ``p``'s entry of ``to_json()["players"]`` alone: its
        ``PLAYER_PARTS`` parts (``player_part``) in one dict."""
        out: dict[str, Any] = {}
        for part in range(PLAYER_PARTS):
            out.update(self.player_part(p, part))
        return out

    def player_part(self, p: int, part: int) -> dict[str, Any]:
        """Part ``part`` of player ``p``'s entry of ``to_json()["players"]``,
        its keys in order: 0 the cards and chits, 1 the planes, 2 the hubs
        and cross-border markers, 3 the score."""
        if part == 0:
            return {
                "name": self.names[p],
                "hand": public_hand_cards(self, p),
                "won_cards": self.won_cards(p),
                "change": self.change[p],
                "subsidies": [CALLSIGNS[c] for c in self.subsidies[p]],
                "ancillaries_unused": self.chits[p],
                "ancillaries_spent": self.chits_spent[p],
                "flash_deal_unused": self.flash_unused[p],
            }
        if part == 1:
            return {"planes_on_board": self.on_board[p], "planes_limit": self.N}
        if part == 2:
            b = self.board
            airports, routes, markers = b.airports, b.routes, self.markers[p]
            return {
                "hubs": [airports[a].code for a in self.hubs[p]],
                "cross_border_markers_unused": (REGIONAL_MARKERS - len(markers)
                                                if b.uses_cross_border else REGIONAL_MARKERS),
                "cross_border_routes": sorted([list(routes[r]) for r in markers]),
            }
        return {"score": self.score(p)}

    def json_sources(self) -> dict[str, Any]:
        """What each top-level value of ``to_json`` is made from besides the
        board and the names, by key in ``to_json``'s order: for one board
        and names, equal sources make equal values.  ``planes`` has one
        source per player (``planes_json``), and so has ``players``: a tuple
        of the sources of its ``player_part`` (the score's is the cards',
        which hold all it counts).  A caller that keeps them (the
        online host) makes again only the values whose sources changed.
        Tuples, ints, strings, bools and None only, never the state's own
        lists, so they may be kept; each place keeps its type from state to
        state.  They hold no secret: a market's bids are left out until
        they are revealed."""
        callsigns = tuple(self.callsign_airport)
        hands = public_hands(self)
        won, subsidies, hubs, markers = self.won, self.subsidies, self.hubs, self.markers
        change, chits, spent, flash, on_board = (
            self.change, self.chits, self.chits_spent, self.flash_unused, self.on_board)
        players = []
        for p in range(self.P):
            cards = (hands[p], tuple(won[p]), change[p], tuple(subsidies[p]), chits[p], spent[p], flash[p])
            players.append((cards, on_board[p], (tuple(hubs[p]), tuple(markers[p])), cards))
        by_player = tuple(players)
        return {
            "board": None,
            "month": self.month,
            "season": self.month,
            "phase": self.phase,
            "waiting_for": (self.decision, self.actors),
            "game_over": self.game_over,
            "callsigns": callsigns,
            "subsidies_left": tuple(self.subsidy_left),
            "roller": self.roller,
            "market": (_public(self._market_record()), callsigns),
            "last_market": (_public(self._last_market), callsigns),
            "planes": tuple(map(tuple, self.planes)),
            "players": by_player,
            "winners": by_player if self.game_over else None,
        }

    def planes_json(self, p: int) -> list[dict[str, Any]]:
        """Player ``p``'s planes, by route: ``to_json()["planes"]`` lists every
        player's in turn."""
        routes = self.board.routes
        row = self.planes[p]
        name = self.names[p]
        return [{"player": name, "route": list(routes[r])}
                for r in sorted(compress(range(len(row)), row), key=routes.__getitem__)
                for _ in range(row[r])]

    def _waiting_json(self) -> dict[str, Any] | None:
        if self.decision is None:
            return None
        n = self.names
        return {"decision": self.decision, "players": [n[p] for p in self.actors]}

    def _callsigns_json(self) -> dict[str, str]:
        airports = self.board.airports
        return {CALLSIGNS[c]: airports[a].code for c, a in enumerate(self.callsign_airport) if a >= 0}


def _public(m: MarketRecord | None) -> MarketRecord | None:
    """A market as a source of the public JSON: its bids left out until revealed."""
    return m if m is None or m.revealed else m._replace(bid=())


#: ``to_json``'s top-level keys, in order, each with how its value is made
_JSON_PARTS: dict[str, Callable[[GameState], Any]] = {
    "board": lambda s: s.board.id,
    "month": lambda s: MONTHS[s.month],
    "season": lambda s: s.season,
    "phase": lambda s: s.phase,
    "waiting_for": GameState._waiting_json,
    "game_over": lambda s: s.game_over,
    "callsigns": GameState._callsigns_json,
    "subsidies_left": lambda s: [CALLSIGNS[c] for c in range(6) if s.subsidy_left[c]],
    "roller": lambda s: s.names[s.roller],
    "market": GameState.market_json,
    "last_market": lambda s: s.last_market,
    "planes": lambda s: [plane for p in range(s.P) for plane in s.planes_json(p)],
    "players": lambda s: [s.player_json(p) for p in range(s.P)],
    "winners": lambda s: [s.names[p] for p in s.final_winners()] if s.game_over else [],
}
