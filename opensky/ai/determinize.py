"""Determinizing a view for search: filling in the bids it keeps sealed.

The only secret of OpenSky is a bid between its submission and the reveal
(RULES.md §11).  A player's view shows a rival's sealed bid as no bid, its
card back in the rival's hand.  A search (Expert) that needs a whole world
to play on samples those bids from public information and asks
``determinize`` for the state to search from.

This is the only place the AI writes a hidden bid.  (It may move into
``opensky.rules.view``, the one module that knows the secret.)
"""
from __future__ import annotations

from typing import Mapping

from opensky.rules.constants import FARE_INDEX
from opensky.rules.state import GameState


def hidden_bidders(view: GameState, me: int) -> list[int]:
    """The rivals whose bid ``me``'s view keeps sealed: submitted, not yet
    revealed (a sealed pass looks the same, and is as secret)."""
    if view.revealed:
        return []
    return [q for q in range(view.P) if q != me and view.submitted[q] and view.bid[q] is None]


def determinize(view: GameState, me: int, bids: Mapping[int, int | None]) -> GameState:
    """A full state to search from: a copy of ``me``'s ``view`` with the
    sealed bid of each rival in ``bids`` set to the sampled fare (None: a
    pass), its card taken out of that rival's hand.

    Raises ValueError for a rival whose bid is not sealed in the view, or a
    fare that is not in its (public) hand: a sample must be a bid the rival
    could have made."""
    sealed = hidden_bidders(view, me)
    s = view.copy()
    for q, fare in bids.items():
        if q not in sealed:
            raise ValueError(f"player {q}'s bid is not sealed in player {me}'s view")
        if fare is None:
            continue  # a pass: the view shows no bid already
        i = FARE_INDEX.get(fare)
        if i is None or not s.hand[q][i]:
            raise ValueError(f"player {q} holds no {fare} card to have bid")
        s.hand[q][i] -= 1
        s.bid[q] = fare
    return s
