"""Tweens: values that move over time with named easing curves.

Advanced by ``update(dt)`` with float seconds; testable without a window.
"""
from __future__ import annotations

import math
from typing import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "in_out_cubic": ease_in_out_cubic,
    "out_cubic": ease_out_cubic,
    "in_cubic": ease_in_cubic,
    "out_back": ease_out_back,
    "in_out_sine": ease_in_out_sine,
}


class Tween:
    """Goes from 0 to 1 over ``duration`` seconds (after ``delay``), eased.

    ``value`` is the eased progress; ``lerp(a, b)`` interpolates numbers or
    tuples; ``on_done`` runs once when it finishes."""

    def __init__(self, duration: float, easing: str = "in_out_cubic", delay: float = 0.0,
                 on_done: Callable[[], None] | None = None):
        self.duration = max(0.0, duration)
        self.delay = delay
        self.ease = EASINGS[easing]
        self.elapsed = 0.0
        self.on_done = on_done
        self.done = self.duration == 0 and delay <= 0
        if self.done and on_done:
            on_done()

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.elapsed = self.delay + self.duration
            self.done = True
            if self.on_done:
                self.on_done()

    @property
    def raw(self) -> float:
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def lerp(self, a, b):  # type: ignore[no-untyped-def]
        v = self.value
        if isinstance(a, tuple):
            return tuple(x + (y - x) * v for x, y in zip(a, b))
        return a + (b - a) * v


class TweenGroup:
    """A set of running tweens; finished ones drop out."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, t: Tween) -> Tween:
        self.items.append(t)
        return t

    def update(self, dt: float) -> None:
        for t in list(self.items):
            t.update(dt)
        self.items = [t for t in self.items if not t.done]

    @property
    def active(self) -> bool:
        return bool(self.items)

    def clear(self) -> None:
        self.items.clear()
