"""The game screen's parts under the names they had before it was split into
rooms, so drivers of the screen (tests, tools, the replay, benchmarks) read
``g.dice``, ``g.handoff_for`` or ``g.decision_buttons`` as before.  Each name
is the room's own attribute; nothing is copied."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from opensky.rules.actions import Action
from opensky.ui.widgets import Button

if TYPE_CHECKING:
    from opensky.ui.game.animator import Animator, Flight
    from opensky.ui.game.board_input import BoardInput
    from opensky.ui.game.decisions import Decisions
    from opensky.ui.game.gamelog import LogEntry
    from opensky.ui.game.history import History, ScorePoint
    from opensky.ui.game.hotseat import HotSeat
    from opensky.ui.game.panels import Region, Sidebar
    from opensky.ui.market import BidTable, DiceTray, PriceDie
    from opensky.ui.tween import Tween


class SceneFacade:
    history: "History"
    anim: "Animator"
    seat: "HotSeat"
    decisions: "Decisions"
    board_input: "BoardInput"
    sidebar: "Sidebar | None"

    # what the screen remembers
    @property
    def log(self) -> "list[LogEntry]":
        return self.history.log

    @property
    def score_history(self) -> "list[ScorePoint]":
        return self.history.scores

    # the animator: the market on screen and what flies
    def busy(self) -> bool:
        """Something the players should see is still moving (computers wait)."""
        return self.anim.busy()

    def blocking(self) -> bool:
        """An animation that must finish before anyone decides."""
        return self.anim.blocking()

    @property
    def dice(self) -> "DiceTray":
        return self.anim.dice

    @property
    def table(self) -> "BidTable":
        return self.anim.table

    @property
    def price_die(self) -> "PriceDie":
        return self.anim.price_die

    @property
    def flights(self) -> "list[Flight]":
        return self.anim.flights

    @property
    def toasts(self) -> "list[tuple[str, Tween]]":
        return self.anim.toasts

    @property
    def market_hold(self) -> "Tween | None":
        return self.anim.market_hold

    @market_hold.setter
    def market_hold(self, tw: "Tween | None") -> None:
        self.anim.market_hold = tw

    # the hot seat
    @property
    def handoff_for(self) -> int | None:
        return self.seat.handoff_for

    @property
    def private_for(self) -> int | None:
        return self.seat.private_for

    @property
    def handoff_button(self) -> Button:
        return self.seat.handoff_button

    @property
    def confirm_button(self) -> Button:
        return self.seat.confirm_button

    @property
    def card_rects(self) -> list[tuple[int | None, pygame.Rect]]:
        return self.seat.card_rects

    @property
    def selected_card(self) -> int | None:
        return self.seat.selected_card

    def selected_value(self) -> int | None:
        return self.seat.selected_value()

    # the decision's buttons
    @property
    def decision_buttons(self) -> list[Button]:
        return self.decisions.buttons

    def button_for(self, a: Action) -> Button | None:
        return self.decisions.button_for(a)

    # the board under the pointer
    @property
    def hover_route(self) -> int | None:
        return self.board_input.hover_route

    @hover_route.setter
    def hover_route(self, r: int | None) -> None:
        self.board_input.hover_route = r

    def path_at(self, pos: tuple[float, float], p: int) -> int | None:
        return self.board_input.path_at(pos, p)

    # the sidebar's tooltip regions
    @property
    def panel_regions(self) -> "list[Region]":
        return self.sidebar.regions if self.sidebar is not None else []
