"""Input on the board: routes, airports, dice and itineraries under the
pointer or the keyboard focus, the preview of what a click would do, and the
click itself — always one of the engine's legal actions for the human at the
screen."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from opensky.rules.actions import CHOOSE_ITINERARY, CHOOSE_OD, PLACE_CALLSIGN, PLACE_HUB, PLACE_PLANE, Action
from opensky.rules.state import GameState
from opensky.i18n import trn
from opensky.ui import assets, theme as T
from opensky.ui.widgets import rounded

if TYPE_CHECKING:
    from opensky.ui.game.scene import GameScene

Point = tuple[float, float]

#: Decisions taken by clicking the board (the keyboard walks their targets).
ON_BOARD = (PLACE_PLANE, PLACE_HUB, PLACE_CALLSIGN, CHOOSE_ITINERARY)


class BoardInput:
    def __init__(self, game: "GameScene") -> None:
        self.game = game
        self.hover_route: int | None = None
        self.hover_airport: int | None = None
        #: the index of the hovered itinerary among the chooser's paths
        self.path_hover: int | None = None

    def clear(self) -> None:
        self.hover_route = self.hover_airport = self.path_hover = None

    def key(self, e: pygame.event.Event) -> bool:
        """The board by keyboard: arrows move a visible focus over the legal
        routes, airports or itineraries (with the same preview as the mouse),
        Enter takes it."""
        g = self.game
        st = g.state
        p = g.human_actor()
        d = st.decision
        if p is None or d not in ON_BOARD:
            return False
        legal = g.ctl.legal(p)
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            target = {PLACE_PLANE: self.hover_route, PLACE_HUB: self.hover_airport,
                      PLACE_CALLSIGN: self.hover_airport, CHOOSE_ITINERARY: self.path_hover}[d]
            if target is None:
                return False
            g.try_action(self._action(st, d, p, target))
            self.clear()
            return True
        if e.key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            return False
        step = 1 if e.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
        if d == PLACE_PLANE:
            targets = sorted({a.arg for a in legal}, key=lambda r: g.view.route_midpoint(r))
            cur = self.hover_route
        elif d == CHOOSE_ITINERARY:
            targets = list(range(len(st.paths[p])))
            cur = self.path_hover
        else:
            targets = sorted({a.arg if d == PLACE_HUB else a.arg[1] for a in legal}, key=lambda a: g.view.apx[a])
            cur = self.hover_airport
        if not targets:
            return False
        t = targets[(targets.index(cur) + step) % len(targets) if cur in targets else 0]
        if d == PLACE_PLANE:
            self.hover_route = t
            g.mouse = g.view.route_midpoint(t)
        elif d == CHOOSE_ITINERARY:
            self.path_hover = t
            path = st.paths[p][t]
            g.mouse = g.view.apx[path[len(path) // 2]]
        else:
            self.hover_airport = t
            g.mouse = g.view.apx[t]
        g.dirty = True
        return True

    @staticmethod
    def _action(st: GameState, d: str, p: int, target: int) -> Action:
        """The action of clicking ``target`` (a route, an airport or a path index)."""
        if d == PLACE_CALLSIGN:
            return Action(d, p, (st.callsign_airport.index(-1), target))
        if d == CHOOSE_ITINERARY:
            return Action(d, p, st.paths[p][target])
        return Action(d, p, target)

    def hover(self, pos: Point) -> None:
        g = self.game
        st = g.state
        p = g.human_actor()
        self.clear()
        g.anim.dice.hover = None
        if p is None:
            return
        if st.decision == CHOOSE_OD:
            g.anim.dice.hover = g.anim.dice.die_at(pos)
            return
        if not g.board_rect.collidepoint(pos) or g.over_overlay(pos):
            return
        if st.decision == PLACE_PLANE:
            self.hover_route = g.view.route_at(pos)
        elif st.decision in (PLACE_HUB, PLACE_CALLSIGN):
            self.hover_airport = g.view.airport_at(pos)
        elif st.decision == CHOOSE_ITINERARY:
            self.path_hover = self.path_at(pos, p)

    def path_at(self, pos: Point, p: int) -> int | None:
        """Which of ``p``'s candidate itineraries has a route under the mouse."""
        g = self.game
        r = g.view.route_at(pos, 12 * g.s)
        if r is None:
            return None
        st = g.state
        ends = st.board.route_ends[r]
        for i, path in enumerate(st.paths[p]):
            legs = {tuple(sorted(x)) for x in zip(path, path[1:])}
            if tuple(sorted(ends)) in legs:
                # a route shared by several paths picks the first; the buttons reach all
                return i
        return None

    def click(self, pos: Point) -> None:
        g = self.game
        st = g.state
        p = g.human_actor()
        if p is None or g.anim.blocking():
            return
        d = st.decision
        if d == CHOOSE_OD:
            dice = g.anim.dice
            c = dice.die_at(pos)
            if c is None:
                return
            if c in dice.selected:
                dice.selected.remove(c)
            else:
                dice.selected.append(c)
            if len(dice.selected) == 2:
                x, y = sorted(dice.selected)
                g.try_action(Action(CHOOSE_OD, p, (x, y)))
            return
        if not g.board_rect.collidepoint(pos) or g.over_overlay(pos):
            return
        target: int | None = None
        if d == PLACE_PLANE:
            target = g.view.route_at(pos)
        elif d in (PLACE_HUB, PLACE_CALLSIGN):
            target = g.view.airport_at(pos)
        elif d == CHOOSE_ITINERARY:
            target = self.path_at(pos, p)
        if target is not None and d is not None:
            g.try_action(self._action(st, d, p, target))
        self.hover(pos)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, st: GameState) -> None:
        """What a click would do (the hovered route or airport, a ghost token),
        and the month's market on the map."""
        g = self.game
        view = g.view
        p = g.human_actor()
        if self.hover_route is not None and p is not None:
            ok = st.can_place(p, self.hover_route)
            view.highlight_route(surface, self.hover_route, T.ROUTE_HOVER if ok else T.BAD, dashed=not ok)
            if ok:
                slot = view.plane_slot(st, p, self.hover_route)
                k = int(view.token_radius() * 3)
                ghost = pygame.Surface((2 * k, 2 * k), pygame.SRCALPHA)
                view.draw_token(ghost, p, (k, k), angle=view.route_angle(self.hover_route))
                ghost.set_alpha(150)
                surface.blit(ghost, (int(slot[0]) - k, int(slot[1]) - k))
        if self.hover_airport is not None and p is not None:
            legal = {a.arg if st.decision == PLACE_HUB else a.arg[1] for a in g.ctl.legal(p)}
            ok = self.hover_airport in legal
            view.highlight_airport(surface, self.hover_airport, T.ROUTE_HOVER if ok else T.BAD)
        dice = g.anim.dice
        if st.od is not None:
            self.draw_itineraries(surface, st, st.paths, st.stops)
            pulse = 1.0 + 0.08 * math.sin(g.t * 4)
            for c in st.od:
                view.highlight_airport(surface, st.callsign_airport[c], T.ACCENT, pulse)
        elif st.decision == CHOOSE_OD and g.decisions.previewing is not None:
            # the market the roller is looking at: who could fly it, and how
            pv = g.decisions.preview(g.decisions.previewing)
            self.draw_itineraries(surface, st, [list(x) for x in pv.paths], list(pv.stops), labels=True)
            for a in pv.airports:
                view.highlight_airport(surface, a, T.ACCENT)
        elif st.decision == CHOOSE_OD and (dice.selected or dice.hover is not None):
            for c in dice.selected + ([dice.hover] if dice.hover is not None else []):
                view.highlight_airport(surface, st.callsign_airport[c], T.ACCENT)

    def draw_itineraries(self, surface: pygame.Surface, st: GameState, paths_of: list[list[tuple[int, ...]]],
                         stops_of: list[int | None], labels: bool = False) -> None:
        """Every airline's valid itinerary for the market, in its colour, side
        by side; with ``labels``, each airline's stop count beside its path."""
        g = self.game
        s = g.s
        flyers = [p for p in range(st.P) if stops_of[p] is not None and paths_of[p]]
        chooser = st.actors[0] if st.decision == CHOOSE_ITINERARY else None
        placed: list[pygame.Rect] = []
        for k, p in enumerate(flyers):
            seat = g.setup.seats[p]
            off = (k - (len(flyers) - 1) / 2) * 5 * s
            paths = paths_of[p] if p == chooser else paths_of[p][:1]
            for i, path in enumerate(paths):
                emphasis = p == chooser and i == self.path_hover
                width = max(2, round((6 if emphasis else 3) * s))
                col = (T.seat_rgb(seat) if (p != chooser or emphasis or self.path_hover is None)
                       else T.mix(T.seat_rgb(seat), (255, 255, 255), 0.5))
                for a, b in zip(path, path[1:]):
                    (x0, y0), (x1, y1) = g.view.apx[a], g.view.apx[b]
                    L = math.hypot(x1 - x0, y1 - y0) or 1
                    nx, ny = -(y1 - y0) / L * off, (x1 - x0) / L * off
                    pygame.draw.line(surface, (255, 255, 255), (x0 + nx, y0 + ny), (x1 + nx, y1 + ny), width + 2)
                    pygame.draw.line(surface, col, (x0 + nx, y0 + ny), (x1 + nx, y1 + ny), width)
        if labels:  # one-stop itineraries: a tag at the connection (the tray lists them all)
            for p in flyers:
                if stops_of[p]:
                    self._stop_label(surface, p, paths_of[p][0], stops_of[p] or 0, placed)

    def _stop_label(self, surface: pygame.Surface, p: int, path: tuple[int, ...], stops: int,
                    placed: list[pygame.Rect]) -> None:
        """A small tag in the airline's colour beside its connecting airport,
        “Skylark · 1 stop”, moved down until it overlaps no tag already placed."""
        g = self.game
        s = g.s
        seat = g.setup.seats[p]
        x, y = g.view.apx[path[1]]
        cls = trn("{n} stop", "{n} stops", stops)
        img = assets.text(f"{seat.name} · {cls}", int(T.TYPE.tiny * s), (255, 255, 255), "semibold")
        box = img.get_rect().inflate(int(12 * s), int(6 * s))
        r = int(g.view.airport_radius() * 2.2)
        avoid = placed + [g.view.label_rect(a) for a in path]
        for spot in ("midbottom", "midtop", "midright", "midleft"):  # above, below, left, right of it
            anchor = {"midbottom": (x, y - r), "midtop": (x, y + r), "midright": (x - r, y),
                      "midleft": (x + r, y)}[spot]
            setattr(box, spot, (int(anchor[0]), int(anchor[1])))
            if not any(box.colliderect(q) for q in avoid):
                break
        while any(box.colliderect(q) for q in placed):
            box.y += box.h + max(1, int(2 * s))
        placed.append(box)
        pygame.draw.rect(surface, (255, 255, 255), box.inflate(2, 2), border_radius=box.h // 2 + 1)
        rounded(surface, box, T.seat_rgb(seat), box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))
