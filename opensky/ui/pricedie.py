"""The price-sensitivity die on screen: a tumble, then the face, against the
price.  The roll comes from the engine's event; the tumble is only shown."""
from __future__ import annotations

import random

from opensky.rules.constants import SENSITIVITY_FACES
from opensky.ui.tween import Tween


class PriceDie:
    """The price-sensitivity die: a tumble, then the face, against the price."""

    FACES = SENSITIVITY_FACES

    def __init__(self) -> None:
        self.tween: Tween | None = None
        self.result: int | None = None
        self.price = 0
        self.accepted = False
        self.rng = random.Random(2)
        self.seq: list[int] = []

    def start(self, result: int, price: int, accepted: bool, duration: float) -> None:
        self.result, self.price, self.accepted = result, price, accepted
        self.tween = Tween(duration, "linear")
        self.seq = [self.rng.choice(self.FACES) for _ in range(10)] + [result]

    @property
    def rolling(self) -> bool:
        return self.tween is not None and not self.tween.done

    def face(self) -> int | None:
        if self.tween is None:
            return None
        i = min(len(self.seq) - 1, int(self.tween.raw * len(self.seq)))
        return self.seq[i]
