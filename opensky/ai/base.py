"""The computer-player interface, the uniformly random player, and the guard
that keeps a failing computer player from stopping a game.

This module imports no bot: the levels are listed in ``opensky.ai.registry``,
so ``base`` and the bots never import each other.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import ClassVar, Sequence

from opensky.i18n import N_
from opensky.rules.actions import Action
from opensky.rules.state import GameState

#: The AI's logger: a computer player that fails is reported here.
LOG = logging.getLogger("opensky.ai")


class Bot:
    """A computer player: given its view and its legal actions, choose one.

    ``view`` is the seat's ``player_view`` — never the full state — except for
    a bot that declares ``needs_view = False`` (it promises not to read the
    state, so fast simulations skip building a view).  ``slow`` says the bot
    searches long enough that a window must run it off the drawing path."""

    name: ClassVar[str] = "bot"
    needs_view: ClassVar[bool] = True
    slow: ClassVar[bool] = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


@dataclass(frozen=True)
class BotFailure:
    """A computer player failed (it raised, or answered with an illegal move)
    and its seat played its first legal move instead.

    ``TEXT`` is the English sentence with named fields, for a front end to
    translate (``tr(TEXT, name=..., error=...)``); ``text`` is it filled in."""

    TEXT: ClassVar[str] = N_("{name}'s computer player failed ({error}); it played its first legal move")

    name: str    #: the seat's airline
    error: str   #: the exception's class name, or "illegal move"

    @property
    def text(self) -> str:
        return self.TEXT.format(name=self.name, error=self.error)


def safe_choose(bot: Bot, view: GameState, legal: Sequence[Action], name: str = "A computer airline",
                log: logging.Logger = LOG) -> tuple[Action, BotFailure | None]:
    """``bot.choose(view, legal)``, guarded: a game must go on when a bot has
    a bug.  When the bot raises (``Exception``, not ``KeyboardInterrupt``) or
    answers with an action not in ``legal``, the failure is logged with its
    traceback and the first legal action is returned with a ``BotFailure``
    saying so; otherwise ``(choice, None)``.  Safe to call in a worker thread."""
    try:
        action = bot.choose(view, legal)
    except Exception as e:
        log.error("%s's computer player (%s) failed at %s; playing its first legal move",
                  name, bot.name, view.decision, exc_info=True)
        return legal[0], BotFailure(name, type(e).__name__)
    if action not in legal:
        log.error("%s's computer player (%s) answered %s with %r, which is not legal; "
                  "playing its first legal move", name, bot.name, view.decision, action)
        return legal[0], BotFailure(name, "illegal move")
    return action, None
