"""What the host needs of each game, in one shape: OpenSky and Blue Skies.

A table does not know the rules.  It asks its ``Game`` for a new session,
for a seat's legal actions as action objects, for the view of a set of seats
(through each engine's one view module), for the events as those seats may
see them, and for the log entry of an action as the table's store keeps it
(a pending bid or a card drawn into a hand sealed with the host's key, as a
save seals it).  Everything here is pure apart from the board lookup.
"""
from __future__ import annotations

import hmac
import random
from typing import Any, Sequence

from opensky.blueskies import view as bsview
from opensky.blueskies.actions import CHANCE_TYPES as BS_CHANCE, DRAW_CARD
from opensky.blueskies.board import load_bs_board
from opensky.blueskies.events import CardDrawn
from opensky.blueskies.session import BSSession, draw as bs_draw
from opensky.blueskies.state import BSState
from opensky.board.files import known_boards, peek_game
from opensky.board.loader import load_board
from opensky.persistence import bssave, save as ossave
from opensky.play.seats import BLUE_SKIES, OPENSKY
from opensky.rules import view as osview
from opensky.rules.actions import BID, CHANCE_TYPES as OS_CHANCE, Action
from opensky.rules.errors import IllegalAction
from opensky.rules.session import Session
from opensky.rules.state import GameState

AnySession = Session | BSSession
AnyState = GameState | BSState

#: how many legal actions an update lists at most (Blue Skies' assistance
#: sets can run to millions; a client with an engine lists them itself)
LEGAL_LIMIT = 400

#: lazy legal lists already listed (their first LEGAL_LIMIT actions), by key
_LISTED: dict[Any, tuple[Any, ...]] = {}
LISTED_MAX = 256


def chance_rng(secret: bytes, index: int) -> random.Random:
    """The generator of the chance step at log position ``index``: drawn
    from the table's secret, so a restarted host draws what it would have,
    and nothing a client sees lets it compute the next outcome."""
    digest = hmac.digest(secret, f"opensky-online-chance:{index}".encode(), "sha256")
    return random.Random(int.from_bytes(digest, "big"))


class Game:
    """One game's answers to the table (see the module docstring)."""

    kind = ""
    chance_types: frozenset[str] = frozenset()

    def board(self, ref: str) -> Any:
        raise NotImplementedError

    def new_session(self, board: Any, names: Sequence[str], seed: int) -> AnySession:
        """A new game; ``seed`` seeds only what the setup draws (OpenSky's
        random call signs): chance steps are drawn with ``chance_rng``."""
        raise NotImplementedError

    def view(self, state: Any, seats: Sequence[int]) -> Any:
        """The state as the seats (one client's) may see it; () a spectator's."""
        raise NotImplementedError

    def seal(self, events: Sequence[Any], seats: Sequence[int]) -> list[Any]:
        raise NotImplementedError

    def draw(self, session: Any, rng: random.Random) -> Action:
        raise NotImplementedError

    def secret_entry(self, session: Any, index: int) -> bool:
        """Whether log entry ``index`` is secret to everyone but its player
        when written (a bid; a card drawn into a hand)."""
        raise NotImplementedError

    def seal_entry(self, d: dict[str, Any], key: bytes, salt: bytes, index: int, board: Any) -> dict[str, Any]:
        raise NotImplementedError

    def unseal_entry(self, entry: dict[str, Any], key: bytes, salt: bytes, index: int, board: Any) -> dict[str, Any]:
        raise NotImplementedError

    # -- shared
    def is_chance(self, state: Any) -> bool:
        return bool(state.decision in self.chance_types)

    def legal_actions(self, session: AnySession, seat: int) -> tuple[Sequence[Action], int]:
        """A seat's legal actions (the first ``LEGAL_LIMIT`` of them) and how many there are."""
        st = session.state
        if st.game_over or self.is_chance(st) or seat not in st.actors:
            return [], 0
        legal = st.legal_actions(seat)
        n = len(legal)
        key = getattr(legal, "key", None)
        if key is None:
            return legal[:LEGAL_LIMIT], n
        # a lazy list (Blue Skies' assistance sets: up to LEGAL_LIMIT of
        # them, asked again and again) is listed once for its key, as a tuple
        # shared by every table (``StateText.actions`` keeps its text by it)
        got = _LISTED.get(key)
        if got is None:
            if len(_LISTED) >= LISTED_MAX:
                _LISTED.clear()
            got = _LISTED[key] = tuple(legal[:LEGAL_LIMIT])
        return got, n

    def legal_dicts(self, session: AnySession, seat: int) -> tuple[list[dict[str, Any]], int]:
        """A seat's legal actions as action objects (at most ``LEGAL_LIMIT``)
        and how many there are."""
        legal, n = self.legal_actions(session, seat)
        return [session.codec.to_dict(a) for a in legal], n

    def apply_drawn(self, session: Any, secret: bytes) -> list[Any]:
        """Draw the pending chance step from the table's generator and apply it."""
        action = self.draw(session, chance_rng(secret, len(session.log)))
        return list(session.apply(action))


class OpenSkyGame(Game):
    kind = OPENSKY
    chance_types = OS_CHANCE

    def board(self, ref: str) -> Any:
        return load_board(ref)

    def new_session(self, board: Any, names: Sequence[str], seed: int) -> Session:
        cs = "recommended" if board.recommended_callsigns else "random"
        return Session(board, list(names), seed=seed, callsigns=cs)

    def view(self, state: GameState, seats: Sequence[int]) -> GameState:
        return osview.seats_view(state, seats)

    def seal(self, events: Sequence[Any], seats: Sequence[int]) -> list[Any]:
        return list(events)  # OpenSky's events carry no secret (a bid's fare is not in them)

    def draw(self, session: Session, rng: random.Random) -> Action:
        outcomes = session.state.legal_actions()
        if not session.state.is_chance() or not outcomes:
            raise IllegalAction("no chance step is pending")
        return outcomes[rng.randrange(len(outcomes))]

    def secret_entry(self, session: Session, index: int) -> bool:
        return session.log[index].type == BID

    def seal_entry(self, d: dict[str, Any], key: bytes, salt: bytes, index: int, board: Any) -> dict[str, Any]:
        return ossave.seal(d, key, salt, index)

    def unseal_entry(self, entry: dict[str, Any], key: bytes, salt: bytes, index: int, board: Any) -> dict[str, Any]:
        return ossave.unseal(entry, key, salt, index)


class BlueSkiesGame(Game):
    kind = BLUE_SKIES
    chance_types = BS_CHANCE

    def board(self, ref: str) -> Any:
        return load_bs_board(ref)

    def new_session(self, board: Any, names: Sequence[str], seed: int) -> BSSession:
        return BSSession(board, list(names), seed=seed)

    def view(self, state: BSState, seats: Sequence[int]) -> BSState:
        # a Blue Skies view shows one hand: a client with several seats gets
        # one view per seat (``Table.snapshots``); this one is its first seat's
        return bsview.player_view(state, seats[0]) if seats else bsview.spectator_view(state)

    def seal(self, events: Sequence[Any], seats: Sequence[int]) -> list[Any]:
        return bsview.seal_events_for(events, seats)

    def draw(self, session: BSSession, rng: random.Random) -> Action:
        return bs_draw(session.state, rng)

    def secret_entry(self, session: BSSession, index: int) -> bool:
        rec = session.records[index]
        return rec.action.type == DRAW_CARD and bool(rec.events) and isinstance(rec.events[0], CardDrawn)

    def seal_entry(self, d: dict[str, Any], key: bytes, salt: bytes, index: int, board: Any) -> dict[str, Any]:
        return bssave.seal_card(str(d["outcome"]), key, salt, index)

    def unseal_entry(self, entry: dict[str, Any], key: bytes, salt: bytes, index: int, board: Any) -> dict[str, Any]:
        code = bssave.unseal_card(entry, board, key, salt, index, f"step {index + 1}")
        return {"type": DRAW_CARD, "outcome": code}


GAMES: dict[str, Game] = {OPENSKY: OpenSkyGame(), BLUE_SKIES: BlueSkiesGame()}


def shipped_board(game: str, ref: Any) -> Any:
    """A shipped board of ``game`` by id, or IllegalAction: a table never opens a path a client names."""
    known = known_boards()
    if not isinstance(ref, str) or ref not in known:
        raise IllegalAction("unknown board (a table plays a board shipped with the game)")
    if peek_game(known[ref]) != game:
        raise IllegalAction("that board is for the other game")
    return GAMES[game].board(ref)


__all__ = ["AnySession", "AnyState", "BlueSkiesGame", "GAMES", "Game", "LEGAL_LIMIT", "OpenSkyGame",
           "chance_rng", "shipped_board"]
