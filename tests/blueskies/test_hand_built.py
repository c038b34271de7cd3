"""Actions built by hand, not by the codec (a bot, a test, a tool): an
airport number that is not the board's is refused with a reason, the state
unchanged, never an IndexError."""
from __future__ import annotations

import pytest

from opensky.blueskies.state import BSState
from opensky.rules.actions import Action
from opensky.rules.errors import IllegalAction
from tests.blueskies.helpers import played_until


def at_decision(kind: str) -> BSState:
    return played_until(kind, 2, 3)


@pytest.mark.parametrize("t,arg,decision", [
    ("buy_gate", 99, "opening_gate"), ("buy_gate", -1, "opening_gate"), ("buy_gate", "NYC", "opening_gate"),
    ("buyout", (99, 1), "opening_gate"), ("buy_gate", True, "opening_gate"),
    ("play_card", 30, "play"), ("special_action", (30, ()), "play"), ("special_action", (None, (77,)), "play"),
    ("special_action", 5, "play"),
])
def test_out_of_range_airports_are_refused(t, arg, decision):
    s = at_decision(decision)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="does not name airports"):
        s.apply(Action(t, s.actor, arg))
    assert s.to_json() == before
