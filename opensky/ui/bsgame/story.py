"""The story of each Blue Skies action, told one step after another.

Every event that moves something becomes a step: cubes drawn from the bag
one by one until the red, then the even split shown as cubes moving to each
gate; a card played or turned over flying to its airport; a gate dropping
into its space; the incomes flying to the score track.  While a story is
told the board, the track and the panels show ``display``: the game as it
stood before the action, brought forward step by step with each event's own
result (the split's cubes, the new score: nothing is worked out here), so no
number changes before its animation has shown why.  Nobody decides until the
story ends; a click or Space tells the rest at once.  The speed setting
governs every duration (0: no animations).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from opensky.blueskies import events as E
from opensky.blueskies.actions import LOCAL, STEP_BUY
from opensky.blueskies.state import BSState
from opensky.i18n import tr, trn
from opensky.ui import assets, sound, theme as T
from opensky.ui.tween import EASINGS

if TYPE_CHECKING:
    from opensky.ui.bsgame.scene import BSGameScene

Point = tuple[float, float]
CUBE_GREEN = (70, 150, 80)
CUBE_RED = (200, 50, 50)


@dataclass
class Step:
    """One told thing: ``kind``, its events, how long it lasts."""
    kind: str
    events: list[E.Event]
    duration: float
    elapsed: float = 0.0
    started: bool = False
    data: dict[str, object] = field(default_factory=dict)

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


def patch(d: BSState, e: E.Event) -> None:
    """Bring the shown game forward by one event's own result."""
    if isinstance(e, E.GatePlaced):
        if e.slot < len(d.gates[e.airport]):
            d.gates[e.airport][e.slot] = e.player
        else:
            d.gates[e.airport].append(e.player)
            d.cubes[e.airport].append(0)
        if e.player != LOCAL:
            d.gates_left[e.player] -= 1
    elif isinstance(e, E.GateBoughtOut):
        d.gates[e.airport][e.slot] = e.player
        d.gates_left[e.player] -= 1
    elif isinstance(e, E.PassengersDrawn):
        d.green -= e.green
        d.red -= e.red
        d.waiting[e.airport] += e.green + e.red
    elif isinstance(e, E.CubesSplit):
        if d.gates[e.airport]:
            d.cubes[e.airport] = list(e.cubes)
        d.waiting[e.airport] = e.waiting
    elif isinstance(e, E.IncomeScored):
        d.score[e.player] = e.score
    elif isinstance(e, E.PointsBanked):
        d.score[e.player] += e.points
    elif isinstance(e, E.LocalGateOpened):
        d.gates[e.airport] = [LOCAL]
        d.cubes[e.airport] = [e.cubes]
        d.waiting[e.airport] = 0
    elif isinstance(e, E.SpecialActionUsed):
        d.special_used[e.player] = True
    elif isinstance(e, E.MarkerPassed):
        d.current = e.player
        d.round = e.round
        d.step = STEP_BUY  # a round opens with the purchases
    elif isinstance(e, E.CardPlayed):
        _leave_hand(d, e.player, (e.airport,))
    elif isinstance(e, E.CardsDiscarded):
        _leave_hand(d, e.player, e.cards)
    elif isinstance(e, E.CardDrawn):
        d.hand_count[e.player] += 1
        if e.airport is not None and d.viewer == e.player:
            d.hands[e.player].append(e.airport)


def _leave_hand(d: BSState, p: int, cards: tuple[int, ...]) -> None:
    for c in cards:
        d.hand_count[p] = max(0, d.hand_count[p] - 1)
        if c in d.hands[p]:
            d.hands[p].remove(c)


#: seconds of each kind of step at speed 1
DURATIONS = {
    "gate": 0.45, "draw": 0.28, "split": 0.55, "card": 0.75, "turn": 0.95, "income": 1.0, "local": 0.45,
    "toast": 1.3, "round": 1.2, "drawn": 0.35, "banked": 0.6, "over": 1.6,
}


class Story:
    def __init__(self, game: "BSGameScene") -> None:
        self.game = game
        self.steps: list[Step] = []
        #: the game as the board shows it while a story is told (None: the game itself)
        self.display: BSState | None = None

    # ------------------------------------------------------------ timing
    def anim(self, seconds: float) -> float:
        speed = self.game.app.anim_speed
        return seconds / speed if speed > 0 else 0.0

    def blocking(self) -> bool:
        return bool(self.steps)

    # ------------------------------------------------------------ telling
    def tell(self, before: BSState, events: list[E.Event]) -> None:
        """Add the story of one action (``before``: the game as shown before it)."""
        if self.display is None:
            self.display = before.copy()
        i = 0
        while i < len(events):
            e = events[i]
            if isinstance(e, E.IncomeScored):  # every airline's income flies at once
                group: list[E.Event] = [e]
                while i + 1 < len(events) and isinstance(events[i + 1], E.IncomeScored):
                    i += 1
                    group.append(events[i])
                self._add("income", group)
            else:
                self._add(self._kind(e), [e])
            i += 1
        if self.game.app.anim_speed <= 0 or not self.steps:
            self.skip()

    def _kind(self, e: E.Event) -> str:
        if isinstance(e, (E.GatePlaced, E.GateBoughtOut)):
            return "gate"
        if isinstance(e, E.PassengersDrawn):
            return "draw"
        if isinstance(e, E.CubesSplit):
            return "split" if self.display is not None and self.display.gates[e.airport] else "quiet"
        if isinstance(e, E.CardPlayed):
            return "card"
        if isinstance(e, E.CardTurned):
            return "turn"
        if isinstance(e, E.CardDrawn):
            return "drawn"
        if isinstance(e, E.LocalGateOpened):
            return "local"
        if isinstance(e, E.MarkerPassed):
            return "round"
        if isinstance(e, E.PointsBanked):
            return "banked"
        if isinstance(e, (E.AssistanceGiven, E.DeckReshuffled, E.SpecialActionUsed, E.OpeningSkipped)):
            return "toast"
        if isinstance(e, E.GameEnded):
            return "over"
        return "quiet"

    def _add(self, kind: str, events: list[E.Event]) -> None:
        base = DURATIONS.get(kind, 0.0)
        if kind == "draw":
            e = events[0]
            assert isinstance(e, E.PassengersDrawn)
            n = e.green + e.red
            base = 0.45 + base * min(n, 10) + (0.05 * (n - 10) if n > 10 else 0.0)
        if kind == "drawn" and not self._own_draw(events[0]):
            base = 0.0 if self.game.private_for is None else 0.2
        self.steps.append(Step(kind, events, self.anim(base)))

    def _own_draw(self, e: E.Event) -> bool:
        return isinstance(e, E.CardDrawn) and e.player == self.game.private_for

    def update(self, dt: float) -> None:
        while self.steps:
            st = self.steps[0]
            if not st.started:
                st.started = True
                self._start(st)
            st.elapsed += dt
            if st.elapsed < st.duration:
                return
            dt = st.elapsed - st.duration
            self._finish(self.steps.pop(0))
        self.display = None

    def skip(self) -> None:
        """Tell the rest at once."""
        while self.steps:
            st = self.steps.pop(0)
            self._finish(st)
        self.display = None

    def stop(self) -> None:
        """Drop the story (the state was replaced: undo, load)."""
        self.steps.clear()
        self.display = None

    def _start(self, st: Step) -> None:
        d = self.display
        e = st.events[0]
        if d is not None and st.kind == "split" and isinstance(e, E.CubesSplit):
            st.data.update(self._split_moves(d, e))
        if d is not None and st.kind in ("gate", "local", "round"):
            patch(d, e)  # the gate is there as it drops in; the new round as it is announced
        if st.duration <= 0:
            return
        name = {"gate": "landing", "draw": "die", "card": "flip", "turn": "flip", "income": "cash",
                "round": "turn", "local": "landing"}.get(st.kind)
        if name:
            sound.play(name, volume=0.5)

    def _split_moves(self, d: BSState, e: E.CubesSplit) -> dict[str, object]:
        """Where the split's cubes go: (from, to, how many) — the waiting
        pile and the gates over their share give to those under it."""
        bv = self.game.view
        a = e.airport
        old = list(d.cubes[a]) + [0] * (len(e.cubes) - len(d.cubes[a]))
        sources: list[tuple[tuple[float, float], int]] = []
        if d.waiting[a] > e.waiting:
            sources.append((bv.waiting_center(a), d.waiting[a] - e.waiting))
        for k, (was, now) in enumerate(zip(old, e.cubes)):
            if was > now:
                sources.append((bv.gate_center(a, k), was - now))
        moves: list[tuple[tuple[float, float], tuple[float, float], int]] = []
        for k, (was, now) in enumerate(zip(old, e.cubes)):
            need = now - was
            while need > 0 and sources:
                src, have = sources[0]
                n = min(have, need)
                moves.append((src, bv.gate_center(a, k), n))
                need -= n
                if have == n:
                    sources.pop(0)
                else:
                    sources[0] = (src, have - n)
        return {"old": old, "moves": moves}

    def _finish(self, st: Step) -> None:
        d = self.display
        if d is None:
            return
        for e in st.events:
            if st.kind not in ("gate", "local", "round") or not st.started:
                patch(d, e)

    # ------------------------------------------------------------ queries for drawing
    def current(self) -> Step | None:
        return self.steps[0] if self.steps and self.steps[0].started else None

    def hidden_cubes(self) -> set[tuple[int, int]]:
        st = self.current()
        if st is None or st.kind != "split" or self.display is None:
            return set()
        e = st.events[0]
        assert isinstance(e, E.CubesSplit)
        return {(e.airport, k) for k in range(len(self.display.gates[e.airport]))}

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """What flies over the board for the step being told (changes nothing)."""
        st = self.current()
        if st is None:
            return
        g = self.game
        s = g.s
        t = st.progress
        e = st.events[0]
        bv = g.view
        if isinstance(e, E.PassengersDrawn):
            self._draw_cubes(surface, st, e)
        elif isinstance(e, E.CubesSplit) and st.kind == "split":
            self._draw_split(surface, st, e)
        elif isinstance(e, (E.GatePlaced, E.GateBoughtOut, E.LocalGateOpened)):
            slot = e.slot if isinstance(e, (E.GatePlaced, E.GateBoughtOut)) else 0
            c = bv.gate_center(e.airport, slot)
            r = (10 + 26 * EASINGS["out_cubic"](t)) * s
            col = (160, 160, 160) if isinstance(e, E.LocalGateOpened) or e.player == LOCAL \
                else T.seat_rgb(g.setup.seats[e.player])
            ring = pygame.Surface((int(2 * r + 8), int(2 * r + 8)), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*col, int(200 * (1 - t))), (ring.get_width() // 2, ring.get_height() // 2),
                               int(r), max(2, int(3 * s)))
            surface.blit(ring, ring.get_rect(center=(int(c[0]), int(c[1]))))
        elif isinstance(e, (E.CardPlayed, E.CardTurned)):
            self._draw_card_flight(surface, st, e)
        elif isinstance(e, E.CardDrawn):
            dst = g.hand_anchor() if e.player == g.private_for else g.panel_anchor(e.player)
            src = g.deck_anchor()
            ease = EASINGS["in_out_cubic"](t)
            pos = (src[0] + (dst[0] - src[0]) * ease, src[1] + (dst[1] - src[1]) * ease)
            g.draw_card_back(surface, pos, 0.6)
        elif st.kind == "income":
            for ev in st.events:
                assert isinstance(ev, E.IncomeScored)
                src = g.income_anchor(ev.player)
                dst = g.track_anchor(ev.player, ev.score)
                ease = EASINGS["in_out_cubic"](t)
                x = src[0] + (dst[0] - src[0]) * ease
                y = src[1] + (dst[1] - src[1]) * ease - math.sin(math.pi * ease) * 40 * s
                col = T.seat_rgb(g.setup.seats[ev.player])
                _label(surface, f"+{ev.income}", (x, y), s, col)
        elif st.kind == "banked" and isinstance(e, E.PointsBanked):
            a = g.panel_anchor(e.player)
            _label(surface, f"+{e.points}", (a[0], a[1] - 24 * s * t), s, T.GOOD)
        elif st.kind in ("toast", "round", "over"):
            self._draw_toast(surface, st, e)

    def _draw_split(self, surface: pygame.Surface, st: Step, e: E.CubesSplit) -> None:
        """The even split: cubes fly from the new arrivals and from the gates
        that hold too many to the gates that get more; each gate's count
        turns from what it held to what it holds."""
        bv = self.game.view
        s = self.game.s
        t = st.progress
        old = st.data.get("old")
        if not isinstance(old, list):
            return
        for k, n in enumerate(e.cubes):
            shown = old[k] if t < 0.75 else n
            _cube_badge(surface, bv.gate_center(e.airport, k), shown, s, pale=t < 0.75 and shown != n)
        moves = st.data.get("moves")
        assert isinstance(moves, list)
        for i, (src, dst, n) in enumerate(moves):
            for j in range(min(n, 4)):
                u = (t - 0.08 * j - 0.05 * i) / 0.6
                if not 0 < u < 1:
                    continue
                ease = EASINGS["in_out_cubic"](u)
                x = src[0] + (dst[0] - src[0]) * ease
                y = src[1] + (dst[1] - src[1]) * ease - math.sin(math.pi * ease) * 18 * s
                _cube(surface, (x, y), CUBE_GREEN, s)

    def _cube_times(self, st: Step, n: int) -> tuple[float, float]:
        """When the draw's k-th cube leaves the bag (lead + k × each), and how long it flies."""
        lead = self.anim(0.3)
        each = (st.duration - lead) / max(1, n)
        return lead, each

    def landed(self, st: Step) -> int:
        """How many of a draw's cubes have reached their airport."""
        e = st.events[0]
        if not isinstance(e, E.PassengersDrawn):
            return 0
        n = e.green + e.red
        lead, each = self._cube_times(st, n)
        return sum(1 for k in range(n) if st.elapsed >= lead * 0.3 + k * each + each * 1.6)

    def _draw_cubes(self, surface: pygame.Surface, st: Step, e: E.PassengersDrawn) -> None:
        g = self.game
        s = g.s
        n = e.green + e.red
        src = g.bag_anchor()
        dst = g.view.waiting_center(e.airport)
        lead, each = self._cube_times(st, n)
        t_now = st.elapsed
        landed = 0
        for k in range(n):
            t0 = lead * 0.3 + k * each
            u = (t_now - t0) / max(1e-6, each * 1.6)
            if u <= 0:
                continue
            if u >= 1:
                landed += 1
                continue
            ease = EASINGS["out_cubic"](u)
            x = src[0] + (dst[0] - src[0]) * ease
            y = src[1] + (dst[1] - src[1]) * ease - math.sin(math.pi * ease) * 40 * s
            red = k == n - 1 and e.red > 0
            _cube(surface, (x, y), CUBE_RED if red else CUBE_GREEN, s)
        if landed:
            _cube_badge(surface, (dst[0], dst[1] - 22 * s), landed, s)

    def _draw_card_flight(self, surface: pygame.Surface, st: Step, e: E.CardPlayed | E.CardTurned) -> None:
        g = self.game
        t = st.progress
        src = g.deck_anchor() if isinstance(e, E.CardTurned) else (
            g.hand_anchor() if e.player == g.private_for else g.panel_anchor(e.player))
        dst = g.view.airport_center(e.airport)
        mid = (g.board_rect.centerx, g.board_rect.centery)
        if t < 0.5:  # to the middle (a deck card is turned over on the way)
            u = EASINGS["out_cubic"](t / 0.5)
            pos = (src[0] + (mid[0] - src[0]) * u, src[1] + (mid[1] - src[1]) * u)
            if isinstance(e, E.CardTurned):
                g.draw_card_turning(surface, e.airport, pos, 0.7 + 0.5 * u, u)
            else:
                g.draw_card_face(surface, e.airport, pos, 0.7 + 0.5 * u)
        else:  # a moment to read it, then to its airport
            u = EASINGS["in_cubic"](max(0.0, (t - 0.65) / 0.35))
            pos = (mid[0] + (dst[0] - mid[0]) * u, mid[1] + (dst[1] - mid[1]) * u)
            g.draw_card_face(surface, e.airport, pos, 1.2 - 0.8 * u)

    def _draw_toast(self, surface: pygame.Surface, st: Step, e: E.Event) -> None:
        g = self.game
        s = g.s
        text = toast_text(e, g)
        if not text:
            return
        t = st.progress
        alpha = min(1.0, t * 6, (1 - t) * 5)
        size = int((T.TYPE.h2 if st.kind in ("round", "over") else T.TYPE.body) * s)
        img = assets.text(text, size, (255, 255, 255), "bold" if st.kind != "toast" else "semibold")
        pad = int(14 * s)
        box = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + pad)
        box.center = (g.board_rect.centerx, g.board_rect.y + int(60 * s))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*T.NIGHT, int(225 * alpha)), panel.get_rect(), border_radius=int(12 * s))
        img = img.copy()
        img.set_alpha(int(255 * alpha))
        panel.blit(img, img.get_rect(center=panel.get_rect().center))
        surface.blit(panel, box)


def toast_text(e: E.Event, g: "BSGameScene") -> str:
    names = g.names
    if isinstance(e, E.MarkerPassed):
        return tr("Round {round} · {name} goes first", round=e.round, name=names[e.player])
    if isinstance(e, E.AssistanceGiven):
        return tr("Government assistance for the airlines behind")
    if isinstance(e, E.DeckReshuffled):
        return trn("New deck: {n} card shuffled", "New deck: {n} cards shuffled", e.cards)
    if isinstance(e, E.SpecialActionUsed):
        return tr("{name} uses the special action", name=names[e.player])
    if isinstance(e, E.OpeningSkipped):
        return tr("{name} can afford no opening gate", name=names[e.player])
    if isinstance(e, E.GameEnded):
        return tr("Game over")
    return ""


def _cube(surface: pygame.Surface, c: Point, col: tuple[int, int, int], s: float) -> None:
    k = max(7, int(12 * s))
    r = pygame.Rect(0, 0, k, k)
    r.center = (int(c[0]), int(c[1]))
    pygame.draw.rect(surface, T.mix(col, (0, 0, 0), 0.35), r.move(0, max(1, int(s))), border_radius=max(1, k // 4))
    pygame.draw.rect(surface, col, r, border_radius=max(1, k // 4))


def _cube_badge(surface: pygame.Surface, c: Point, n: int, s: float, pale: bool = False) -> None:
    img = assets.text(str(n), int(T.TYPE.small * s), (255, 255, 255), "bold")
    r = max(img.get_width(), img.get_height()) // 2 + int(4 * s)
    col = T.mix(CUBE_GREEN, (255, 255, 255), 0.35) if pale else CUBE_GREEN
    pygame.draw.circle(surface, T.mix(CUBE_GREEN, (0, 0, 0), 0.3), (int(c[0]), int(c[1]) + 1), r + 1)
    pygame.draw.circle(surface, col, (int(c[0]), int(c[1])), r)
    surface.blit(img, img.get_rect(center=(int(c[0]), int(c[1]))))


def _label(surface: pygame.Surface, text: str, c: Point, s: float, col: tuple[int, int, int]) -> None:
    img = assets.text(text, int(T.TYPE.h2 * s), col, "bold")
    halo = assets.text(text, int(T.TYPE.h2 * s), (255, 255, 255), "bold")
    r = img.get_rect(center=(int(c[0]), int(c[1])))
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        surface.blit(halo, r.move(dx, dy))
    surface.blit(img, r)


__all__ = ["Story", "Step", "patch", "DURATIONS", "toast_text"]
