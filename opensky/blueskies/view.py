"""The one home of Blue Skies' secret: the hands (B32, §11).

``player_view(state, p)`` is the state as p sees it: p's own hand, every
other hand as a count, the deck as a count.  Its ``unknown`` holds, per
airport, the cards p cannot place (the deck and the other hands together:
public, since every card played, turned or discarded is seen).  A search
fills a view again with ``determinize``, dealing the unknown cards at random
into the hidden hands and the deck.  Events are sealed here too: a card drawn
into another hand shows no airport.  ``spectator_view(state)`` hides every
hand (the hand-off screen between two players at one computer, a spectator);
``spectator_glance`` is the same without the copy, to read at once.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from opensky.blueskies.events import CardDrawn, Event

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState


#: ``BSState.viewer`` of a spectator's view: nobody's hand is shown.
SPECTATOR = -1


def player_view(s: "BSState", p: int) -> "BSState":
    """The state as player p sees it."""
    if s.viewer is not None:
        if s.viewer != p:
            raise ValueError("a view cannot be turned into another player's view")
        return s.copy()
    return _hidden(s, p)


def spectator_view(s: "BSState") -> "BSState":
    """The state as nobody in particular sees it: every hand a count, the deck
    a count (``viewer`` is ``SPECTATOR``).  Shown while a hot-seat screen
    waits for the next player, so nothing secret is on screen; ``unknown``
    holds the deck and every hand together, so ``determinize`` deals them all."""
    if s.viewer is not None:
        if s.viewer != SPECTATOR:
            raise ValueError("a player's view cannot be turned into a spectator's view")
        return s.copy()
    return _hidden(s, SPECTATOR)


def spectator_glance(s: "BSState") -> "BSState":
    """The spectator's view of ``s`` to read at once, not to keep: every hand
    and the deck hidden as in ``spectator_view``, but sharing ``s``'s public
    lists instead of copying them (the online host renders the state JSON of
    every step from it; nothing may change it, and it is out of date after
    ``s``'s next action).  Its ``unknown`` is None: it is not for searching."""
    if s.viewer is not None and s.viewer != SPECTATOR:
        raise ValueError("a player's view cannot be turned into a spectator's view")
    g = type(s).__new__(type(s))
    for name in type(s).__slots__:
        setattr(g, name, getattr(s, name))
    g.hands = [[] for _ in range(s.P)]
    g.deck = [0] * len(s.deck)
    g.viewer = SPECTATOR
    g.unknown = None
    return g


def _hidden(s: "BSState", viewer: int) -> "BSState":
    """A copy of ``s`` with every hand but ``viewer``'s a count and the deck a
    count (``unknown``: the deck and those hands together)."""
    v = s.copy()
    unknown = v.deck[:]
    for q in range(v.P):
        if q != viewer:
            for c in v.hands[q]:
                unknown[c] += 1
            v.hands[q] = []
    v.deck = [0] * len(unknown)
    v.viewer = viewer
    v.unknown = unknown
    return v


def determinize(v: "BSState", rng: random.Random) -> "BSState":
    """A full state consistent with view ``v``: the unknown cards dealt at
    random into the hidden hands (their counts kept) and the deck."""
    if v.viewer is None or v.unknown is None:
        return v.copy()
    s = v.copy()
    pool = [a for a, n in enumerate(v.unknown) for _ in range(n)]
    rng.shuffle(pool)
    k = 0
    for q in range(s.P):
        if q != v.viewer:
            n = s.hand_count[q]
            s.hands[q] = sorted(pool[k:k + n])
            k += n
    deck = [0] * len(v.unknown)
    for c in pool[k:]:
        deck[c] += 1
    s.deck = deck
    s.viewer = None
    s.unknown = None
    return s


def seal_events(events: Sequence[Event], p: int | None) -> list[Event]:
    """Events as player p may see them (None: everyone's, e.g. a spectator)."""
    return seal_events_for(events, () if p is None else (p,))


def seal_events_for(events: Sequence[Event], seats: Sequence[int]) -> list[Event]:
    """Events as the holder of ``seats`` may see them (an online client can
    hold several seats): a card drawn into any other hand shows no airport."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, CardDrawn) and e.player not in seats:
            e = replace(e, airport=None)
        out.append(e)
    return out


def hand_codes(s: "BSState", p: int) -> list[str]:
    """Player p's hand as the state JSON shows it to p (sorted airport
    codes): for a host that builds each seat's view from the spectator's."""
    codes = s.board.codes
    return sorted(codes[c] for c in s.hands[p])
