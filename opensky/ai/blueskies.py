"""Computer airlines for Blue Skies, by name (``simulate --game blue_skies``,
the balance bench; the window's levels are easy, normal and expert).

* ``random``: ``opensky.ai.base.RandomBot``, uniform over the legal actions.
* ``easy`` (``greedy`` in the balance report): ``opensky.ai.bs_easy``.
* ``normal``: ``opensky.ai.bs_normal`` (every choice a comparison of the
  positions it leads to, valued by ``opensky.ai.bs_model``).
* ``expert``: ``opensky.ai.bs_expert`` (rollouts over Normal's best few).

Each level is imported only when a bot of it is made (no module here imports
this one, so there is no import loop).
"""
from __future__ import annotations

from opensky.ai.base import Bot

BS_BOT_NAMES: tuple[str, ...] = ("random", "greedy", "easy", "normal", "expert")


def make_bs_bot(name: str, seed: int = 0) -> Bot:
    if name == "random":
        from opensky.ai.base import RandomBot
        return RandomBot(seed)
    if name == "greedy":
        from opensky.ai.bs_easy import GreedyBSBot
        return GreedyBSBot(seed)
    if name == "easy":
        from opensky.ai.bs_easy import EasyBSBot
        return EasyBSBot(seed)
    if name == "normal":
        from opensky.ai.bs_normal import NormalBSBot
        return NormalBSBot(seed)
    if name == "expert":
        from opensky.ai.bs_expert import ExpertBSBot
        return ExpertBSBot(seed)
    raise ValueError(f"unknown Blue Skies bot {name!r} (known: {', '.join(BS_BOT_NAMES)})")
