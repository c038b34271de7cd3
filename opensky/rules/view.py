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

