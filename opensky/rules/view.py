"""What one player may know: the state with other players' secrets removed.

The only secret in OpenSky is a bid between its submission and the reveal
(RULES.md §11) — and a pass is as secret as a fare.  A view puts another
player's unrevealed card back in their hand (where public play says it could
be) and shows only *that* they have submitted.  The UI, the log and computer
players read views, so nothing can peek.
"""
from __future__ import annotations

from opensky.rules.constants import FARE_INDEX
from opensky.rules.state import GameState


def player_view(state: GameState, player: int | None) -> GameState:
    """A copy of ``state`` as ``player`` may see it (``None``: a spectator who
    sees no unrevealed bid at all)."""
    v = state.copy()
    if not v.revealed:
        for q in range(v.P):
            if q == player or not v.submitted[q]:
                continue
            b = v.bid[q]
            if b is not None:
                v.hand[q][FARE_INDEX[b]] += 1
                v.bid[q] = None
    return v


def hidden_bids_leak(view: GameState, state: GameState, player: int | None) -> bool:
    """True when ``view`` differs between two states that differ only in other
    players' unrevealed bids — used by tests; here: whether any other player's
    unrevealed bid is readable in ``view``."""
    if state.revealed:
        return False
    for q in range(state.P):
        if q != player and state.submitted[q] and view.bid[q] is not None:
            return True
    return False
