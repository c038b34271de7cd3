"""The computer-player interface and the uniformly random player."""
from __future__ import annotations

import random
from typing import Callable, Sequence

from opensky.rules.actions import Action
from opensky.rules.state import GameState


class Bot:
    """A computer player: given its view and its legal actions, choose one.

    ``needs_view`` lets a bot that ignores the state (the random player) skip
    the cost of building a view in fast simulations."""

    name = "bot"
    needs_view = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: GameState | None, legal: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: GameState | None, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def _easy(seed: int) -> Bot:
    from opensky.ai.easy import EasyBot
    return EasyBot(seed)


def _normal(seed: int) -> Bot:
    from opensky.ai.normal import NormalBot
    return NormalBot(seed)


def _expert(seed: int) -> Bot:
    from opensky.ai.expert import ExpertBot
    return ExpertBot(seed)


_BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "easy": _easy, "normal": _normal,
                                          "expert": _expert}
BOT_NAMES: tuple[str, ...] = tuple(_BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return _BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})") from None
