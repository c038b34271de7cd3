"""Rule puzzles: short positions from real play, answered by the engine.

A puzzle is data, one YAML file in ``learn/puzzles/`` (``NN-slug.yaml``): a
``position`` written as a scripted game (``shared/spec/headless.md``: board,
players, call signs, actions; the game stops at the puzzle's moment), a
``kind``, a ``title`` and a ``question`` (English, translated through the
catalogs like every text), and what the kind needs.  The answer is never in
the file: ``Puzzle.answer()`` asks the engine, and an optional ``expect:``
only lets ``check_all`` catch a file whose answer is not what its author
meant.

Kinds (each asked of ``opensky.rules``):

``winner``           who wins the market after the reveal (W, ``quote.winners_with``)
``sole_fare``        ``player``'s highest card that wins alone: a bid against
                     the others' fares, or a flash offer (``quote.flash_options``)
``valid_itinerary``  is ``path`` a valid itinerary of ``player`` this month
                     (``market.itineraries``: hubs and the table rule)
``lease``            ``ask: planes``: how many planes ``player`` may lease;
                     ``ask: change``: the change kept after leasing
                     ``planes`` paid with ``cards`` (``quote.lease``)
``walk_away``        the price die shows ``roll``: who flies the market (the
                     roll applied to a copy of the state)

The explanation of an answer, in sentences, is ``opensky.learn.explain``.

Pure: no pygame; files are read through ``opensky.userfile`` like scripts.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from opensky.board.loader import load_board
from opensky.board.model import BoardError
from opensky.cli.errors import CliError
from opensky.cli.script import play
from opensky.i18n import tr, trn
from opensky.learn.explain import cards_text, explain as explain_answer
from opensky.paths import resource_path
from opensky.rules import events as E
from opensky.rules.actions import BID, FLASH, LEASE, ROLL_SENSITIVITY, Action
from opensky.rules.constants import CALLSIGNS, FARES, SENSITIVITY_FACES
from opensky.rules.errors import IllegalAction
from opensky.rules.market import itineraries
from opensky.rules.quote import flash_options, lease, price, winners_with
from opensky.rules.session import Session
from opensky.rules.state import GameState
from opensky.userfile import FileProblem, decode, display, parse_yaml, read_bytes, short

__all__ = ["KINDS", "LEASE_PUZZLE", "SOLE_FARE", "VALID_ITINERARY", "WALK_AWAY", "WINNER",
           "Choice", "Puzzle", "PuzzleError", "check_all", "load_puzzle", "puzzle_texts",
           "puzzles_dir", "shipped_puzzles"]

#: The kinds of puzzle (the front ends name them by these, not by bare strings).
WINNER, SOLE_FARE, VALID_ITINERARY, LEASE_PUZZLE, WALK_AWAY = (
    "winner", "sole_fare", "valid_itinerary", "lease", "walk_away")
KINDS: tuple[str, ...] = (WINNER, SOLE_FARE, VALID_ITINERARY, LEASE_PUZZLE, WALK_AWAY)
#: The shipped puzzles are a few kB; this is far more than one ever needs.
MAX_BYTES = 256 * 1024
MAX_TEXT = 300
MAX_ACTIONS = 400
SHIPPED_BOARDS = ("europe", "north_america")
KEYS = {"kind", "title", "question", "position", "player", "path", "roll", "planes", "cards", "ask",
        "options", "expect"}
POSITION_KEYS = {"board", "players", "seed", "callsigns", "actions"}
#: Choice keys that are not a player's name or a number.
TIE, NOBODY, NONE, VALID, INVALID, KEEP = "tie", "nobody", "none", "valid", "invalid", "keep"


class PuzzleError(ValueError):
    """A puzzle file cannot be used: one line naming the file and the problem."""


@dataclass(frozen=True)
class Choice:
    key: str
    label: str


@dataclass
class Puzzle:
    id: str
    path: str
    kind: str
    title: str
    question: str
    session: Session
    player: int | None = None
    itinerary: tuple[int, ...] = ()
    roll: int | None = None
    ask: str = ""
    planes: int = 0
    cards: tuple[int, ...] = ()
    options: tuple[int, ...] = ()
    expect: frozenset[str] | None = None
    _answer: frozenset[str] | None = field(default=None, repr=False)

    @property
    def state(self) -> GameState:
        return self.session.state

    # ------------------------------------------------------------ names
    def name(self, q: int) -> str:
        return self.state.names[q]

    def route_text(self, path: tuple[int, ...]) -> str:
        return "–".join(self.state.board.codes[a] for a in path)

    def fare_text(self, q: int, fare: int, stops: int | None) -> str:
        """``Sunway's nonstop 400`` / ``Sunway's one-stop 200`` / ``… 2-stop 300``."""
        if stops == 0:
            return tr("{name}'s nonstop {fare}", name=self.name(q), fare=fare)
        if stops == 1:
            return tr("{name}'s one-stop {fare}", name=self.name(q), fare=fare)
        return tr("{name}'s {n}-stop {fare}", name=self.name(q), fare=fare, n=stops)

    def table(self, exclude: int | None = None) -> list[tuple[int, int, int]]:
        """The fares on the table as W takes them: (player, fare, stops)."""
        st = self.state
        return [(q, b, s) for q in range(st.P) if q != exclude and (b := st.bid[q]) is not None
                and (s := st.stops[q]) is not None]

    # ------------------------------------------------------------ choices and answer
    def choices(self) -> list[Choice]:
        st = self.state
        if self.kind in ("winner", "walk_away"):
            bidders = [q for q, _, _ in self.table()]
            out = [Choice(self.name(q), self.name(q)) for q in bidders]
            if len(bidders) >= (2 if self.kind == "winner" else 3):
                out.append(Choice(TIE, tr("A tie")))
            if self.kind == "walk_away":
                out.append(Choice(NOBODY, tr("Nobody travels")))
            return out
        if self.kind == "sole_fare":
            out = []
            for card, _ in self.fare_options():
                if card is None:
                    out.append(Choice(KEEP, tr("Keep {fare}", fare=st.bid[self.asked()])))
                else:
                    out.append(Choice(str(card), tr("Flash to {fare}", fare=card) if st.decision == FLASH
                                      else tr("Bid {fare}", fare=card)))
            return out + [Choice(NONE, tr("No card wins alone"))]
        if self.kind == "valid_itinerary":
            return [Choice(VALID, tr("Valid")), Choice(INVALID, tr("Not valid"))]
        if self.ask == "planes":
            return [Choice(str(n), trn("{n} plane", "{n} planes", n)) for n in self._options()]
        return [Choice(str(n), tr("{n} change", n=n)) for n in self._options()]

    def _options(self) -> tuple[int, ...]:
        if self.options:
            return self.options
        p = self.asked()
        if self.ask == "planes":
            return tuple(range(0, self.state.N - self.state.on_board[p] + 1))
        q = lease(self.state, p, self.planes, self.cards)
        return tuple(sorted({0, q.change_after, q.change_before, max(0, sum(self.cards) - q.cost),
                             sum(self.cards)}))

    def asked(self) -> int:
        """The player the question is about (sole_fare, valid_itinerary, lease)."""
        assert self.player is not None
        return self.player

    def fare_options(self) -> list[tuple[int | None, tuple[int, ...]]]:
        """(card, winners) for each answer of ``player``: at a flash offer the
        engine's flash options (keep first), at a bid each card in hand."""
        st, p = self.state, self.asked()
        if st.decision == FLASH:
            return [(o.card, o.winners) for o in flash_options(st, p)]
        cards = sorted(set(st.hand_cards(p)), reverse=True)
        return [(c, tuple(winners_with(st, p, c))) for c in cards]

    def answer(self) -> frozenset[str]:
        """The set of correct choice keys, from the engine."""
        if self._answer is None:
            self._answer = frozenset(self._compute())
        return self._answer

    def _group(self, winners: tuple[int, ...] | list[int]) -> str:
        return NOBODY if not winners else self.name(winners[0]) if len(winners) == 1 else TIE

    def _compute(self) -> set[str]:
        st = self.state
        if self.kind in ("winner", "walk_away"):
            return {self._group(self.winners())}
        if self.kind == "sole_fare":
            best = self.best_alone()
            if best is None:
                return {NONE}
            return {KEEP if best == st.bid[self.asked()] and st.decision == FLASH else str(best)}
        if self.kind == "valid_itinerary":
            return {VALID if self.itinerary_valid() else INVALID}
        if self.ask == "planes":
            return {str(st.lease_limit(self.asked()))}
        return {str(lease(st, self.asked(), self.planes, self.cards).change_after)}

    def best_alone(self) -> int | None:
        """sole_fare: the highest fare of ``player`` that wins alone (the fare
        kept at a flash offer included), None when no card does."""
        st, p = self.state, self.asked()
        alone = [c if c is not None else st.bid[p] for c, w in self.fare_options() if tuple(w) == (p,)]
        return max((c for c in alone if c is not None), default=None)

    def itinerary_valid(self) -> bool:
        """valid_itinerary: ``path`` (either way round) is one of ``player``'s itineraries."""
        _, paths = self.market_itineraries()
        mine = paths[self.asked()]
        return self.itinerary in mine or tuple(reversed(self.itinerary)) in mine

    def winners(self) -> list[int]:
        """Who flies the market in the engine's answer (winner, walk_away)."""
        if self.kind == "winner":
            q0 = self.table()[0][0]
            return winners_with(self.state, q0, self.state.bid[q0])
        return self.after_roll()[1] if self.kind == "walk_away" else []

    def is_right(self, key: str) -> bool:
        return key in self.answer()

    def market_itineraries(self) -> tuple[list[int | None], list[list[tuple[int, ...]]]]:
        st = self.state
        assert st.od is not None
        return itineraries(st, st.callsign_airport[st.od[0]], st.callsign_airport[st.od[1]])

    def after_roll(self) -> tuple[list[E.Event], list[int]]:
        """The roll applied to a copy: its events and who flies the market."""
        st = self.state.copy()
        assert self.roll is not None
        ev = st.apply(Action(ROLL_SENSITIVITY, self.state.actors[0], self.roll))
        return ev, [e.player for e in ev if isinstance(e, E.MarketWon)]

    # ------------------------------------------------------------ words
    def situation(self) -> list[str]:
        """The position in words, from the state: the market, each airline's
        fare and class, and what the kind needs (a hand, won cards, hubs)."""
        st = self.state
        out = []
        if st.od is not None:
            ca, cb = (st.board.codes[st.callsign_airport[c]] for c in st.od)
            out.append(tr("{month}: the market is {a}–{b} ({x}–{y}).", month=tr(_month(st)), a=ca, b=cb,
                          x=tr(CALLSIGNS[st.od[0]]), y=tr(CALLSIGNS[st.od[1]])))
        else:
            out.append(tr("End of {month}.", month=tr(_month(st, -1))))
        if self.kind in ("winner", "walk_away", "sole_fare"):
            for q in range(st.P):
                b, stops = st.bid[q], st.stops[q]
                if q == self.player and self.kind == "sole_fare" and st.decision == BID:
                    out.append(tr("{name} flies {path}, {cls}, and has not bid yet.", name=self.name(q),
                                  path=self.route_text(st.paths[q][0]), cls=_cls(stops)))
                elif stops is None:
                    out.append(tr("{name} cannot fly this market.", name=self.name(q)))
                elif b is None:
                    out.append(tr("{name} passes.", name=self.name(q)))
                else:
                    out.append(tr("{name} bids {fare}, {cls} ({path}).", name=self.name(q), fare=b, cls=_cls(stops),
                                  path=self.route_text(st.paths[q][0])))
            if self.kind == "sole_fare":
                p = self.asked()
                out.append(tr("{name}'s hand: {cards}.", name=self.name(p), cards=cards_text(st.hand_cards(p))))
            if self.kind == "walk_away":
                p = st.actors[0]
                out.append(tr("{name} attached {n} chits: the price is {price}.", name=self.name(p),
                              n=st.chit_count, price=price(st, p)))
                out.append(tr("The price die shows {roll}.", roll=self.roll))
        elif self.kind == "valid_itinerary":
            out.append(tr("The map shows every airline's planes: an itinerary flies only on its own planes."))
            for q in range(st.P):
                if st.board.uses_hubs:
                    out.append(tr("{name}'s hubs: {hubs}.", name=self.name(q),
                                  hubs=", ".join(st.board.codes[h] for h in st.hubs[q]) or "–"))
        else:
            p = self.asked()
            out.append(tr("{name}: {on} of {total} planes on the board.", name=self.name(p),
                          on=st.on_board[p], total=st.N))
            out.append(tr("Won cards: {cards}; change: {change}.", cards=cards_text(st.won_cards(p)) or "–",
                          change=st.change[p]))
        return out

    def explain(self) -> list[str]:
        """Why the answer is right, in sentences built from the engine's figures
        (``opensky.learn.explain``)."""
        return explain_answer(self)


def _month(st: GameState, back: int = 0) -> str:
    from opensky.rules.constants import MONTHS
    return MONTHS[(st.month + back) % len(MONTHS)]


def _cls(stops: int | None) -> str:
    if stops == 0:
        return tr("nonstop")
    return trn("{n} stop", "{n} stops", stops or 0)


# ---------------------------------------------------------------- loading

def puzzles_dir() -> Path:
    return resource_path("learn", "puzzles")


def _line(node: Any, key: str) -> int | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == key:
                return int(v.start_mark.line) + 1
    return None


def _child(node: Any, key: str) -> Any:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == key:
                return v
    return None


def load_puzzle(path: str | os.PathLike[str]) -> Puzzle:
    """Read, check and set up one puzzle file; PuzzleError (one line naming
    the file) for any problem, the position replayed through the engine."""
    shown = display(path)
    try:
        raw = read_bytes(path, "puzzle", limit=MAX_BYTES, where=shown)
        data, node = parse_yaml(decode(raw, shown, "puzzle"), shown)
    except FileProblem as e:
        raise PuzzleError(str(e)) from None

    def bad(key: str | None, msg: str, under: Any = None) -> PuzzleError:
        line = _line(under if under is not None else node, key) if key else None
        return PuzzleError(f"{shown}{':' + str(line) if line else ''}: {msg}")

    if not isinstance(data, dict):
        raise bad(None, "a puzzle must be a mapping with kind, title, question and position")
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        raise bad(unknown[0], f"unknown key {short(unknown[0], 30)} (known: {', '.join(sorted(KEYS))})")
    kind = data.get("kind")
    if kind not in KINDS:
        raise bad("kind", f"'kind' must be one of {', '.join(KINDS)}, not {short(kind)}")
    texts = {}
    for key in ("title", "question"):
        v = data.get(key)
        if not isinstance(v, str) or not v.strip() or len(v) > MAX_TEXT or "\n" in v.strip():
            raise bad(key, f"'{key}' must be one line of text of at most {MAX_TEXT} characters")
        texts[key] = v.strip()
    pos = data.get("position")
    pnode = _child(node, "position")
    if not isinstance(pos, dict):
        raise bad("position", "'position' must be a scripted game: board, players, callsigns, actions")
    extra = sorted(str(k) for k in pos if k not in POSITION_KEYS)
    if extra:
        raise bad(extra[0], f"unknown key {short(extra[0], 30)} in the position", pnode)
    session = _position(pos, pnode, shown, os.fspath(path), bad)
    pz = Puzzle(id=Path(os.fspath(path)).stem, path=os.fspath(path), kind=kind, title=texts["title"],
                question=texts["question"], session=session)
    _fields(pz, data, bad)
    _ready(pz, bad)
    exp = data.get("expect")
    if exp is not None:
        items = exp if isinstance(exp, list) else [exp]
        if not items or not all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in items):
            raise bad("expect", "'expect' must be a choice (a name, a number, valid, invalid, tie…) or a list")
        pz.expect = frozenset(str(x) for x in items)
        keys = {c.key for c in pz.choices()}
        if not pz.expect <= keys:
            raise bad("expect", f"'expect' names {short(sorted(pz.expect - keys)[0])}, which is not a choice "
                                f"(choices: {', '.join(sorted(keys))})")
        if pz.expect != pz.answer():
            raise bad("expect", f"the engine answers {', '.join(sorted(pz.answer()))}, "
                                f"but 'expect' says {', '.join(sorted(pz.expect))}")
    return pz


def _position(pos: dict[str, Any], pnode: Any, shown: str, path: str, bad: Any) -> Session:
    board_ref = pos.get("board")
    if not isinstance(board_ref, str) or not board_ref.strip():
        raise bad("board", "the position's 'board' must be a board id (europe, north_america) or a path", pnode)
    try:
        board = load_board(board_ref, base_dir=os.path.dirname(os.path.abspath(path)))
    except BoardError as e:
        raise bad("board", str(e), pnode) from None
    players = pos.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise bad("players", "'players' must be a list of 2 to 4 player names", pnode)
    seed = pos.get("seed", 0) or 0
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad("seed", f"'seed' must be a whole number, not {short(seed)}", pnode)
    callsigns = pos.get("callsigns")
    if not isinstance(callsigns, dict) and callsigns not in ("recommended", "random"):
        raise bad("callsigns", "'callsigns' must map each call sign to an airport, or be 'recommended'", pnode)
    actions = pos.get("actions") or []
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise bad("actions", f"'actions' must be a list of at most {MAX_ACTIONS} actions", pnode)
    anode = _child(pnode, "actions")
    lines: list[int | None] = [None] * len(actions)
    if isinstance(anode, yaml.SequenceNode):
        lines = [int(item.start_mark.line) + 1 for item in anode.value]
    try:
        session = Session(board, players, seed=seed, callsigns=callsigns)
        play(session, actions, lines, shown)
    except IllegalAction as e:
        raise bad("players", str(e), pnode) from None
    except CliError as e:
        raise PuzzleError(str(e)) from None
    return session


def _fields(pz: Puzzle, data: dict[str, Any], bad: Any) -> None:
    st = pz.state
    who = data.get("player")
    if who is not None:
        if who not in st.names:
            raise bad("player", f"'player' must be one of {', '.join(st.names)}, not {short(who)}")
        pz.player = st.names.index(who)
    elif pz.kind in ("sole_fare", "valid_itinerary", "lease"):
        raise bad("kind", f"a {pz.kind} puzzle needs 'player': whom the question is about")
    if pz.kind == "valid_itinerary":
        codes = data.get("path")
        board = st.board
        if (not isinstance(codes, list) or not 2 <= len(codes) <= 8
                or not all(isinstance(c, str) and c in board.airport_index for c in codes)):
            raise bad("path", "'path' must list the airports of the itinerary asked about, such as [LHR, FRA, FCO]")
        for a, b in zip(codes, codes[1:]):
            if (a, b) not in board.route_index:
                raise bad("path", f"{a}–{b} is not a route of the board")
        pz.itinerary = tuple(board.airport_index[c] for c in codes)
    if pz.kind == "walk_away":
        roll = data.get("roll")
        if roll not in SENSITIVITY_FACES or isinstance(roll, bool):
            raise bad("roll", f"'roll' must be a face of the price die ({', '.join(map(str, SENSITIVITY_FACES))})")
        pz.roll = roll
    if pz.kind == "lease":
        ask = data.get("ask")
        if ask not in ("planes", "change"):
            raise bad("ask", "a lease puzzle asks 'planes' (how many can be leased) or 'change' (what is kept)")
        pz.ask = ask
        if ask == "change":
            k, cards = data.get("planes"), data.get("cards", [])
            if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= st.N:
                raise bad("planes", f"'planes' must be how many planes are leased (1 to {st.N})")
            if not isinstance(cards, list) or not all(c in FARES and not isinstance(c, bool) for c in cards):
                raise bad("cards", "'cards' must list the won fare cards paid with")
            pz.planes, pz.cards = k, tuple(sorted(cards))
    opts = data.get("options")
    if opts is not None:
        if (pz.kind != "lease" or not isinstance(opts, list) or not 2 <= len(opts) <= 8
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10_000 for x in opts)
                or len(set(opts)) != len(opts)):
            raise bad("options", "'options' (lease puzzles only) must list 2 to 8 different whole numbers")
        pz.options = tuple(opts)


def _ready(pz: Puzzle, bad: Any) -> None:
    """The position must stop where the kind's question can be asked."""
    st = pz.state
    waiting = f"the game is waiting for {st.waiting_text()}"
    if st.game_over:
        raise bad("position", "the position's game is over")
    if pz.kind == "winner" and not (st.revealed and pz.table()):
        raise bad("position", f"a winner puzzle stops after the bids are revealed; {waiting}")
    if pz.kind == "walk_away" and st.decision != ROLL_SENSITIVITY:
        raise bad("position", f"a walk_away puzzle stops before the price die is rolled; {waiting}")
    if pz.kind == "sole_fare":
        if st.decision not in (BID, FLASH) or pz.player not in st.actors:
            raise bad("position", f"a sole_fare puzzle stops at {pz.name(pz.asked())}'s bid or flash offer; {waiting}")
        if st.decision == BID and not pz.table(exclude=pz.player):
            raise bad("position", "a sole_fare puzzle at a bid needs the others' bids in first")
    if pz.kind == "valid_itinerary" and st.od is None:
        raise bad("position", f"a valid_itinerary puzzle stops after the market is chosen; {waiting}")
    if pz.kind == "valid_itinerary":
        ends = {st.callsign_airport[c] for c in st.od or ()}
        if {pz.itinerary[0], pz.itinerary[-1]} != ends:
            raise bad("path", "'path' must run between the two airports of the market")
    if pz.kind == "lease":
        if st.decision != LEASE or pz.player not in st.actors:
            raise bad("position", f"a lease puzzle stops at {pz.name(pz.asked())}'s lease decision; {waiting}")
        if pz.ask == "change" and Action(LEASE, pz.player, (pz.planes, pz.cards)) not in st.legal_actions():
            raise bad("cards", f"leasing {pz.planes} plane(s) paid with {list(pz.cards)} is not a legal payment")
    try:
        pz.answer()
    except (IllegalAction, ValueError, AssertionError, IndexError) as e:
        raise bad("kind", f"the engine cannot answer this puzzle ({short(str(e), 80)})") from None


def shipped_puzzles() -> list[Puzzle]:
    """Every puzzle of ``learn/puzzles``, in file-name order."""
    folder = puzzles_dir()
    return [load_puzzle(p) for p in sorted(folder.glob("*.yaml"))]


def puzzle_texts() -> set[str]:
    """Every translatable text of the shipped puzzle files (titles and
    questions), for ``tools/i18n_keys.py``; unreadable files give none."""
    out: set[str] = set()
    for p in sorted(puzzles_dir().glob("*.yaml")):
        try:
            data, _ = parse_yaml(decode(read_bytes(p, "puzzle", limit=MAX_BYTES), display(p), "puzzle"), display(p))
        except FileProblem:
            continue
        if isinstance(data, dict):
            out.update(v.strip() for k in ("title", "question") if isinstance(v := data.get(k), str))
    return out


def check_all() -> list[str]:
    """Problems with the shipped puzzles (empty when every one loads, its
    position replays, its answer is computed and matches ``expect``)."""
    problems: list[str] = []
    files = sorted(puzzles_dir().glob("*.yaml"))
    if not files:
        return [f"{display(puzzles_dir())}: no puzzles found"]
    for p in files:
        try:
            pz = load_puzzle(p)
        except PuzzleError as e:
            problems.append(str(e))
            continue
        if pz.state.board.id not in SHIPPED_BOARDS:
            problems.append(f"{display(p)}: a shipped puzzle plays on a shipped board, not {pz.state.board.id}")
        got = pz.answer()
        if pz.expect is not None and pz.expect != got:
            problems.append(f"{display(p)}: the engine answers {', '.join(sorted(got))}, "
                            f"but 'expect' says {', '.join(sorted(pz.expect))}")
        if not pz.explain():
            problems.append(f"{display(p)}: no explanation")
    return problems
