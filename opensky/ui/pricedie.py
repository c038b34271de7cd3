"""The price-sensitivity die on screen: a large die in the middle of the map
that tumbles, lands with a bounce and then shows, against the price it had
to reach, whether the passengers accept (issue 15).

The roll comes from the engine's event; the tumble is only shown.  One tween
runs the whole die: the tumble, the settle, then a moment to read the
result.  ``rolling`` is True until it has landed (nothing after it is told
before); ``settled`` once the result is on it.
"""
from __future__ import annotations

import math
import random

import pygame

from opensky.i18n import tr
from opensky.rules import quote
from opensky.rules.constants import SENSITIVITY_FACES
from opensky.ui import assets, theme as T
from opensky.ui.tween import Tween, ease_out_back, ease_out_cubic
from opensky.ui.widgets import rounded, shadowed_panel

DIE_FACE = (252, 250, 244)
PANEL = (250, 248, 242)
#: parts of the die's time (at speed 1): tumble, settle, read
TUMBLE, SETTLE, READ = 1.05, 0.35, 0.75


class PriceDie:
    """The price-sensitivity die: a tumble, then the face, against the price."""

    FACES = SENSITIVITY_FACES

    def __init__(self) -> None:
        self.tween: Tween | None = None
        self.result: int | None = None
        self.price = 0
        self.accepted = False
        self.name = ""
        self.rng = random.Random(2)
        self.seq: list[int] = []
        self.spin = 1.0
        #: the tumble's and the settle's share of the tween
        self.t_tumble = TUMBLE / (TUMBLE + SETTLE + READ)
        self.t_settle = (TUMBLE + SETTLE) / (TUMBLE + SETTLE + READ)

    @staticmethod
    def seconds() -> float:
        """The die's whole time at speed 1 (the animator scales it)."""
        return TUMBLE + SETTLE + READ

    def size(self, s: float) -> tuple[int, int]:
        """The box it is drawn in (the animator places it over the map): wide
        enough for its words in the language of the moment."""
        texts = self._texts(s)
        w = max(img.get_width() for img in texts) + int(32 * s)
        return (max(int(250 * s), w), int(256 * s))

    def _texts(self, s: float) -> list[pygame.Surface]:
        """Every line the panel may show (the verdict in both colours' words)."""
        who = tr("{name}'s passengers", name=self.name) if self.name else tr("The passengers")
        odds = quote.acceptance(self.price)
        return [assets.text(who, int(T.TYPE.small * s), T.INK_SOFT, "semibold"),
                assets.text(tr("must reach {price}", price=self.price), int(T.TYPE.h2 * s * 0.9), T.INK, "bold"),
                assets.text(tr("accepted"), int(T.TYPE.h2 * s), T.GOOD, "bold"),
                assets.text(tr("walk away"), int(T.TYPE.h2 * s), T.BAD, "bold"),
                assets.text(tr("{k} of {n} faces accept", k=odds.favourable, n=odds.faces),
                            int(T.TYPE.small * s), T.INK_SOFT)]

    def start(self, result: int, price: int, accepted: bool, duration: float, name: str = "") -> None:
        self.result, self.price, self.accepted, self.name = result, price, accepted, name
        self.tween = Tween(duration, "linear")
        seq: list[int] = []
        for _ in range(9):  # faces flicker by, never the same twice in a row (nor
            # chosen with the result in mind: the tumble tells nothing before it lands)
            seq.append(self.rng.choice([f for f in self.FACES if not seq or f != seq[-1]]))
        self.seq = seq + [result]
        self.spin = self.rng.choice((-1.0, 1.0))

    # ------------------------------------------------------------ where it is in its time
    def _raw(self) -> float:
        return self.tween.raw if self.tween is not None else 1.0

    @property
    def rolling(self) -> bool:
        """Still tumbling or landing: the result is not told yet."""
        return self.tween is not None and not self.tween.done and self._raw() < self.t_settle

    @property
    def settled(self) -> bool:
        """Landed: the face and the verdict on it are shown."""
        return self.tween is not None and self._raw() >= self.t_settle

    @property
    def done(self) -> bool:
        return self.tween is None or self.tween.done

    def face(self) -> int | None:
        if self.tween is None:
            return None
        v = min(1.0, self._raw() / self.t_tumble)
        i = min(len(self.seq) - 1, int(ease_out_cubic(v) * len(self.seq)))  # slows as it lands
        return self.seq[i]

    def pose(self) -> tuple[float, float, float]:
        """(angle in degrees, lift in die sizes, scale) now: a spinning,
        bouncing tumble that slows down, then a squash as it lands."""
        raw = self._raw()
        if raw < self.t_tumble:
            v = raw / self.t_tumble
            angle = self.spin * 720 * (1 - ease_out_cubic(v)) % 360
            lift = abs(math.sin(v * math.pi * 3)) * 0.22 * (1 - v)
            return angle, lift, 1.0
        if raw < self.t_settle:
            v = (raw - self.t_tumble) / (self.t_settle - self.t_tumble)
            return 0.0, 0.0, 0.86 + 0.14 * ease_out_back(v)
        return 0.0, 0.0, 1.0

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, box: pygame.Rect, s: float) -> None:
        """The die in its panel ``box``: the price it must reach above it,
        the tumbling faces, then the face framed green (accepted) or red (the
        passengers walk away) with the verdict under it."""
        if self.tween is None:
            return
        settled = self.settled
        verdict = (T.GOOD if self.accepted else T.BAD) if settled else T.LINE
        shadowed_panel(surface, box, PANEL, int(16 * s), shadow=int(6 * s), alpha=110)
        rounded(surface, box, verdict if settled else T.mix(T.LINE, T.INK_FAINT, 0.3), int(16 * s),
                max(2, int(3 * s)) if settled else max(1, int(s)))
        head, need, yes, no, odds = self._texts(s)
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + int(12 * s))))
        surface.blit(need, need.get_rect(midtop=(box.centerx, box.y + int(32 * s))))
        d = int(104 * s)
        centre = (box.centerx, box.y + int(86 * s) + d // 2)
        self._draw_die(surface, centre, d, s, verdict)
        foot_y = box.bottom - int(14 * s)
        if settled:
            img = yes if self.accepted else no
            surface.blit(img, img.get_rect(midbottom=(box.centerx, foot_y)))
        else:
            surface.blit(odds, odds.get_rect(midbottom=(box.centerx, foot_y - int(4 * s))))

    def _draw_die(self, surface: pygame.Surface, centre: tuple[int, int], d: int, s: float,
                  verdict: tuple[int, int, int]) -> None:
        angle, lift, scale = self.pose()
        settled = self.settled
        # the shadow stays on the table while the die jumps
        sh_w = int(d * (0.9 - 0.35 * lift))
        shadow = pygame.Surface((sh_w, max(4, int(d * 0.16))), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, int(70 * (1 - lift))), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(centre[0], centre[1] + int(d * 0.5))))
        size = max(8, int(d * scale))
        die = pygame.Surface((size + 8, size + 8), pygame.SRCALPHA)
        body = pygame.Rect(4, 4, size, size)
        rad = int(size * 0.18)
        rounded(die, body.move(0, max(2, int(4 * s))), T.mix(DIE_FACE, T.INK, 0.35), rad)
        rounded(die, body, DIE_FACE, rad)
        rim = verdict if settled else T.mix(T.LINE, T.INK_FAINT, 0.4)
        rounded(die, body, rim, rad, max(2, int((4 if settled else 2) * s)))
        face = self.face()
        img = assets.text(str(face), int(size * 0.34), T.INK, "bold")
        die.blit(img, img.get_rect(center=body.center))
        if angle:
            die = pygame.transform.rotozoom(die, angle, 1.0)
        pos = die.get_rect(center=(centre[0], centre[1] - int(lift * d)))
        surface.blit(die, pos)
