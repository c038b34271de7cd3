"""Hot seat for Blue Skies: whose hand the screen shows, and the hand-off
screen before each person's decision.

The hands are secret all game long (B32).  With one person at the table the
screen is theirs and shows their hand.  With two or more, the screen shows
nobody's hand except while its owner decides, and before each person's
decision a hand-off screen covers everything until that person says it is
them.  The screen then reads the game as ``Controller.view_for(p)``
(``player_view``) — and otherwise as the spectator view, where no hand is
even there to be drawn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.i18n import tr
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.widgets import Button

if TYPE_CHECKING:
    from opensky.ui.bsgame.scene import BSGameScene


class HotSeat:
    def __init__(self, game: "BSGameScene") -> None:
        self.game = game
        #: whose hand the screen shows (None: nobody's)
        self.private_for: int | None = None
        #: the person who must take the seat (the hand-off screen covers all)
        self.handoff_for: int | None = None
        self.button = Button("", self.take_seat, primary=True)

    def reset(self) -> None:
        self.private_for = None
        self.handoff_for = None

    def update(self) -> None:
        g = self.game
        humans = g.ctl.humans()
        if g.read_only or not humans:
            self.private_for = self.handoff_for = None
            return
        if len(humans) == 1:
            self.private_for, self.handoff_for = humans[0], None
            return
        st = g.ctl.view_for(None)  # whose turn it is is public
        if st.game_over:
            self.private_for = self.handoff_for = None
            return
        if st.is_chance() or st.actor is None:
            self.handoff_for = None  # a draw of a decision under way: the screen stays whose it is
            return
        actor = st.actor
        if not g.ctl.is_human(actor):
            self.private_for = self.handoff_for = None
        elif actor != self.private_for:
            self.private_for = None
            self.handoff_for = actor
            self.button.label = tr("I am {name}: show my hand", name=st.names[actor])
        else:
            self.handoff_for = None

    def take_seat(self) -> None:
        if self.handoff_for is not None:
            self.private_for, self.handoff_for = self.handoff_for, None
            self.game.seat_changed()

    def shown(self) -> bool:
        """The hand-off screen is up (once the last story has been told)."""
        return self.handoff_for is not None and not self.game.story.blocking()

    def layout(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        f = assets.font(int(T.TYPE.body * s), "semibold")
        bw = max(int(300 * s), f.size(tr(self.button.label))[0] + int(48 * s))
        self.button.rect = pygame.Rect(w // 2 - bw // 2, h // 2 + int(50 * s), bw, int(52 * s))

    def draw(self, surface: pygame.Surface) -> None:
        """The hand-off screen: the whole window covered, the next person named."""
        g = self.game
        s = g.s
        p = self.handoff_for
        if p is None:
            return
        w, h = surface.get_size()
        veil = pygame.Surface((w, h))
        veil.fill(T.NIGHT)
        surface.blit(veil, (0, 0))
        seat = g.setup.seats[p]
        col = T.seat_rgb(seat)
        cx, cy = w // 2, h // 2 - int(70 * s)
        D.emblem(surface, seat.shape, col, (cx, cy - int(40 * s)), 26 * s)
        title = assets.text(tr("{name}'s turn", name=g.names[p]), int(T.TYPE.h1 * s), (255, 255, 255), "bold")
        surface.blit(title, title.get_rect(center=(cx, cy + int(16 * s))))
        sub = tr("Pass the screen to {name}. The hand stays hidden until {name} is ready.", name=g.names[p])
        size = int(T.TYPE.body * s)
        lines = D.wrap(sub, size, int(min(w - 40, 620 * s)))
        y = cy + int(48 * s)
        for line in lines:
            img = assets.text(line, size, (200, 210, 228))
            surface.blit(img, img.get_rect(midtop=(cx, y)))
            y += int(size * 1.4)
        self.button.draw(surface, s)
