"""Playing games, with no window: the loop that plays computer players
against each other (``selfplay``), for the CLI, the benchmarks and the tests.
Nothing in this package imports pygame."""
from __future__ import annotations

from opensky.play.selfplay import GameResult, play_game

__all__ = ["GameResult", "play_game"]
