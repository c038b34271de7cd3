"""Phases and decisions as data (DESIGN.md habit 6).

``GameState.phase`` names the phase of RULES.md the game is in, and
``decision`` / ``actors`` the decision it waits for and who takes it.  Each
decision is a ``Step``: how to list its legal actions and how to carry one out.
The chapter modules (``planning``, ``market``, ``pricing``, ``monthend``) each
define the steps of their part of the rules in a ``STEPS`` table, and
``state.GameState`` dispatches through their union.  A handler ends by naming
the next decision (``wait``) or by handing over to the next chapter through
one of ``GameState``'s hand-over methods (``_start_month``, ``_month_end``, …),
so the chapters never import one another.

Also here: the few helpers more than one chapter needs (``bids``, the input
of W; ``cards_text`` for messages).  This module imports no other part of the
engine at run time, so every chapter can share it without import cycles.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

if TYPE_CHECKING:
    from opensky.rules.actions import Action
    from opensky.rules.events import Event
    from opensky.rules.state import GameState

# Phases (RULES.md §2–§9).
SETUP = "setup"                        # §2: call signs placed by the players (R1)
NETWORK_PLANNING = "network_planning"  # §4, §8.1 hubs
MARKETING = "marketing"                # §5: dice and the O&D
PRICING = "pricing"                    # §6: bids, flash deals, ancillaries, travel
MONTH_END = "month_end"                # §7: leasing (leased planes placed at once)
GAME_OVER = "game_over"                # §9

PHASES: tuple[str, ...] = (SETUP, NETWORK_PLANNING, MARKETING, PRICING, MONTH_END, GAME_OVER)

Legal = Callable[["GameState", int], "list[Action]"]
Handler = Callable[["GameState", int, Any, "list[Event]"], None]


class Step(NamedTuple):
    """One kind of decision: its legal actions for a player, and its handler
    (validate, change the state, append events, then wait for the next)."""

    legal: Legal
    apply: Handler


def wait(s: GameState, decision: str | None, actors: tuple[int, ...]) -> None:
    """Rest the state at its next decision (``None``: the game is over)."""
    s.decision = decision
    s.actors = actors


def bids(s: GameState, exclude: int | None = None) -> list[tuple[int, int, int]]:
    """The submitted fares as W takes them: (player, fare, stops), passes left out."""
    return [(q, s.bid[q], s.stops[q]) for q in range(s.P)  # type: ignore[misc]
            if s.bid[q] is not None and q != exclude]


def cards_text(cards: list[int]) -> str:
    """Fare cards for a message: ``200, 250``."""
    return ", ".join(map(str, cards))
