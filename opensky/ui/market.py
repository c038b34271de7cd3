"""The month's market on screen: the passenger dice and the table of bids.

Both draw only public information: the dice, who has submitted a bid (face
down), and the cards once revealed.  A hidden bid is never an input here.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from opensky.i18n import tr, trn
from opensky.rules.constants import CALLSIGNS
from opensky.rules.state import GameState
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.setup import Seat
from opensky.ui.tween import Tween
from opensky.ui.pricedie import DIE_FACE, PriceDie
from opensky.ui.widgets import rounded, shadowed_panel

__all__ = ["BidTable", "DiceTray", "PriceDie", "draw_card"]



def draw_card(surface: pygame.Surface, rect: pygame.Rect, value: int | None, s: float, *,
              face_up: bool = True, won: bool = False, selected: bool = False, hover: bool = False,
              dim: bool = False, label: str | None = None) -> None:
    """A fare card: face up with its value, or face down (the airline back)."""
    rad = max(3, int(7 * s))
    shadow = rect.move(0, max(1, int(2 * s)))
    rounded(surface, shadow, (0, 0, 0) if not dim else T.LINE, rad)
    if not face_up:
        rounded(surface, rect, T.NIGHT_2, rad)
        inner = rect.inflate(-int(8 * s), -int(8 * s))
        rounded(surface, inner, T.mix(T.NIGHT_2, (255, 255, 255), 0.12), max(2, rad - 3), max(1, int(s)))
        D.plane_icon(surface, rect.center, min(rect.w, rect.h) * 0.22, -math.pi / 4, (200, 210, 228), outline=None)
        return
    bg = T.GOLD if won else (T.mix(T.CARD, T.ACCENT, 0.12) if hover else T.CARD)
    if dim:
        bg = T.mix(bg, T.PAPER_DARK, 0.6)
    rounded(surface, rect, bg, rad)
    border = T.ACCENT if selected else T.LINE
    rounded(surface, rect, border, rad, max(2, int((3 if selected else 1) * s)))
    text = tr(label) if label is not None else (str(value) if value is not None else tr("pass"))
    size = int(min(rect.h * 0.34, rect.w * 0.36))
    img = assets.text(text, max(8, size), T.INK_FAINT if dim else T.INK, "bold")
    surface.blit(img, img.get_rect(center=rect.center))


# ---------------------------------------------------------------- dice


@dataclass
class DiceRoll:
    """The animation of one roll: tumbling faces, duplicates re-rolled, then
    the outcome.  The outcome comes from the engine; the tumble is only shown."""
    outcome: tuple[int, int, int]
    tween: Tween
    frames: list[list[int]] = field(default_factory=list)  # faces per step

    @classmethod
    def make(cls, outcome: tuple[int, ...], duration: float, rng: random.Random) -> "DiceRoll":
        out = list(outcome)
        rng.shuffle(out)
        frames: list[list[int]] = []
        cur = [rng.randrange(6) for _ in range(3)]
        for _ in range(8):
            frames.append(cur[:])
            cur = [rng.randrange(6) for _ in range(3)]
        # a first result, possibly with a duplicate that visibly re-rolls (R5)
        first = out[:]
        if rng.random() < 0.6:
            k = rng.randrange(3)
            first[k] = first[(k + 1) % 3]
        frames += [first] * 4
        for _ in range(3):
            frames.append([f if i != k else rng.randrange(6) for i, f in enumerate(first)]
                          if first != out else first)
        frames += [out] * 3
        return cls(tuple(out), Tween(duration, "linear"), frames)  # type: ignore[arg-type]

    def faces(self) -> list[int]:
        i = min(len(self.frames) - 1, int(self.tween.raw * len(self.frames)))
        return self.frames[i]


class DiceTray:
    """Three passenger dice on a tray over the board."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.roll: DiceRoll | None = None
        self.order: list[int] = []      # the dice as shown (engine outcome, tray order)
        self.selected: list[int] = []   # call signs the roller picked
        self.hover: int | None = None
        self.rng = random.Random(1)
        self.s = 1.0

    def layout(self, area: pygame.Rect, s: float) -> None:
        """The three dice side by side in ``area`` (in the tray under the map)."""
        self.s = s
        self.rect = area.copy()

    def start(self, outcome: tuple[int, ...], duration: float) -> None:
        self.roll = DiceRoll.make(outcome, duration, self.rng)
        self.order = list(self.roll.outcome)
        self.selected = []

    def reset(self) -> None:
        self.roll = None
        self.order = []
        self.selected = []

    @property
    def rolling(self) -> bool:
        return self.roll is not None and not self.roll.tween.done

    def die_rects(self) -> list[pygame.Rect]:
        gap = int(8 * self.s)
        d = max(8, min(self.rect.h, (self.rect.w - 2 * gap) // 3))
        x = self.rect.centerx - (3 * d + 2 * gap) // 2
        y = self.rect.centery - d // 2
        return [pygame.Rect(x + i * (d + gap), y, d, d) for i in range(3)]

    def die_at(self, pos: tuple[float, float]) -> int | None:
        if self.rolling or not self.order:
            return None
        for c, r in zip(self.order, self.die_rects()):
            if r.collidepoint(pos):
                return c
        return None

    def draw(self, surface: pygame.Surface, state: GameState, caption: str, t: float) -> None:
        """The dice: tumbling, then each with its call sign and airport; the
        roller's picks raised, the hovered one ringed.  (``caption`` is said
        by the tray's prompt, not here.)"""
        s = self.s
        faces = self.roll.faces() if self.roll is not None else []
        rolling = self.rolling
        for i, r in enumerate(self.die_rects()):
            d = r.h
            face = None if not faces else (faces[i] if rolling else self.order[i])
            rr = r.copy()
            if rolling:
                rr = rr.move(0, int(math.sin(t * 40 + i * 2.1) * 4 * s))
            sel = face is not None and not rolling and face in self.selected
            hov = face is not None and not rolling and face == self.hover
            if sel:
                rr = rr.move(0, -int(5 * s))
            rad = max(4, d // 6)
            rounded(surface, rr.move(0, max(2, int(3 * s))), (0, 0, 0), rad)
            rounded(surface, rr, DIE_FACE if not sel else T.mix(DIE_FACE, T.ACCENT, 0.22), rad)
            rounded(surface, rr, T.ACCENT if (sel or hov) else T.LINE, rad, max(2, int((3 if sel or hov else 1) * s)))
            if face is None:
                q = assets.text("?", int(d * 0.45), T.INK_FAINT, "bold")
                surface.blit(q, q.get_rect(center=rr.center))
                continue
            a = state.callsign_airport[face]
            shown_code = a >= 0 and not rolling
            letter = assets.text(CALLSIGNS[face][0], int(d * (0.40 if shown_code else 0.5)), T.INK, "bold")
            surface.blit(letter, letter.get_rect(center=(rr.centerx, rr.y + int(d * (0.34 if shown_code else 0.5)))))
            if shown_code:
                name = assets.text(tr(CALLSIGNS[face]), int(d * 0.16), T.INK_SOFT, "semibold")
                surface.blit(name, name.get_rect(center=(rr.centerx, rr.y + int(d * 0.66))))
                code = assets.text(state.board.airports[a].code, int(d * 0.16), T.ACCENT_DARK, "bold")
                surface.blit(code, code.get_rect(center=(rr.centerx, rr.y + int(d * 0.85))))


# ---------------------------------------------------------------- bid table


class BidTable:
    """The airlines in this month's market, their bid cards and the result."""

    def __init__(self, seats: list[Seat]):
        self.seats = seats
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0
        self.flip: Tween | None = None

    def line_h(self) -> int:
        """One line of the table's small text (never under the text floor)."""
        return int(max(assets.MIN_TEXT_PX, T.TYPE.tiny * self.s) * 1.3)

    def layout(self, board_rect: pygame.Rect, s: float, n: int) -> None:
        """The table's size for ``n`` airlines (the screen places it so that it
        hides nothing of the market)."""
        self.s = s
        slot_w = max(int(150 * s), 128)
        w = max(int(300 * s), n * slot_w + int(24 * s))
        h = int(30 * s) + 2 * self.line_h() + int(62 * s) + int(14 * s)
        self.rect = pygame.Rect(board_rect.centerx - w // 2, board_rect.y + int(12 * s), w, h)

    def start_flip(self, duration: float) -> None:
        self.flip = Tween(duration, "in_out_sine")

    @property
    def flipping(self) -> bool:
        return self.flip is not None and not self.flip.done

    def slots(self, market: dict, names: list[str]) -> dict[int, pygame.Rect]:
        """Each airline's place on the table (for its tooltip), by seat."""
        s = self.s
        seat_of = {n: i for i, n in enumerate(names)}
        players = [seat_of[n] for n in market["stops"]]
        if not players:
            return {}
        slot_w = (self.rect.w - int(24 * s)) // len(players)
        return {p: pygame.Rect(self.rect.x + int(12 * s) + k * slot_w, self.rect.y + int(30 * s), slot_w,
                               self.rect.h - int(36 * s)) for k, p in enumerate(players)}

    def draw(self, surface: pygame.Surface, market: dict, names: list[str], title: str,
             flashed: set[int]) -> None:
        """Draw from the public market record (``GameState.market_json()``):
        who can fly it and how, who has submitted, the bids once revealed."""
        s = self.s
        seat_of = {n: i for i, n in enumerate(names)}
        slots = self.slots(market, names)
        shadowed_panel(surface, self.rect, T.mix(T.PAPER, (255, 255, 255), 0.3), int(14 * s),
                       shadow=int(4 * s), alpha=90)
        head = assets.text(title, int(T.TYPE.small * s), T.INK, "bold")
        surface.blit(head, head.get_rect(midtop=(self.rect.centerx, self.rect.y + int(8 * s))))
        if not slots:
            msg = assets.text(tr("No airline can fly this market"), int(T.TYPE.small * s), T.INK_SOFT)
            surface.blit(msg, msg.get_rect(center=(self.rect.centerx, self.rect.centery + int(10 * s))))
            return
        revealed = market["revealed"]
        winners = {seat_of[n] for n in market["winners"]}
        walked = seat_of.get(market.get("walked_away", ""), -1)
        for p, slot in slots.items():
            seat = self.seats[p]
            name = names[p]
            D.blit_center(surface, D.emblem_sprite(seat.shape, T.seat_rgb(seat), 6 * s),
                          (slot.x + int(10 * s), slot.y + self.line_h() // 2))
            lh = self.line_h()
            nm = assets.text(seat.name, int(T.TYPE.tiny * s), T.INK, "semibold")
            surface.blit(nm, nm.get_rect(midleft=(slot.x + int(20 * s), slot.y + lh // 2)))
            stops = market["stops"][name]
            cls = tr("nonstop") if stops == 0 else trn("{n} stop", "{n} stops", stops)
            st_img = assets.text(cls, int(T.TYPE.tiny * s), T.INK_SOFT)
            surface.blit(st_img, st_img.get_rect(midleft=(slot.x + int(20 * s), slot.y + lh + lh // 2)))
            card = pygame.Rect(0, 0, int(46 * s), int(62 * s))
            card.midtop = (slot.x + int(34 * s), slot.y + 2 * lh + int(4 * s))
            if name not in market["submitted"]:
                rounded(surface, card, T.mix(T.PAPER_DARK, T.CARD, 0.4), int(7 * s), max(1, int(s)))
                dots = assets.text("…", int(T.TYPE.body * s), T.INK_FAINT, "bold")
                surface.blit(dots, dots.get_rect(center=card.center))
                continue
            if not revealed:
                draw_card(surface, card, None, s, face_up=False)
                continue
            # revealed: flip from the back to the face
            v = self.flip.raw if self.flip is not None else 1.0
            showing_back = v < 0.5
            k_w = abs(1 - 2 * v) if self.flip is not None else 1.0
            fr = card.copy()
            fr.w = max(2, int(card.w * k_w))
            fr.centerx = card.centerx
            bid = market["bids"].get(name)
            winner = p in winners
            if showing_back:
                draw_card(surface, fr, None, s, face_up=False)
            else:
                draw_card(surface, fr, bid, s, won=winner and bid is not None, dim=bid is None)
            info_x = card.right + int(8 * s)
            lines: list[tuple[str, tuple[int, int, int]]] = []
            if not showing_back:
                if winner and bid is not None:
                    if name in market.get("flown", {}):  # it has travelled: the verdict
                        lines.append((tr("wins") if len(winners) == 1 else tr("ties"), T.GOOD))
                    else:  # chits and the price die may still decide
                        lines.append((tr("leads") if len(winners) == 1 else tr("tied"), T.ACCENT_DARK))
                if walked == p:
                    lines.append((tr("walked"), T.BAD))
                if p in flashed:
                    lines.append((tr("flash!"), T.ACCENT_DARK))
            for i, (txt, col) in enumerate(lines):
                img = assets.text(txt, int(T.TYPE.tiny * s), col, "bold")
                surface.blit(img, (info_x, card.y + int(4 * s) + i * self.line_h()))
