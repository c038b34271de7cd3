"""Where things go on the Blue Skies screen (pure geometry over ``pygame.Rect``).

The window is cut as OpenSky's table is: the round bar on top, the map of
the United States, the **tray** under the map (the prompt, the hand of
demand cards and the decision's buttons: never over an airport) and the
side column (the airlines, the score track, the bag and the deck, the log).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class BSLayout:
    top: pygame.Rect
    board: pygame.Rect
    tray: pygame.Rect
    side: pygame.Rect
    #: inside the side column: the airlines, the bag and deck, the log
    airlines: pygame.Rect
    supply: pygame.Rect
    log: pygame.Rect
    #: the score track: a lane per airline, under the airlines
    track: pygame.Rect

    @classmethod
    def for_size(cls, size: tuple[int, int], s: float, players: int) -> "BSLayout":
        w, h = size
        top_h = int(48 * s)
        side_w = min(max(260, int(310 * s)), w // 3)
        tray_h = max(112, int(150 * s))
        top = pygame.Rect(0, 0, w, top_h)
        side = pygame.Rect(w - side_w, top_h, side_w, h - top_h)
        tray = pygame.Rect(0, h - tray_h, w - side_w, tray_h)
        board = pygame.Rect(0, top_h, w - side_w, tray.y - top_h)
        pad = int(8 * s)
        row = int(54 * s)
        airlines = pygame.Rect(side.x + pad, side.y + pad, side.w - 2 * pad, players * row)
        track = pygame.Rect(airlines.x, airlines.bottom + pad, airlines.w, players * max(22, int(26 * s)))
        supply = pygame.Rect(airlines.x, track.bottom + pad, airlines.w, max(60, int(78 * s)))
        log = pygame.Rect(airlines.x, supply.bottom + pad, airlines.w, side.bottom - supply.bottom - 2 * pad)
        return cls(top, board, tray, side, airlines, supply, log, track)

    def airline_row(self, p: int, players: int) -> pygame.Rect:
        """Airline ``p``'s panel in the side column."""
        row = self.airlines.h // max(1, players)
        return pygame.Rect(self.airlines.x, self.airlines.y + p * row, self.airlines.w, row - 4)
