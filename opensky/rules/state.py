"""The game state and its transitions: the whole of RULES.md.

``GameState`` is a mutable value with a cheap ``copy()``; ``legal_actions()``
lists what the game waits for; ``apply(action)`` validates, changes the state
and returns the events.  Decisions that the rules force (R15) are taken inside
``apply`` so that the state always rests at a real decision.

The engine never draws random numbers: a chance step (``roll_dice``,
``roll_sensitivity``) is a decision like any other whose legal actions are its
outcomes (``chance_outcomes()`` gives their probabilities); the caller picks one
with a seeded generator it owns, or takes it from a script or a save.

Phases are data: ``phase`` names the phase of RULES.md, ``decision`` the
decision awaited and ``actors`` who takes it.  Each action type has a handler;
after it, ``_advance`` style helpers move to the next decision.
"""
from __future__ import annotations

from itertools import combinations, product
from typing import Any, Callable, Mapping, Sequence

from opensky.board.model import Board
from opensky.rules import events as E
from opensky.rules.actions import (
    ANCILLARIES, BID, CHOOSE_ITINERARY, CHOOSE_OD, FLASH, LEASE, PLACE_CALLSIGN,
    PLACE_HUB, PLACE_PLANE, ROLL_DICE, ROLL_SENSITIVITY, Action, ActionCodec,
)
from opensky.rules.constants import (
    ANCILLARY_CHITS, ANCILLARY_VALUE, CALLSIGN_INDEX, CALLSIGNS, COPIES_PER_FARE,
    FARE_INDEX, FARES, LEASE_COST, MARCH, MAX_PLAYERS, MIN_PLAYERS, MONTHS, OCTOBER,
    PLANES_BY_PLAYERS, REGIONAL_MARKERS, SENSITIVITY_FACES, SUBSIDY_VALUE, season_of,
)
from opensky.rules.errors import IllegalAction
from opensky.rules.events import Event
from opensky.rules.itinerary import shortest_paths, winners as w_winners
from opensky.textlimits import short, unshowable

# Phases (RULES.md §2–§9).
SETUP = "setup"
NETWORK_PLANNING = "network_planning"
MARKETING = "marketing"
PRICING = "pricing"
MONTH_END = "month_end"
GAME_OVER = "game_over"

_DICE_OUTCOMES: tuple[tuple[int, int, int], ...] = tuple(combinations(range(6), 3))
_NFARES = len(FARES)


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
        "leased_planes", "game_over", "last_market",
    )

    # ------------------------------------------------------------------ setup
    def __init__(self, board: Board, players: Sequence[str],
                 callsigns: Mapping[str, str] | None = None):
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
        self.callsign_airport: list[int] = [-1] * 6
        self.airport_callsign: list[int] = [-1] * len(board.airports)
        self.subsidy_left = [False] * 6
        self.subsidies: list[list[int]] = [[] for _ in range(P)]
        nr = len(board.routes)
        self.planes: list[list[int]] = [[0] * nr for _ in range(P)]
        self.on_board = [0] * P
        self.markers: list[list[int]] = [[] for _ in range(P)]
        self.hubs: list[list[int]] = [[] for _ in range(P)]
        self.hand: list[list[int]] = [[COPIES_PER_FARE] * _NFARES for _ in range(P)]
        self.won: list[list[int]] = [[0] * _NFARES for _ in range(P)]
        self.change = [0] * P
        self.chits = [ANCILLARY_CHITS] * P
        self.chits_spent = [0] * P
        self.flash_unused = [True] * P
        self.queue: list[int] = []
        self.dice: tuple[int, ...] | None = None
        self.od: tuple[int, int] | None = None
        self.roller = 0
        self.stops: list[int | None] = [None] * P
        self.paths: list[list[tuple[int, ...]]] = [[] for _ in range(P)]
        self.submitted = [False] * P
        self.bid: list[int | None] = [None] * P
        self.revealed = False
        self.settled = False
        self.flash_ptr = 0
        self.declined = [False] * P
        self.winners: list[int] = []
        self.chit_count = 0
        self.walked_away: int | None = None
        self.travel: list[int] = []
        self.flown: dict[int, tuple[int, ...]] = {}
        self.lease_queue: list[int] = []
        self.leased_planes = 0
        self.game_over = False
        self.last_market: dict[str, Any] | None = None
        if callsigns is not None:
            self._set_callsigns(callsigns)
            self._start_season([])
        else:
            self._wait(PLACE_CALLSIGN, (0,))

    def _set_callsigns(self, callsigns: Mapping[str, str]) -> None:
        if set(callsigns) != set(CALLSIGNS):
            missing = [c for c in CALLSIGNS if c not in callsigns]
            unknown = [short(c, 20) for c in callsigns if c not in CALLSIGN_INDEX][:6]
            parts = []
            if missing:
                parts.append("missing " + ", ".join(missing))
            if unknown:
                parts.append("unknown " + ", ".join(unknown))
            raise IllegalAction("callsigns must name all six call signs (" + "; ".join(parts) + ")")
        seen: dict[int, str] = {}
        for cs in CALLSIGNS:
            code = callsigns[cs]
            a = self.board.airport_index.get(code) if isinstance(code, str) else None
            if a is None:
                raise IllegalAction(f"call sign {cs}: unknown airport {short(code)} on board {self.board.id}")
            if a in seen:
                raise IllegalAction(f"call signs {seen[a]} and {cs} are both on {code}: six different airports are needed")
            seen[a] = cs
            self._put_callsign(CALLSIGN_INDEX[cs], a)

    def _put_callsign(self, c: int, a: int) -> None:
        self.callsign_airport[c] = a
        self.airport_callsign[a] = c
        self.subsidy_left[c] = True  # §2.3: each call-sign airport gets a cube

    # -------------------------------------------------------------- copying
    def copy(self) -> "GameState":
        """A fast, independent copy (the board is shared: it is immutable)."""
        g = GameState.__new__(GameState)
        g.board = self.board
        g.names = self.names  # never mutated
        g.P = self.P
        g.N = self.N
        g.month = self.month
        g.phase = self.phase
        g.decision = self.decision
        g.actors = self.actors
        g.callsign_airport = self.callsign_airport[:]
        g.airport_callsign = self.airport_callsign[:]
        g.subsidy_left = self.subsidy_left[:]
        g.subsidies = [x[:] for x in self.subsidies]
        g.planes = [x[:] for x in self.planes]
        g.on_board = self.on_board[:]
        g.markers = [x[:] for x in self.markers]
        g.hubs = [x[:] for x in self.hubs]
        g.hand = [x[:] for x in self.hand]
        g.won = [x[:] for x in self.won]
        g.change = self.change[:]
        g.chits = self.chits[:]
        g.chits_spent = self.chits_spent[:]
        g.flash_unused = self.flash_unused[:]
        g.queue = self.queue[:]
        g.dice = self.dice
        g.od = self.od
        g.roller = self.roller
        g.stops = self.stops[:]
        g.paths = [x[:] for x in self.paths]
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
        g.leased_planes = self.leased_planes
        g.game_over = self.game_over
        g.last_market = self.last_market
        return g

    # ---------------------------------------------------------- queries
    @property
    def season(self) -> int:
        return season_of(self.month)

    @property
    def month_name(self) -> str:
        return MONTHS[self.month]

    def codec(self) -> ActionCodec:
        return ActionCodec(self.board, self.names)

    def is_chance(self) -> bool:
        return self.decision in (ROLL_DICE, ROLL_SENSITIVITY)

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
        fares = sum(v * n for v, n in zip(FARES, self.won[p]))
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
        """§4, §8.2, R13: any route, but a cross-border route needs the
        player's marker on it already or a marker left to put there."""
        if not self.board.cross_border[r]:
            return True
        m = self.markers[p]
        return r in m or len(m) < REGIONAL_MARKERS

    def placeable_routes(self, p: int) -> list[int]:
        cb = self.board.cross_border
        m = self.markers[p]
        if len(m) < REGIONAL_MARKERS:
            return list(range(len(cb)))
        return [r for r in range(len(cb)) if not cb[r] or r in m]

    def lease_limit(self, p: int) -> int:
        """How many planes ``p`` may lease now (R10): below the plane limit,
        200 of won revenue per plane."""
        return min(self.N - self.on_board[p], self.revenue(p) // LEASE_COST)

    # ------------------------------------------------------ legal actions
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action the game accepts now (for ``player`` only, if given).
        For a chance step these are its outcomes."""
        d = self.decision
        if d is None:
            return []
        actors = self.actors if player is None else tuple(p for p in self.actors if p == player)
        out: list[Action] = []
        for p in actors:
            out.extend(_LEGAL[d](self, p))
        return out

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Outcomes of the pending chance step with their probabilities (R5:
        every set of three different call signs is equally likely)."""
        if not self.is_chance():
            return []
        acts = self.legal_actions()
        pr = 1.0 / len(acts)
        return [(a, pr) for a in acts]

    def _legal_place_callsign(self, p: int) -> list[Action]:
        c = self.callsign_airport.index(-1)
        return [Action(PLACE_CALLSIGN, p, (c, a)) for a in range(len(self.board.airports))
                if self.airport_callsign[a] < 0]

    def _legal_place_plane(self, p: int) -> list[Action]:
        return [Action(PLACE_PLANE, p, r) for r in self.placeable_routes(p)]

    def _legal_place_hub(self, p: int) -> list[Action]:
        h = self.hubs[p]
        return [Action(PLACE_HUB, p, a) for a in range(len(self.board.airports)) if a not in h]

    def _legal_roll_dice(self, p: int) -> list[Action]:
        return [Action(ROLL_DICE, p, o) for o in _DICE_OUTCOMES]

    def _legal_choose_od(self, p: int) -> list[Action]:
        assert self.dice is not None
        return [Action(CHOOSE_OD, p, pair) for pair in combinations(self.dice, 2)]

    def _legal_bid(self, p: int) -> list[Action]:
        h = self.hand[p]
        return [Action(BID, p, None)] + [Action(BID, p, v) for i, v in enumerate(FARES) if h[i]]

    def _legal_flash(self, p: int) -> list[Action]:
        h = self.hand[p]
        cur = self.bid[p]
        assert cur is not None
        return [Action(FLASH, p, None)] + [
            Action(FLASH, p, v) for i, v in enumerate(FARES) if h[i] and v < cur]

    def _legal_ancillaries(self, p: int) -> list[Action]:
        return [Action(ANCILLARIES, p, n) for n in range(self.chits[p] + 1)]

    def _legal_roll_sensitivity(self, p: int) -> list[Action]:
        return [Action(ROLL_SENSITIVITY, p, f) for f in SENSITIVITY_FACES]

    def _legal_choose_itinerary(self, p: int) -> list[Action]:
        return [Action(CHOOSE_ITINERARY, p, path) for path in self.paths[p]]

    def _legal_lease(self, p: int) -> list[Action]:
        out = [Action(LEASE, p, (0, ()))]
        for k in range(1, self.lease_limit(p) + 1):
            for cards in self.lease_payments(p, k):
                out.append(Action(LEASE, p, (k, cards)))
        return out

    def lease_payments(self, p: int, planes: int) -> list[tuple[int, ...]]:
        """R10: the minimal sets of won cards that pay for ``planes`` planes
        after change is spent (an empty tuple when change covers it all)."""
        need = LEASE_COST * planes - self.change[p]
        if need <= 0:
            return [()]
        won = self.won[p]
        out: list[tuple[int, ...]] = []
        for counts in product(*(range(n + 1) for n in won)):
            total = 0
            low = 0
            for i, n in enumerate(counts):
                if n:
                    total += FARES[i] * n
                    if not low:
                        low = FARES[i]
            if total >= need and total - low < need:
                out.append(tuple(v for v, n in zip(FARES, counts) for _ in range(n)))
        out.sort()
        return out

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
            if t in (ROLL_DICE, ROLL_SENSITIVITY):
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
        if self.decision is None:
            return "nothing (the game is over)"
        who = ", ".join(self.names[p] for p in self.actors)
        return f"{self.decision} by {who}"

    def _wait(self, decision: str | None, actors: tuple[int, ...]) -> None:
        self.decision = decision
        self.actors = actors

    # ------------------------------------------------------------ R1
    def _do_place_callsign(self, p: int, arg: tuple[int, int], ev: list[Event]) -> None:
        c, a = arg
        expected = self.callsign_airport.index(-1)
        if c != expected:
            raise IllegalAction(
                f"call signs are placed in order: {CALLSIGNS[expected]} comes next, not {CALLSIGNS[c]} (R1)")
        if self.airport_callsign[a] >= 0:
            raise IllegalAction(
                f"{self.board.airports[a].code} already has the call sign {CALLSIGNS[self.airport_callsign[a]]}")
        self._put_callsign(c, a)
        ev.append(Event(E.CALLSIGN_PLACED, {"player": p, "callsign": c, "airport": a}))
        if c + 1 < 6:
            self._wait(PLACE_CALLSIGN, ((c + 1) % self.P,))
        else:
            self._start_season(ev)

    # ------------------------------------------------------------ §4
    def _start_season(self, ev: list[Event]) -> None:
        """Network planning (§4) in serpentine passes (R2), first seat first (R3)."""
        self.phase = NETWORK_PLANNING
        P, N = self.P, self.N
        size = 1 if P == 4 else N // 2
        left = [N] * P
        order = list(range(P))
        q: list[int] = []
        while any(left):
            for p in order:
                k = min(size, left[p])
                q.extend([p] * k)
                left[p] -= k
            order.reverse()
        q.reverse()  # popped from the end
        self.queue = q
        if ev is not None:
            ev.append(Event(E.SEASON_STARTED, {"season": self.season}))
        self._next_placement(ev)

    def _next_placement(self, ev: list[Event]) -> None:
        """Whoever is next in the placement queue places; skips a player with no
        legal route at all (possible only on a cross-border board without
        domestic routes)."""
        q = self.queue
        while q:
            p = q[-1]
            if self.placeable_routes(p):
                self._wait(PLACE_PLANE, (p,))
                return
            q.pop()
        if self.phase == NETWORK_PLANNING:
            if self.board.uses_hubs:
                # R12: two hubs each, in seat order
                self.queue = [p for p in reversed(range(self.P)) for _ in range(2)]
                self._wait(PLACE_HUB, (0,))
            else:
                ev.append(Event(E.PLANNING_DONE, {}))
                self._start_month(ev)
        else:  # leased planes placed during month end
            self._next_lease(ev)

    def _do_place_plane(self, p: int, r: int, ev: list[Event]) -> None:
        if not isinstance(r, int) or not 0 <= r < len(self.board.routes):
            raise IllegalAction(f"no such route: {short(r)}")
        if not self.can_place(p, r):
            a, b = self.board.routes[r]
            raise IllegalAction(
                f"{self.names[p]} cannot place on {a}–{b}: it crosses a border and both of "
                f"{self.names[p]}'s cross-border markers are on other routes (R13)")
        self.queue.pop()
        self._place(p, r, ev, leased=self.phase == MONTH_END)
        self._next_placement(ev)

    def _place(self, p: int, r: int, ev: list[Event], leased: bool) -> None:
        b = self.board
        if b.cross_border[r] and r not in self.markers[p]:
            self.markers[p].append(r)  # R13: used automatically with the first plane
            ev.append(Event(E.MARKER_USED, {"player": p, "route": r}))
        self.planes[p][r] += 1
        self.on_board[p] += 1
        ev.append(Event(E.PLANE_PLACED, {"player": p, "route": r, "leased": leased}))
        for a in b.route_ends[r]:  # §4 subsidies, R4: on every placement
            c = self.airport_callsign[a]
            if c >= 0 and self.subsidy_left[c]:
                self.subsidy_left[c] = False
                self.subsidies[p].append(c)
                self.subsidies[p].sort()
                ev.append(Event(E.SUBSIDY_TAKEN, {"player": p, "callsign": c}))

    # ------------------------------------------------------------ §8.1
    def _do_place_hub(self, p: int, a: int, ev: list[Event]) -> None:
        if not isinstance(a, int) or not 0 <= a < len(self.board.airports):
            raise IllegalAction(f"no such airport: {short(a)}")
        if a in self.hubs[p]:
            raise IllegalAction(
                f"{self.names[p]} already has a hub at {self.board.airports[a].code}: "
                "the two hubs go on two different airports (R12)")
        self.hubs[p].append(a)
        self.queue.pop()
        ev.append(Event(E.HUB_PLACED, {"player": p, "airport": a}))
        if self.queue:
            self._wait(PLACE_HUB, (self.queue[-1],))
        else:
            ev.append(Event(E.PLANNING_DONE, {}))
            self._start_month(ev)

    # ------------------------------------------------------------ §5
    def _start_month(self, ev: list[Event]) -> None:
        self.phase = MARKETING
        self.roller = self.month % self.P  # R5
        self.dice = None
        self.od = None
        self.stops = [None] * self.P
        self.paths = [[] for _ in range(self.P)]
        self.submitted = [False] * self.P
        self.bid = [None] * self.P
        self.revealed = False
        self.settled = False
        self.declined = [False] * self.P
        self.winners = []
        self.chit_count = 0
        self.walked_away = None
        self.travel = []
        self.flown = {}
        ev.append(Event(E.MONTH_STARTED, {"month": self.month, "roller": self.roller}))
        self._wait(ROLL_DICE, (self.roller,))

    def _do_roll_dice(self, p: int, outcome: Any, ev: list[Event]) -> None:
        if (not isinstance(outcome, tuple) or len(outcome) != 3 or len(set(outcome)) != 3
                or not all(isinstance(c, int) and 0 <= c < 6 for c in outcome)):
            raise IllegalAction("the passenger dice must show three different call signs (R5)")
        self.dice = tuple(sorted(outcome))
        ev.append(Event(E.DICE_ROLLED, {"player": p, "dice": self.dice}))
        self._wait(CHOOSE_OD, (p,))

    def _do_choose_od(self, p: int, od: tuple[int, int], ev: list[Event]) -> None:
        assert self.dice is not None
        a, b = od
        if a == b or a not in self.dice or b not in self.dice:
            shown = ", ".join(CALLSIGNS[c] for c in self.dice)
            raise IllegalAction(f"the market must be two of the dice rolled ({shown})")
        self.od = (min(a, b), max(a, b))
        self._find_itineraries()
        ev.append(Event(E.MARKET_CHOSEN, {
            "player": p, "od": self.od,
            "airports": (self.callsign_airport[self.od[0]], self.callsign_airport[self.od[1]]),
            "stops": {q: s for q, s in enumerate(self.stops) if s is not None}}))
        self.phase = PRICING
        waiting = []
        for q in range(self.P):
            if self.stops[q] is None:
                continue
            if not any(self.hand[q]):  # R15: nothing to bid with
                self.submitted[q] = True
                ev.append(Event(E.AUTO_PASS, {"player": q}))
            else:
                waiting.append(q)
        if not waiting:
            reason = "no airline can fly this market" if all(s is None for s in self.stops) else "nobody could bid"
            self._nobody_travels(reason, ev)
            return
        self._wait(BID, tuple(waiting))

    def _find_itineraries(self) -> None:
        """§6.1 with the table rule and R6: each player's shortest valid
        itineraries and their stop count (None: no valid itinerary)."""
        assert self.od is not None
        o = self.callsign_airport[self.od[0]]
        d = self.callsign_airport[self.od[1]]
        adj = self.board.adjacency
        hub = self.board.uses_hubs
        found: list[list[tuple[int, ...]]] = []
        for q in range(self.P):
            found.append(shortest_paths(adj, self.planes[q], o, d, self.hubs[q] if hub else None))
        lengths = [len(x[0]) - 2 for x in found if x]
        table_min = min(lengths) if lengths else None
        for q in range(self.P):
            if found[q]:
                s = len(found[q][0]) - 2
                if s <= 1 or s == table_min:  # table rule
                    self.stops[q] = s
                    self.paths[q] = found[q]
                    continue
            self.stops[q] = None
            self.paths[q] = []

    # ------------------------------------------------------------ §6.2
    def _do_bid(self, p: int, fare: int | None, ev: list[Event]) -> None:
        if fare is not None:
            i = FARE_INDEX.get(fare)
            if i is None or not self.hand[p][i]:
                raise IllegalAction(
                    f"{self.names[p]} has no {fare} card in hand (hand: {_cards(self.hand_cards(p))})")
            self.hand[p][i] -= 1
        self.bid[p] = fare
        self.submitted[p] = True
        ev.append(Event(E.BID_SUBMITTED, {"player": p}))
        waiting = tuple(q for q in self.actors if q != p)
        if waiting:
            self._wait(BID, waiting)
            return
        self._reveal(ev)

    def _bids(self, exclude: int | None = None) -> list[tuple[int, int, int]]:
        return [(q, self.bid[q], self.stops[q]) for q in range(self.P)  # type: ignore[misc]
                if self.bid[q] is not None and q != exclude]

    def _reveal(self, ev: list[Event]) -> None:
        self.revealed = True
        self.winners = w_winners(self._bids())
        ev.append(Event(E.BIDS_REVEALED, {
            "bids": {q: self.bid[q] for q in range(self.P) if self.submitted[q]},
            "winners": list(self.winners)}))
        if not self.winners:
            self._nobody_travels("everybody passed", ev)
            return
        self.flash_ptr = self.roller  # R7: offers start with the roller
        self.declined = [False] * self.P
        self._next_flash_offer(ev)

    # ------------------------------------------------------------ §6.4, R7
    def flash_eligible(self, q: int) -> bool:
        b = self.bid[q]
        if b is None or not self.flash_unused[q]:
            return False
        if self.winners == [q]:
            return False
        h = self.hand[q]
        return any(h[i] for i, v in enumerate(FARES) if v < b)

    def _next_flash_offer(self, ev: list[Event]) -> None:
        for k in range(self.P):
            q = (self.flash_ptr + k) % self.P
            if not self.declined[q] and self.flash_eligible(q):
                self.flash_ptr = q
                self._wait(FLASH, (q,))
                return
        self._resolve(ev)

    def _do_flash(self, p: int, fare: int | None, ev: list[Event]) -> None:
        if fare is None:
            self.declined[p] = True
            ev.append(Event(E.FLASH_DECLINED, {"player": p}))
        else:
            old = self.bid[p]
            assert old is not None
            i = FARE_INDEX.get(fare)
            if i is None or not self.hand[p][i]:
                raise IllegalAction(
                    f"{self.names[p]} has no {fare} card in hand (hand: {_cards(self.hand_cards(p))})")
            if fare >= old:
                raise IllegalAction(
                    f"a flash deal must replace {old} with a strictly lower card, not {fare}")
            self.hand[p][i] -= 1
            self.hand[p][FARE_INDEX[old]] += 1
            self.bid[p] = fare
            self.flash_unused[p] = False
            self.declined = [False] * self.P  # declines count since the latest flash deal
            self.winners = w_winners(self._bids())
            ev.append(Event(E.FLASH_DEAL, {"player": p, "old": old, "new": fare,
                                           "winners": list(self.winners)}))
        self.flash_ptr = (p + 1) % self.P
        self._next_flash_offer(ev)

    # ------------------------------------------------------------ §6.5
    def _resolve(self, ev: list[Event]) -> None:
        """The flash-deal window has closed: apply W for the final result."""
        self.winners = w_winners(self._bids())
        if len(self.winners) == 1:
            w = self.winners[0]
            if self.chits[w] > 0:
                self._wait(ANCILLARIES, (w,))
                return
            self._travel(ev, chits=0)  # R15: no chits left, none attached
        else:
            self._travel(ev, chits=0)

    def _do_ancillaries(self, p: int, n: int, ev: list[Event]) -> None:
        if not isinstance(n, int) or not 0 <= n <= self.chits[p]:
            raise IllegalAction(
                f"{self.names[p]} has {self.chits[p]} unused ancillary chit(s), cannot attach {n}")
        self.chit_count = n
        fare = self.bid[p]
        assert fare is not None
        ev.append(Event(E.ANCILLARIES_ATTACHED, {"player": p, "count": n,
                                                 "price": fare + ANCILLARY_VALUE * n}))
        if n == 0:
            self._travel(ev, chits=0)
        else:
            self._wait(ROLL_SENSITIVITY, (p,))

    def _do_roll_sensitivity(self, p: int, roll: Any, ev: list[Event]) -> None:
        if roll not in SENSITIVITY_FACES or isinstance(roll, bool):
            raise IllegalAction(
                f"the price-sensitivity die shows {', '.join(map(str, SENSITIVITY_FACES))}, not {short(roll)}")
        fare = self.bid[p]
        assert fare is not None
        price = fare + ANCILLARY_VALUE * self.chit_count
        accepted = roll >= price
        ev.append(Event(E.SENSITIVITY_ROLLED, {"player": p, "roll": roll, "price": price,
                                               "accepted": accepted}))
        if accepted:
            self._travel(ev, chits=self.chit_count)
            return
        # Walk-away (R8): the card returns to hand, the chits stay unused, and
        # W decides among the remaining bids as they stood at the window's close.
        self.walked_away = p
        self.chit_count = 0
        self.winners = w_winners(self._bids(exclude=p))
        ev.append(Event(E.MARKET_WALKED_AWAY, {"player": p, "fare": fare,
                                               "next_winners": list(self.winners)}))
        if not self.winners:
            self._nobody_travels("the passengers walked away and no other bid remained", ev)
            return
        self._travel(ev, chits=0)

    def _travel(self, ev: list[Event], chits: int) -> None:
        """Winners keep their cards as points; their planes fly (§6.5, R9)."""
        tie = len(self.winners) > 1
        for w in self.winners:
            fare = self.bid[w]
            assert fare is not None
            self.won[w][FARE_INDEX[fare]] += 1
            if chits:
                self.chits[w] -= chits
                self.chits_spent[w] += chits
            ev.append(Event(E.MARKET_WON, {"player": w, "fare": fare, "stops": self.stops[w],
                                           "chits": chits, "price": fare + ANCILLARY_VALUE * chits,
                                           "tie": tie}))
        # Losing cards (and a walked-away card) go back to hand.
        self.settled = True
        for q in range(self.P):
            b = self.bid[q]
            if b is not None and q not in self.winners:
                self.hand[q][FARE_INDEX[b]] += 1
        # R9: winners choose among shortest paths in seat order from the roller.
        self.travel = sorted(self.winners, key=lambda q: (q - self.roller) % self.P, reverse=True)
        self._next_traveller(ev)

    def _next_traveller(self, ev: list[Event]) -> None:
        while self.travel:
            w = self.travel[-1]
            if len(self.paths[w]) > 1:
                self._wait(CHOOSE_ITINERARY, (w,))
                return
            self.travel.pop()
            self._fly(w, self.paths[w][0], ev)
        self._month_end(ev)

    def _do_choose_itinerary(self, p: int, path: tuple[int, ...], ev: list[Event]) -> None:
        options = self.paths[p]
        if path not in options:
            rev = tuple(reversed(path))
            if rev in options:
                path = rev
            else:
                codes = self.board.codes
                listed = "; ".join("–".join(codes[i] for i in x) for x in options)
                raise IllegalAction(
                    f"{'–'.join(codes[i] for i in path)} is not one of {self.names[p]}'s "
                    f"shortest itineraries ({listed})")
        self.travel.pop()
        self._fly(p, path, ev)
        self._next_traveller(ev)

    def _fly(self, p: int, path: tuple[int, ...], ev: list[Event]) -> None:
        ri = self.board.route_index
        codes = self.board.codes
        routes = []
        for a, b in zip(path, path[1:]):
            r = ri[(codes[a], codes[b])]
            self.planes[p][r] -= 1
            self.on_board[p] -= 1
            routes.append(r)
        self.flown[p] = path
        ev.append(Event(E.PLANES_FLOWN, {"player": p, "path": path, "routes": tuple(routes)}))

    def _nobody_travels(self, reason: str, ev: list[Event]) -> None:
        for q in range(self.P):
            b = self.bid[q]
            if b is not None and not self.settled:
                self.hand[q][FARE_INDEX[b]] += 1
        self.settled = True
        self.winners = []
        ev.append(Event(E.NOBODY_TRAVELS, {"reason": reason}))
        self._month_end(ev)

    # ------------------------------------------------------------ §7
    def _month_end(self, ev: list[Event]) -> None:
        self.last_market = self.market_json()
        if self.month == MARCH:
            self._end_game(ev)
            return
        finished = self.month
        self.month += 1  # 1. advance the month marker
        self.od = None
        self.dice = None
        if finished == OCTOBER:  # R11: no leasing; season reset (§7.3)
            left = [(p, r, n) for p in range(self.P) for r, n in enumerate(self.planes[p]) if n]
            for p in range(self.P):
                self.planes[p] = [0] * len(self.board.routes)
                self.on_board[p] = 0
                self.markers[p] = []
                self.hubs[p] = []
            ev.append(Event(E.SEASON_RESET, {"planes": left}))
            self._start_season(ev)
            return
        self.phase = MONTH_END
        self.lease_queue = [(self.roller + k) % self.P for k in range(self.P)][::-1]
        self._next_lease(ev)

    def _next_lease(self, ev: list[Event]) -> None:
        while self.lease_queue:
            p = self.lease_queue.pop()
            if self.lease_limit(p) >= 1 and self.placeable_routes(p):
                self._wait(LEASE, (p,))
                return
        self._start_month(ev)

    def _do_lease(self, p: int, arg: tuple[int, tuple[int, ...]], ev: list[Event]) -> None:
        k, cards = arg
        name = self.names[p]
        limit = self.lease_limit(p)
        if not isinstance(k, int) or k < 0:
            raise IllegalAction("planes must be a whole number ≥ 0")
        if k > limit:
            room = self.N - self.on_board[p]
            raise IllegalAction(
                f"{name} can lease at most {limit} plane(s) now ({room} below the plane limit, "
                f"{self.revenue(p)} of won revenue at {LEASE_COST} each)")
        if not isinstance(cards, tuple) or any(c not in FARE_INDEX for c in cards):
            raise IllegalAction(f"lease: {short(cards)} are not fare cards")
        cards = tuple(sorted(cards))
        if k == 0:
            if cards:
                raise IllegalAction("no cards are taken back when leasing no planes")
            ev.append(Event(E.LEASED, {"player": p, "planes": 0, "cards": (), "change_spent": 0,
                                       "change": self.change[p]}))
            self._next_lease(ev)
            return
        cost = LEASE_COST * k
        spent = min(self.change[p], cost)
        need = cost - spent
        counts = [0] * _NFARES
        for c in cards:
            counts[FARE_INDEX[c]] += 1
        if any(counts[i] > self.won[p][i] for i in range(_NFARES)):
            raise IllegalAction(
                f"{name} has not won those cards (won cards on the table: {_cards(self.won_cards(p))})")
        total = sum(cards)
        if need == 0 and cards:
            raise IllegalAction(
                f"change of {self.change[p]} already pays for {k} plane(s): take no cards back (R10)")
        if total < need:
            raise IllegalAction(
                f"{_cards(list(cards)) or 'no cards'} do not cover {need} "
                f"({cost} for {k} plane(s) less {spent} change)")
        if cards and total - cards[0] >= need:
            raise IllegalAction(
                f"the payment is not minimal: without the {cards[0]} card, {total - cards[0]} "
                f"still covers {need} (R10)")
        for i in range(_NFARES):
            self.won[p][i] -= counts[i]
            self.hand[p][i] += counts[i]
        self.change[p] = self.change[p] - spent + (total - need)
        ev.append(Event(E.LEASED, {"player": p, "planes": k, "cards": cards,
                                   "change_spent": spent, "change": self.change[p]}))
        self.queue = [p] * k
        self._next_placement(ev)

    # ------------------------------------------------------------ §9
    def _end_game(self, ev: list[Event]) -> None:
        self.game_over = True
        self.phase = GAME_OVER
        self._wait(None, ())
        ev.append(Event(E.GAME_OVER, {"winners": self.final_winners(),
                                      "scores": [self.score(p)["total"] for p in range(self.P)]}))

    # ------------------------------------------------------------ JSON
    def market_json(self) -> dict[str, Any] | None:
        """The current month's market as in the headless spec (hidden bids hidden)."""
        if self.od is None:
            return None
        n = self.names
        out: dict[str, Any] = {
            "od": [CALLSIGNS[c] for c in self.od],
            "airports": [self.board.airports[self.callsign_airport[c]].code for c in self.od],
            "dice": [CALLSIGNS[c] for c in self.dice] if self.dice else [],
            "stops": {n[q]: s for q, s in enumerate(self.stops) if s is not None},
            "submitted": [n[q] for q in range(self.P) if self.submitted[q]],
            "bids": ({n[q]: self.bid[q] for q in range(self.P) if self.submitted[q]}
                     if self.revealed else {}),
            "revealed": self.revealed,
            "winners": [n[q] for q in self.winners] if self.revealed else [],
        }
        if self.walked_away is not None:
            out["walked_away"] = n[self.walked_away]
        if self.flown:
            codes = self.board.codes
            out["flown"] = {n[q]: [codes[i] for i in path] for q, path in sorted(self.flown.items())}
        return out

    def to_json(self) -> dict[str, Any]:
        """The state as the JSON object of the headless spec.

        This is the public view: a bid not yet revealed is shown nowhere — its
        card is still counted in its owner's hand until the reveal."""
        b = self.board
        n = self.names
        codes = b.codes
        planes = []
        for p in range(self.P):
            row = self.planes[p]
            for r in sorted(range(len(row)), key=lambda r: b.routes[r]):
                for _ in range(row[r]):
                    planes.append({"player": n[p], "route": list(b.routes[r])})
        players = []
        for p in range(self.P):
            hand = self.hand_cards(p)
            if self.submitted[p] and not self.revealed and self.bid[p] is not None:
                hand = sorted(hand + [self.bid[p]])  # type: ignore[list-item]
            players.append({
                "name": n[p],
                "hand": hand,
                "won_cards": self.won_cards(p),
                "change": self.change[p],
                "subsidies": [CALLSIGNS[c] for c in self.subsidies[p]],
                "ancillaries_unused": self.chits[p],
                "ancillaries_spent": self.chits_spent[p],
                "flash_deal_unused": self.flash_unused[p],
                "planes_on_board": self.on_board[p],
                "planes_limit": self.N,
                "hubs": [codes[a] for a in self.hubs[p]],
                "cross_border_markers_unused": (REGIONAL_MARKERS - len(self.markers[p])
                                                if b.uses_cross_border else REGIONAL_MARKERS),
                "cross_border_routes": sorted(list(b.routes[r]) for r in self.markers[p]),
                "score": self.score(p),
            })
        return {
            "board": b.id,
            "month": MONTHS[self.month],
            "season": self.season,
            "phase": self.phase,
            "waiting_for": (None if self.decision is None else
                            {"decision": self.decision, "players": [n[p] for p in self.actors]}),
            "game_over": self.game_over,
            "callsigns": {CALLSIGNS[c]: codes[a] for c, a in enumerate(self.callsign_airport) if a >= 0},
            "subsidies_left": [CALLSIGNS[c] for c in range(6) if self.subsidy_left[c]],
            "roller": n[self.roller],
            "market": self.market_json(),
            "last_market": self.last_market,
            "planes": planes,
            "players": players,
            "winners": [n[p] for p in self.final_winners()] if self.game_over else [],
        }


def _cards(cards: list[int]) -> str:
    return ", ".join(map(str, cards))


_LEGAL: dict[str, Callable[[GameState, int], list[Action]]] = {
    PLACE_CALLSIGN: GameState._legal_place_callsign,
    PLACE_PLANE: GameState._legal_place_plane,
    PLACE_HUB: GameState._legal_place_hub,
    ROLL_DICE: GameState._legal_roll_dice,
    CHOOSE_OD: GameState._legal_choose_od,
    BID: GameState._legal_bid,
    FLASH: GameState._legal_flash,
    ANCILLARIES: GameState._legal_ancillaries,
    ROLL_SENSITIVITY: GameState._legal_roll_sensitivity,
    CHOOSE_ITINERARY: GameState._legal_choose_itinerary,
    LEASE: GameState._legal_lease,
}

_APPLY: dict[str, Callable[[GameState, int, Any, list[Event]], None]] = {
    PLACE_CALLSIGN: GameState._do_place_callsign,
    PLACE_PLANE: GameState._do_place_plane,
    PLACE_HUB: GameState._do_place_hub,
    ROLL_DICE: GameState._do_roll_dice,
    CHOOSE_OD: GameState._do_choose_od,
    BID: GameState._do_bid,
    FLASH: GameState._do_flash,
    ANCILLARIES: GameState._do_ancillaries,
    ROLL_SENSITIVITY: GameState._do_roll_sensitivity,
    CHOOSE_ITINERARY: GameState._do_choose_itinerary,
    LEASE: GameState._do_lease,
}


def new_game(board: Board, players: Sequence[str],
             callsigns: Mapping[str, str] | None = None) -> GameState:
    """Start a game: with ``callsigns`` (call sign -> airport code) the call
    signs are given outright; without, the players place them (R1)."""
    return GameState(board, players, callsigns)
