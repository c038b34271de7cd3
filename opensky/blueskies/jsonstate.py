"""The Blue Skies state as JSON (``blueskies/headless.md``, "The state as JSON").

Lists of cards are sorted by airport code; ``airports`` and ``region_values``
follow the board's order.  In a view (``state.viewer`` set) the other hands
and the deck are null (§11).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from opensky.blueskies import gates as G
from opensky.blueskies.actions import (
    ASSIST, BUY, DISCARD_DECISION, DRAW_CARD, DRAW_CUBES, LOCAL, LOCAL_NAME, OPENING_GATE, PLAY,
)

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState


def _cards(s: "BSState", cards: list[int]) -> list[str]:
    codes = s.board.codes
    return sorted(codes[c] for c in cards)


def _multiset(s: "BSState", counts: list[int]) -> list[str]:
    """Cards counted by airport, as a list sorted by code (``_cards``' order)."""
    out: list[str] = []
    for a, code in s.board.by_code:
        n = counts[a]
        if n:
            out += [code] * n
    return out


def waiting_for(s: "BSState") -> dict[str, Any] | None:
    d, p = s.decision, s.actor
    if d is None or s.game_over:
        return None
    name = s.names[p] if p is not None else None
    if d == OPENING_GATE:
        return {"decision": d, "player": name, "gates_placed": s.gates_placed_now(), "points_left": s.points}
    if d == BUY:
        return {"decision": d, "player": name, "points_left": s.points}
    if d == PLAY:
        return {"decision": d, "player": name, "special_available": not s.special_used[p or 0]}
    if d == ASSIST:
        return {"decision": d, "player": name, "airports": s.owed}
    if d == DISCARD_DECISION:
        return {"decision": d, "player": name}
    if d == DRAW_CUBES:
        return {"decision": d, "airport": s.board.codes[s.cube_airport], "bag": {"red": s.red, "green": s.green}}
    assert d == DRAW_CARD
    q = s.card_player
    return {"decision": d, "purpose": s.card_purpose, "player": s.names[q] if q is not None else None}


def airport_json(s: "BSState", a: int) -> dict[str, Any]:
    """Airport ``a``'s entry of ``airports``: its gates (owner and cubes) and its waiting cubes."""
    names = s.names
    return {
        "gates": [{"owner": LOCAL_NAME if o == LOCAL else names[o], "cubes": c}
                  for o, c in zip(s.gates[a], s.cubes[a])],
        "waiting": s.waiting[a],
    }


def player_json(s: "BSState", q: int, income: int, values: list[int]) -> dict[str, Any]:
    """Player q's entry of ``players`` (``income`` and region ``values`` as
    ``gates.incomes`` and ``gates.all_region_values`` give them)."""
    return {
        "name": s.names[q],
        "score": s.score[q],
        "income": income,
        "gates_left": s.gates_left[q],
        "gates_placed": G.gates_placed(s, q),
        "hand": None if s.viewer is not None and s.viewer != q else _cards(s, s.hands[q]),
        "hand_count": s.hand_count[q],
        "special_used": s.special_used[q],
        "region_values": dict(zip([r.id for r in s.board.regions], values)),
        "final": s.final[q] if s.final is not None else None,
    }


def to_json(s: "BSState", airports: bool = True, with_players: bool = True) -> dict[str, Any]:
    """The state JSON.  ``airports=False`` leaves the ``airports`` value None,
    and ``with_players=False`` the ``players`` value, for a caller that puts
    them together part by part (``airport_json``, ``player_json``), e.g. the
    online host, which keeps each part's text from step to step."""
    codes = s.board.codes
    airports_out = {code: airport_json(s, a) for a, code in enumerate(codes)} if airports else None
    players: list[dict[str, Any]] | None = None
    if with_players:
        incomes, values = G.incomes(s), G.all_region_values(s)
        players = [player_json(s, q, incomes[q], values[q]) for q in range(s.P)]
    return {
        "game": "blue_skies",
        "board": s.board.id,
        "view": s.names[s.viewer] if s.viewer is not None and 0 <= s.viewer < s.P else None,
        "round": s.round,
        "step": s.step,
        "current_player": s.names[s.current],
        "waiting_for": waiting_for(s),
        "game_over": s.game_over,
        "end_reason": list(s.end_reason) if s.end_reason is not None else None,
        "gate_spaces": s.spaces,
        "airports": airports_out,
        "bag": {"red": s.red, "green": s.green},
        "deck_count": s.deck_count,
        "deck": None if s.viewer is not None else _multiset(s, s.deck),
        "discard": _multiset(s, s.discard),
        "in_play": [codes[c] for c in s.in_play],  # in the order shown (settled detail 2)
        "assistance_given": s.assistance_given,
        "players": players,
        "winners": [s.names[q] for q in s.winners],
    }
