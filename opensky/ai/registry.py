"""The computer-player levels by name.

Each level is imported only when a bot of it is made: the registry knows the
bot modules, no bot module knows the registry, so there is no import loop
(and a game against Easy never loads Expert's search).
"""
from __future__ import annotations

from typing import Callable

from opensky.ai.base import Bot, RandomBot


def _easy(seed: int) -> Bot:
    from opensky.ai.easy import EasyBot
    return EasyBot(seed)


def _normal(seed: int) -> Bot:
    from opensky.ai.normal import NormalBot
    return NormalBot(seed)


def _expert(seed: int) -> Bot:
    from opensky.ai.expert import ExpertBot
    return ExpertBot(seed)


_FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "easy": _easy, "normal": _normal, "expert": _expert,
}
#: The level names, weakest first (saves, the CLI and the new-game screen list them).
BOT_NAMES: tuple[str, ...] = tuple(_FACTORIES)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of level ``name`` with its own seeded generator."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})") from None
    return factory(seed)
