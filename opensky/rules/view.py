"""What one player may know: the state with other players' secrets removed.

The only secret in OpenSky is a bid between its submission and the reveal
(RULES.md §11) — and a pass is as secret as a fare.  A view puts another
player's unrevealed card back in their hand (where public play says it could
be) and shows only *that* they have submitted.  The UI, the log and computer
players read views, so nothing can peek.

This module is the one place that knows the secret: views, the hands as
everybody may know them, which entries of an action log are sealed (saves),
the state JSON's hands, and determinizing a view for search (filling in the
sealed bids a search samples — the only place a hidden bid is written from
outside the engine) all come from here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from opensky.rules.actions import BID, CHOOSE_OD, Action
from opensky.rules.constants import FARE_INDEX, FARES

if TYPE_CHECKING:
    from opensky.rules.state import GameState


def player_view(state: GameState, player: int | None) -> GameState:
    """A copy of ``state`` as ``player`` may see it (``None``: a spectator who
    sees no unrevealed bid at all)."""
    return seats_view(state, () if player is None else (player,))



def public_hand(state: GameState, p: int) -> tuple[int, ...]:
    """Player ``p``'s hand (cards per fare) as everybody may know it: before
    the reveal, a submitted bid still counts as in its owner's hand (O3)."""
    hand = state.hand[p]
    b = state.bid[p]
    if state.revealed or not state.submitted[p] or b is None:
        return tuple(hand)
    h = list(hand)
    h[FARE_INDEX[b]] += 1
    return tuple(h)


def public_hands(state: GameState) -> tuple[tuple[int, ...], ...]:
    """Every hand as everybody may know it (``public_hand``)."""
    return tuple(public_hand(state, q) for q in range(state.P))


def public_hand_cards(state: GameState, p: int) -> list[int]:
    """``public_hand`` as a sorted list of card values (the state JSON's ``hand``)."""
    return [v for v, n in zip(FARES, public_hand(state, p)) for _ in range(n)]


def sealed_log_indices(log: Sequence[Action], state: GameState) -> set[int]:
    """Which entries of ``log`` (the actions that led to ``state``) are bids not
    yet revealed: those after the month's O&D while the game still waits for
    bids.  A save stores them sealed."""
    if state.revealed or state.decision != BID:
        return set()
    out: set[int] = set()
    for i in range(len(log) - 1, -1, -1):
        a = log[i]
        if a.type == CHOOSE_OD:
            break
        if a.type == BID:
            out.add(i)
    return out


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


def seats_view(state: GameState, seats: Sequence[int]) -> GameState:
    """The state as the holder of ``seats`` may see it (one online client can
    hold several): every unrevealed bid but theirs put back in its hand;
    no seats, a spectator's view (``player_view`` is the view of one)."""
    v = state.copy()
    if not v.revealed:
        for q in range(v.P):
            if q in seats or not v.submitted[q]:
                continue
            b = v.bid[q]
            if b is not None:
                v.hand[q][FARE_INDEX[b]] += 1
                v.bid[q] = None
    return v
