"""The Blue Skies game state: pure, deterministic, no I/O (``blueskies/RULES.md``).

``BSState`` has the shape of OpenSky's ``GameState``: ``legal_actions()``,
``apply(action)`` returning typed events (``opensky.blueskies.events``),
chance as explicit steps (``draw_cubes``, ``draw_card``) whose outcomes the
caller supplies, ``chance_outcomes()`` with their exact probabilities,
``player_view()`` (``opensky.blueskies.view``), a cheap ``copy()``, refusals
as ``IllegalAction`` with a readable message and the state untouched.

The game runs as a stack of small tasks (``flow``): each round's eight steps
(§6) are pushed at its start; a task either completes by itself (the steps
that need nobody, B31) or stops at a decision.  ``apply`` checks the action
against the pending decision, carries it out, pushes what follows from it
and runs the stack again until the next decision.
"""
from __future__ import annotations

from typing import Any, Sequence

from opensky.blueskies import flow
from opensky.blueskies.actions import (
    ASSIST, ASSISTANCE, BUY, BUY_GATE, BUYOUT, CHANCE_TYPES, DISCARD, DISCARD_DECISION, DRAW_CARD,
    DRAW_CUBES, END_PURCHASES, OPENING_GATE, PLAY, PLAY_CARD, SPECIAL_ACTION, STEP_OPENING, Action,
)
from opensky.blueskies.board import BSBoard
from opensky.blueskies.events import Event
from opensky.blueskies import gates as G
from opensky.blueskies.legal import Combos, legal_actions, sub_multisets
from opensky.rules.errors import IllegalAction
from opensky.textlimits import MAX_PLAYER_NAME, clip, short, unshowable

Task = tuple[Any, ...]
_CUBES: list[Action] = []
_CARDS: list[Action] = []
#: the draw_cubes outcomes by (red, green) in the bag
_CUBE_ODDS: dict[tuple[int, int], list[tuple[Action, float]]] = {}


def _pts(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _cube_actions(n: int) -> list[Action]:
    while len(_CUBES) <= n:
        _CUBES.append(Action(DRAW_CUBES, None, len(_CUBES)))
    return _CUBES


def _card_actions(n: int) -> list[Action]:
    while len(_CARDS) < n:
        _CARDS.append(Action(DRAW_CARD, None, len(_CARDS)))
    return _CARDS


class BSState:
    """One game of Blue Skies (see the module docstring)."""

    __slots__ = (
        "board", "P", "names", "spaces", "gates", "cubes", "waiting", "red", "green", "deck", "deck_count",
        "discard", "in_play", "hands", "hand_count", "score", "gates_left", "special_used",
        "assistance_given", "round", "step", "current", "tasks", "decision", "actor", "cube_airport",
        "card_purpose", "card_player", "owed", "points", "opening_mode", "opening_first", "game_over",
        "end_reason", "final", "winners", "viewer", "unknown", "locals", "free",
    )

    def __init__(self, board: BSBoard, players: Sequence[str], opening: Sequence[int] | None = None,
                 hands: Sequence[Sequence[int]] | None = None):
        P = len(players)
        if not 2 <= P <= 5:
            raise IllegalAction(f"Blue Skies is for 2 to 5 players, not {P}")
        if len(set(players)) != P:
            raise IllegalAction("the players' names must all be different")
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise IllegalAction("every player needs a name")
            why = unshowable(name)
            if why is not None:
                raise IllegalAction(f"the player name {short(name, 24)} holds {why}")
            if len(name) > MAX_PLAYER_NAME:
                raise IllegalAction(f"the player name {short(name, 24)} is longer than {MAX_PLAYER_NAME} characters")
        if any(n == "local" for n in players):
            raise IllegalAction("a player may not be called 'local' (the local airline's name)")
        self.board = board
        self.P = P
        self.names = list(players)
        self.spaces = board.gate_spaces[P]
        n = len(board.airports)
        self.gates: list[list[int]] = [[] for _ in range(n)]
        self.cubes: list[list[int]] = [[] for _ in range(n)]
        self.waiting = [0] * n
        #: airports with a local gate, in board order (always in the first space, B8)
        self.locals: list[int] = []
        #: empty gate spaces in play at each airport (spaces minus gates)
        self.free = [self.spaces] * n
        self.red, self.green = board.bag
        self.deck = [a.demand_cards for a in board.airports]
        self.deck_count = sum(self.deck)
        self.discard = [0] * n
        self.in_play: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(P)]
        self.hand_count = [0] * P
        self.score = [0] * P
        self.gates_left = [board.gates_per_player] * P
        self.special_used = [False] * P
        self.assistance_given = False
        self.round = 0
        self.step = STEP_OPENING
        self.current = 0
        self.decision: str | None = None
        self.actor: int | None = None
        self.cube_airport = -1
        self.card_purpose = ""
        self.card_player: int | None = None
        self.owed = 0
        self.points = 0
        self.opening_mode = 0
        self.opening_first = -1
        self.game_over = False
        self.end_reason: list[str] | None = None
        self.final: list[dict[str, object]] | None = None
        self.winners: list[int] = []
        self.viewer: int | None = None
        self.unknown: list[int] | None = None
        self._check_given(opening, hands)
        self.tasks: list[Task] = flow.setup_tasks(self, opening, hands)
        flow.run(self, [])

    def _check_given(self, opening: Sequence[int] | None, hands: Sequence[Sequence[int]] | None) -> None:
        left = list(self.deck)
        codes = self.board.codes
        if opening is not None:
            if len(opening) != 5:
                raise IllegalAction(f"'opening' must name 5 cards, not {len(opening)}")
            for c in opening:
                if left[c] <= 0:
                    raise IllegalAction(f"opening names {codes[c]} more often than the deck holds it "
                                        f"({self.board.airports[c].demand_cards})")
                left[c] -= 1
        if hands is not None:
            if opening is None:
                raise IllegalAction("'hands' needs 'opening' (without the opening cards a dealt card "
                                    "could be one of them)")
            if len(hands) != self.P:
                raise IllegalAction("'hands' must give every player 3 cards")
            for q, h in enumerate(hands):
                if len(h) != 3:
                    raise IllegalAction(f"'hands' must give {clip(self.names[q])} 3 cards, not {len(h)}")
                for c in h:
                    if left[c] <= 0:
                        raise IllegalAction(f"hands: {codes[c]} is not left in the deck for {clip(self.names[q])} "
                                            "(after the opening cards and the hands before)")
                    left[c] -= 1

    # ------------------------------------------------------------ copies
    def copy(self) -> "BSState":
        g = BSState.__new__(BSState)
        g.board = self.board
        g.P = self.P
        g.names = self.names
        g.spaces = self.spaces
        g.gates = [x[:] for x in self.gates]
        g.cubes = [x[:] for x in self.cubes]
        g.waiting = self.waiting[:]
        g.locals = self.locals[:]
        g.free = self.free[:]
        g.red, g.green = self.red, self.green
        g.deck = self.deck[:]
        g.deck_count = self.deck_count
        g.discard = self.discard[:]
        g.in_play = self.in_play[:]
        g.hands = [h[:] for h in self.hands]
        g.hand_count = self.hand_count[:]
        g.score = self.score[:]
        g.gates_left = self.gates_left[:]
        g.special_used = self.special_used[:]
        g.assistance_given = self.assistance_given
        g.round, g.step, g.current = self.round, self.step, self.current
        g.tasks = self.tasks[:]
        g.decision, g.actor = self.decision, self.actor
        g.cube_airport, g.card_purpose, g.card_player = self.cube_airport, self.card_purpose, self.card_player
        g.owed, g.points = self.owed, self.points
        g.opening_mode, g.opening_first = self.opening_mode, self.opening_first
        g.game_over = self.game_over
        g.end_reason = None if self.end_reason is None else self.end_reason[:]
        g.final = None if self.final is None else [dict(f) for f in self.final]
        g.winners = self.winners[:]
        g.viewer = self.viewer
        g.unknown = None if self.unknown is None else self.unknown[:]
        return g

    # ------------------------------------------------------------ queries
    def is_chance(self) -> bool:
        return self.decision in CHANCE_TYPES

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.actor is None or self.is_chance() else (self.actor,)

    def income(self, p: int) -> int:
        return G.income(self, p)

    def gates_placed(self, p: int) -> int:
        return G.gates_placed(self, p)

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every legal action now (for a chance step, its outcomes).  For the
        assistance choice the airports come in board order, every set once (the
        order named only orders the draws); the list is lazy, as it can be long."""
        if player is not None and player not in self.actors:
            return []
        return legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The pending chance step's outcomes with their probabilities
        (headless.md: green cubes drawn without replacement before the red;
        a card uniform over the cards left in the deck)."""
        if self.decision == DRAW_CUBES:
            key = (self.red, self.green)
            got = _CUBE_ODDS.get(key)
            if got is None:
                R, Gr = key
                N = R + Gr
                got = []
                prod = 1.0
                acts = _cube_actions(Gr)
                for g in range(Gr + 1):
                    got.append((acts[g], prod * R / (N - g)))
                    prod *= (Gr - g) / (N - g)
                _CUBE_ODDS[key] = got
            return got  # shared: callers read it, never change it
        if self.decision == DRAW_CARD:
            n = self.deck_count
            acts = _card_actions(len(self.deck))
            return [(acts[a], c / n) for a, c in zip(range(len(acts)), self.deck) if c]
        return []

    def waiting_text(self) -> str:
        d, p = self.decision, self.actor
        codes = self.board.codes
        who = clip(self.names[p]) if p is not None else ""
        if d is None:
            return "nothing (the game is over)"
        if d == OPENING_GATE:
            return f"opening gate {self.gates_placed_now() + 1} by {who} ({_pts(self.points)} left)"
        if d == BUY:
            return f"buy by {who} ({_pts(self.points)} left)"
        if d == PLAY:
            return f"play by {who}" + ("" if self.special_used[p or 0] else " (special action available)")
        if d == ASSIST:
            return f"assistance by {who} ({self.owed} airports)"
        if d == DISCARD_DECISION:
            return f"discard by {who}"
        if d == DRAW_CUBES:
            return f"draw_cubes at {codes[self.cube_airport]} (bag: {self.red} red, {self.green} green)"
        target = f" for {clip(self.names[self.card_player])}" if self.card_player is not None else ""
        return f"draw_card ({self.card_purpose}{target})"

    def gates_placed_now(self) -> int:
        """During an opening placement: the gates placed so far (0 or 1)."""
        return 1 if self.opening_mode == 1 else 0

    # ------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Validate and carry out ``action``; return what happened.  Raises
        IllegalAction, the state unchanged, when the rules do not allow it now."""
        if self.game_over:
            raise IllegalAction("the game is already over")
        t, arg = action.type, action.arg
        ev: list[Event] = []
        if t == DRAW_CUBES and self.decision == DRAW_CUBES and action.player is None:
            # the commonest step, checked and carried out here
            if self.red == 0 or type(arg) is not int or not 0 <= arg <= self.green:
                self._check(action)  # raises with the reason
            flow.add_cubes(self, self.cube_airport, arg, ev)
            flow.run(self, ev)
            return ev
        if t == DRAW_CARD and self.decision == DRAW_CARD and action.player is None:
            if type(arg) is not int or not 0 <= arg < len(self.deck) or self.deck[arg] <= 0:
                self._check(action)  # raises with the reason
            flow.take_card(self, arg, ev)
            flow.run(self, ev)
            return ev
        if t in CHANCE_TYPES:
            if t != self.decision:
                raise IllegalAction(self._not_now(action))
            if action.player is not None and action.player != self.card_player and t == DRAW_CARD:
                raise IllegalAction(self._not_now(action))
        elif self.decision in CHANCE_TYPES or action.player != self.actor or not self._fits(t):
            raise IllegalAction(self._not_now(action))
        self._check(action)
        flow.carry_out(self, action, ev)
        flow.run(self, ev)
        return ev

    def _fits(self, t: str) -> bool:
        d = self.decision
        if d in (OPENING_GATE,):
            return t in (BUY_GATE, BUYOUT)
        if d == BUY:
            return t in (BUY_GATE, BUYOUT, END_PURCHASES)
        if d == PLAY:
            return t in (PLAY_CARD, SPECIAL_ACTION)
        if d == ASSIST:
            return t == ASSISTANCE
        if d == DISCARD_DECISION:
            return t == DISCARD
        return False

    def _not_now(self, action: Action) -> str:
        who = f" by {clip(self.names[action.player])}" if action.player is not None and 0 <= action.player < self.P else ""
        return f"{action.type}{who} is not possible now"

    def _check(self, a: Action) -> None:
        """Raise IllegalAction with the reason when ``a`` (of the right type and
        player) breaks a rule."""
        t, p, arg = a.type, a.player, a.arg
        codes = self.board.codes
        ap = self.board.airports
        if t == DRAW_CUBES:
            if self.red == 0 or not isinstance(arg, int) or not 0 <= arg <= self.green:
                raise IllegalAction(f"draw_cubes outcome {arg} is not possible: the bag holds {self.green} green "
                                    f"and {self.red} red (0 to {self.green} greens before the red)")
            return
        if t == DRAW_CARD:
            if not isinstance(arg, int) or not 0 <= arg < len(self.deck) or self.deck[arg] <= 0:
                what = codes[arg] if isinstance(arg, int) and 0 <= arg < len(codes) else str(arg)
                raise IllegalAction(f"draw_card outcome {what} is not possible: the deck holds no {what} card")
            return
        assert p is not None
        self._check_shape(t, arg)
        if t in (BUY_GATE, BUYOUT):
            slot = None
            if t == BUYOUT and isinstance(arg, tuple):
                arg, slot = arg
            x = ap[arg]
            if self.gates_left[p] <= 0:
                raise IllegalAction(f"{clip(self.names[p])} has no gate markers left")
            if t == BUY_GATE:
                if not self.free[arg]:
                    raise IllegalAction(f"{x.code} has no empty gate space ({self.spaces} in play)")
                cost = x.gate_cost
            else:
                if x.buyout_cost is None:
                    raise IllegalAction(f"the local gate at {x.code} cannot be bought out (buyout N/A)")
                ls = G.local_slot(self, arg)
                if ls < 0:
                    raise IllegalAction(f"{x.code} has no local gate to buy out")
                if slot is not None and slot != ls + 1:
                    raise IllegalAction(f"the local gate at {x.code} is in space {ls + 1}, not {slot}")
                cost = x.buyout_cost
            if cost > self.points:
                raise IllegalAction(f"{t} at {x.code} costs {cost}; {clip(self.names[p])} has {_pts(self.points)} left")
            if self.decision == OPENING_GATE and not G.opening_ok(self, p, arg, cost):
                if self.opening_mode == 1:
                    raise IllegalAction(f"the second opening gate must be at another airport than "
                                        f"{codes[self.opening_first]}")
                raise IllegalAction(f"after {x.code} ({cost}) no legal second opening gate would remain at "
                                    f"another airport for {6 - cost} points or less")
            return
        if t == END_PURCHASES:
            return
        hand = self.hands[p]
        if t == PLAY_CARD:
            if arg not in hand:
                raise IllegalAction(f"{clip(self.names[p])} holds no {codes[arg]} card")
            return
        if t == SPECIAL_ACTION:
            at, cards = arg
            if self.special_used[p]:
                raise IllegalAction(f"{clip(self.names[p])} has used the special action already (once per game)")
            if at is None and not cards:
                raise IllegalAction("the special action needs passengers added somewhere or at least one "
                                    "card discarded (B22)")
            self._check_cards(p, cards)
            return
        if t == DISCARD:
            self._check_cards(p, arg)
            return
        if t == ASSISTANCE:
            if len(arg) != self.owed:
                raise IllegalAction(f"{clip(self.names[p])} must choose exactly {self.owed} airports, not {len(arg)}")
            if len(set(arg)) != len(arg):
                raise IllegalAction("the assistance airports must all be different")
            return

    def _check_shape(self, t: str, arg: Any) -> None:
        """An action built by hand (not by the codec) names airports by
        number: each must be one of the board's, in the shape its type takes."""
        n = len(self.board.airports)

        def airport(x: Any) -> bool:
            return type(x) is int and 0 <= x < n

        def airports(xs: Any) -> bool:
            return isinstance(xs, tuple) and all(airport(x) for x in xs)

        if t in (BUY_GATE, PLAY_CARD):
            ok = airport(arg)
        elif t == BUYOUT:
            ok = airport(arg) or (isinstance(arg, tuple) and len(arg) == 2 and airport(arg[0])
                                  and type(arg[1]) is int)
        elif t == SPECIAL_ACTION:
            ok = (isinstance(arg, tuple) and len(arg) == 2 and (arg[0] is None or airport(arg[0]))
                  and airports(arg[1]))
        elif t in (ASSISTANCE, DISCARD):
            ok = airports(arg)
        else:
            ok = True
        if not ok:
            raise IllegalAction(f"{t}: {short(str(arg), 40)} does not name airports of this board "
                                f"(0 to {n - 1})")

    def _check_cards(self, p: int, cards: Sequence[int]) -> None:
        left = list(self.hands[p])
        for c in cards:
            if c not in left:
                raise IllegalAction(f"{clip(self.names[p])} holds no {'other ' if c in self.hands[p] else ''}"
                                    f"{self.board.codes[c]} card to discard")
            left.remove(c)

    # ------------------------------------------------------------ views and JSON
    def player_view(self, p: int) -> "BSState":
        from opensky.blueskies.view import player_view
        return player_view(self, p)

    def to_json(self) -> dict[str, Any]:
        from opensky.blueskies.jsonstate import to_json
        return to_json(self)


__all__ = ["BSState", "Combos", "sub_multisets"]
