"""Chance steps drawn the engine's way: from ``GameState.chance_outcomes()``.

The engine never draws random numbers; whoever plays a game (a rollout, a
simulation) draws the pending chance step's outcome with a seeded generator
of its own, by the probabilities the engine lists — so a change to the
rules' dice reaches the bots and the simulations with no second copy.
"""
from __future__ import annotations

import random

from opensky.rules.actions import Action
from opensky.rules.state import GameState


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """One outcome of the pending chance step, drawn with ``rng``.

    Equally likely outcomes (every chance step of OpenSky) are drawn by
    index, one ``randrange`` call: the same stream as drawing among the legal
    actions, so seeded games play as they always did.  Unequal ones are drawn
    by their probabilities."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError(f"no chance step is pending (waiting for {state.decision})")
    p0 = outcomes[0][1]
    for _, p in outcomes:  # (a plain loop: this runs in every rollout month)
        if p != p0:
            break
    else:
        return outcomes[rng.randrange(len(outcomes))][0]
    x = rng.random() * sum(p for _, p in outcomes)
    for a, p in outcomes:
        x -= p
        if x < 0:
            return a
    return outcomes[-1][0]


def chance_at(state: GameState, x: float) -> Action:
    """The outcome of the pending chance step at ``x`` (uniform in [0, 1)) of
    its distribution function: a stratified draw (``opensky.ai.choice.stratified``)
    fixes a chance step this way.  Equally likely outcomes are taken by index,
    ``int(x * n)``; unequal ones by their probabilities."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError(f"no chance step is pending (waiting for {state.decision})")
    p0 = outcomes[0][1]
    if all(p == p0 for _, p in outcomes):
        return outcomes[min(len(outcomes) - 1, int(x * len(outcomes)))][0]
    x *= sum(p for _, p in outcomes)
    for a, p in outcomes:
        x -= p
        if x < 0:
            return a
    return outcomes[-1][0]
