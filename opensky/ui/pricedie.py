"""The price-sensitivity die on screen: a tumble, then the face, against the
price.  The roll comes from the engine's event; the tumble is only shown."""
from __future__ import annotations

import random

import pygame

from opensky.i18n import tr
from opensky.rules.constants import SENSITIVITY_FACES
from opensky.ui import assets, theme as T
from opensky.ui.tween import Tween
from opensky.ui.widgets import rounded

DIE_FACE = (252, 250, 244)


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

    def draw(self, surface: pygame.Surface, die: pygame.Rect, s: float) -> None:
        """The die in ``die``: tumbling faces, then the result framed green
        (accepted) or red (the passengers walk away), the price above it."""
        face = self.face()
        rounded(surface, die, DIE_FACE, int(8 * s))
        done = not self.rolling
        col = (T.GOOD if self.accepted else T.BAD) if done else T.LINE
        rounded(surface, die, col, int(8 * s), max(2, int(3 * s)))
        img = assets.text(str(face), int(15 * s), T.INK, "bold")
        surface.blit(img, img.get_rect(center=die.center))
        cap = assets.text(tr("price {price}", price=self.price), int(T.TYPE.tiny * s), T.INK_SOFT)
        surface.blit(cap, cap.get_rect(midbottom=(die.centerx, die.y - int(3 * s))))
