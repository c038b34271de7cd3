"""The decision at hand, in the tray under the map: the prompt, the hand of
demand cards, and the decision's buttons; what the map lights for it.

Every control offers exactly the engine's legal answers (``legal_actions``;
the step-2 and assistance answers are lazy sequences with membership, so an
answer built from the player's picks is checked with ``in``), and every
figure shown before acting comes from ``opensky.blueskies.quote``.

Decisions (``BSState.decision``):

* opening gate / buy: lit airports open a gate, lit grey gates are bought
  out; Done banks the points left (B14);
* play: a card of the hand is played; Special action… switches to choosing
  an airport on the map and cards to discard (B22, B23), then Use;
* assistance: exactly the owed number of airports, picked on the map in order;
* discard: cards of the hand picked, then Discard (or Keep my hand).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from opensky.blueskies.actions import (
    ASSIST, ASSISTANCE, BUY, BUY_GATE, BUYOUT, DISCARD, DISCARD_DECISION, DRAW_CARD, DRAW_CUBES,
    END_PURCHASES, OPENING_GATE, PLAY, PLAY_CARD, SPECIAL_ACTION, Action,
)
from opensky.blueskies.gates import local_slot
from opensky.blueskies.quote import Preview, expected_draw, preview
from opensky.blueskies.state import BSState
from opensky.i18n import tr, trn
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.bsgame import cards as C
from opensky.ui.widgets import Button

if TYPE_CHECKING:
    from opensky.ui.bsgame.scene import BSGameScene


class Tray:
    def __init__(self, game: "BSGameScene") -> None:
        self.game = game
        self.key: tuple[object, ...] = ()
        self.buttons: list[Button] = []
        #: the special action is being put together (play decision)
        self.special = False
        #: airports picked on the map (assistance, in order; the special action's one)
        self.picked: list[int] = []
        #: positions in the sorted hand picked to discard
        self.discards: list[int] = []
        #: the hand's cards and where they are drawn: (airport, rect)
        self.card_rects: list[tuple[int, pygame.Rect]] = []
        #: the airport or gate the keyboard points at (arrows), as an index into ``targets()``
        self.focus: int | None = None
        self.done = Button("Done", self.end_purchases, primary=True)
        self.special_button = Button("Special action…", self.start_special,
                                     tooltip="Once per game, instead of a card: passengers at any airport "
                                             "and/or new cards. Costs the +3 end bonus.")
        self.use_special = Button("Use special action", self.confirm_special, primary=True)
        self.cancel = Button("Cancel", self.cancel_special)
        self.confirm_assist = Button("Confirm airports", self.confirm_assistance, primary=True)
        self.clear = Button("Clear", self.clear_picks)
        self.discard_button = Button("Keep my hand", self.confirm_discard, primary=True)

    # ------------------------------------------------------------ what is asked
    @property
    def st(self) -> BSState:
        return self.game.state

    def me(self) -> int | None:
        """The person deciding at this screen now, or None."""
        return self.game.human_actor()

    def legal(self) -> Sequence[Action]:
        p = self.me()
        return self.game.ctl.legal(p) if p is not None else []

    def refresh(self) -> bool:
        """Rebuild the controls when the decision changed (True if rebuilt)."""
        st = self.st
        p = self.me()
        key = (len(self.game.ctl.session.log), p, st.decision, self.special, tuple(self.picked),
               tuple(self.discards), self.game.private_for, tuple(self.hand()))
        if key == self.key:
            return False
        if key[:3] != self.key[:3]:
            self.special, self.picked, self.discards, self.focus = False, [], [], None
            key = (key[0], p, st.decision, False, (), (), self.game.private_for, key[7])
        self.key = key
        self.buttons = []
        if p is None:
            self.layout()
            self.game.compose_widgets()
            return True
        d = st.decision
        if d == BUY:
            self.done.label = tr("Done (+{n} to score)", n=st.points) if st.points else tr("Done")
            self.buttons = [self.done]
        elif d == PLAY:
            if self.special:
                self.use_special.enabled = self.special_action() in self.legal()
                self.buttons = [self.cancel, self.use_special]
            elif not st.special_used[p]:
                self.buttons = [self.special_button]
        elif d == ASSIST:
            self.confirm_assist.enabled = len(self.picked) == st.owed
            self.buttons = [self.clear, self.confirm_assist]
        elif d == DISCARD_DECISION:
            n = len(self.discards)
            self.discard_button.label = (trn("Discard {n} card and draw", "Discard {n} cards and draw", n)
                                         if n else tr("Keep my hand"))
            self.buttons = [self.discard_button]
        self.layout()
        self.game.compose_widgets()
        return True

    def layout(self) -> None:
        g = self.game
        s = g.s
        tray = g.tray_rect
        x = tray.right - int(16 * s)
        bh = int(40 * s)
        y = tray.bottom - bh - int(12 * s)
        for b in reversed(self.buttons):
            f = assets.font(int((T.TYPE.small if b.small else T.TYPE.body) * s), "semibold")
            bw = max(int(110 * s), f.size(tr(b.label))[0] + int(32 * s))
            x -= bw
            b.rect = pygame.Rect(x, y, bw, bh)
            x -= int(10 * s)
        self.controls_left = x
        self.card_rects = []
        hand = self.hand()
        if hand:
            h = self.card_h()
            w = C.card_size(h)[0]
            cx = tray.x + int(16 * s)
            top = tray.bottom - h - int(10 * s)
            for a in hand:
                self.card_rects.append((a, pygame.Rect(cx, top, w, h)))
                cx += w + int(10 * s)

    def card_h(self) -> int:
        tray = self.game.tray_rect
        return max(40, tray.h - int(48 * self.game.s))

    def hand(self) -> list[int]:
        """The hand of the person at the screen (none for a spectator)."""
        p = self.game.private_for
        if p is None:
            return []
        return sorted(self.game.shown.hands[p])  # while a story is told, the hand as it stood

    def hand_left(self) -> int:
        """Where the prompt's hint may start: right of the hand."""
        if not self.card_rects:
            return self.game.tray_rect.x + int(16 * self.game.s)
        return self.card_rects[-1][1].right + int(16 * self.game.s)

    # ------------------------------------------------------------ the map
    def lit(self) -> dict[int, str]:
        """Airports the map lights for this decision (airport → style)."""
        st, p = self.st, self.me()
        if p is None:
            return {}
        d = st.decision
        out: dict[int, str] = {}
        if d in (OPENING_GATE, BUY):
            for act in self.legal():
                if act.type == BUY_GATE:
                    out[act.arg] = "buy"
        elif d == PLAY and not self.special:
            hover = self.hover_card()
            for c in set(self.hand()):
                out[c] = "play"
            if hover is not None:
                out[hover] = "market"
        elif d == ASSIST or (d == PLAY and self.special):
            for x in range(len(st.gates)):
                out[x] = "pick"
            for x in self.picked:
                out[x] = "picked"
        return out

    def lit_gates(self) -> dict[tuple[int, int], str]:
        st, p = self.st, self.me()
        if p is None or st.decision not in (OPENING_GATE, BUY):
            return {}
        return {(a.arg, local_slot(st, a.arg)): "buyout" for a in self.legal() if a.type == BUYOUT}

    def targets(self) -> list[tuple[str, int]]:
        """What the arrow keys step through: ("gate"/"buyout"/"pick", airport)."""
        out = [("buyout", a) for (a, _s) in self.lit_gates()]
        out += [("lit", a) for a, style in self.lit().items() if style != "play"]
        return sorted(set(out), key=lambda t: (self.game.view.airport_center(t[1])[0], t[0]))

    def board_action(self, airport: int, gate: tuple[int, int] | None) -> Action | None:
        """The answer a click on the map gives (None: nothing to do there)."""
        st, p = self.st, self.me()
        if p is None:
            return None
        d = st.decision
        legal = self.legal()
        if d in (OPENING_GATE, BUY):
            if gate is not None and (gate[0], gate[1]) in self.lit_gates():
                return Action(BUYOUT, p, gate[0])
            a = Action(BUY_GATE, p, airport)
            if a in legal:
                return a
            b = Action(BUYOUT, p, airport)
            return b if b in legal else None
        return None

    def click_board(self, airport: int | None, gate: tuple[int, int] | None) -> bool:
        """A click on the map: take the answer, or pick the airport."""
        if airport is None and gate is None:
            return False
        a = airport if airport is not None else gate[0]  # type: ignore[index]
        st = self.st
        if st.decision == ASSIST and self.me() is not None:
            if a in self.picked:
                self.picked.remove(a)
            elif len(self.picked) < st.owed:
                self.picked.append(a)
            self.refresh()
            return True
        if st.decision == PLAY and self.special and self.me() is not None:
            self.picked = [] if self.picked == [a] else [a]
            self.refresh()
            return True
        if st.decision == PLAY and self.me() is not None and a in self.hand():
            self.game.take(Action(PLAY_CARD, self.me(), a))
            return True
        act = self.board_action(a, gate)
        if act is not None:
            self.game.take(act)
            return True
        if self.me() is not None and st.decision in (OPENING_GATE, BUY):
            self.game.message = self.game.ctl.refusal(Action(BUY_GATE, self.me(), a))
        return False

    def key_step(self, step: int) -> None:
        t = self.targets()
        if not t:
            return
        self.focus = 0 if self.focus is None else (self.focus + step) % len(t)

    def focused(self) -> tuple[str, int] | None:
        t = self.targets()
        if self.focus is None or not t:
            return None
        return t[self.focus % len(t)]

    def key_take(self) -> bool:
        f = self.focused()
        if f is None:
            return False
        kind, a = f
        if kind == "buyout":
            p = self.me()
            if p is not None:
                self.game.take(Action(BUYOUT, p, a))
            return True
        return self.click_board(a, None)

    # ------------------------------------------------------------ the hand
    def card_at(self, pos: tuple[float, float]) -> int | None:
        for i, (_a, r) in enumerate(self.card_rects):
            if r.collidepoint(pos):
                return i
        return None

    def hover_card(self) -> int | None:
        i = self.card_at(self.game.mouse)
        return self.card_rects[i][0] if i is not None else None

    def click_card(self, i: int) -> bool:
        st, p = self.st, self.me()
        if p is None or i >= len(self.card_rects):
            return False
        a = self.card_rects[i][0]
        if st.decision == PLAY and not self.special:
            self.game.take(Action(PLAY_CARD, p, a))
            return True
        if st.decision == DISCARD_DECISION or (st.decision == PLAY and self.special):
            if i in self.discards:
                self.discards.remove(i)
            else:
                self.discards.append(i)
            self.refresh()
            return True
        return False

    def discard_cards(self) -> tuple[int, ...]:
        hand = self.hand()
        return tuple(sorted(hand[i] for i in self.discards if i < len(hand)))

    # ------------------------------------------------------------ answers
    def end_purchases(self) -> None:
        p = self.me()
        if p is not None:
            self.game.take(Action(END_PURCHASES, p, None))

    def start_special(self) -> None:
        self.special = True
        self.picked, self.discards = [], []
        self.refresh()

    def cancel_special(self) -> None:
        self.special = False
        self.picked, self.discards = [], []
        self.refresh()

    def special_action(self) -> Action | None:
        p = self.me()
        if p is None:
            return None
        at = self.picked[0] if self.picked else None
        return Action(SPECIAL_ACTION, p, (at, self.discard_cards()))

    def confirm_special(self) -> None:
        a = self.special_action()
        if a is not None and a in self.legal():
            self.game.take(a)

    def confirm_assistance(self) -> None:
        p = self.me()
        if p is not None and len(self.picked) == self.st.owed:
            self.game.take(Action(ASSISTANCE, p, tuple(self.picked)))

    def clear_picks(self) -> None:
        self.picked = []
        self.refresh()

    def confirm_discard(self) -> None:
        p = self.me()
        if p is not None:
            self.game.take(Action(DISCARD, p, self.discard_cards()))

    # ------------------------------------------------------------ words
    def prompt(self) -> tuple[str, str]:
        """(headline, hint) of the decision at hand."""
        g = self.game
        st = self.st
        if st.game_over:
            return tr("Game over"), tr("The final scoring follows.")
        d = st.decision
        if g.story.blocking():
            return g.prompt_while_telling(), ""
        if d == DRAW_CUBES:
            return tr("Passengers for {city}", city=st.board.airports[st.cube_airport].city), \
                tr("Cubes come out of the bag until a red one.")
        if d == DRAW_CARD:
            return tr("Drawing a demand card"), ""
        actor = st.actor
        who = g.names[actor] if actor is not None else ""
        p = self.me()
        if p is None:
            if actor is not None and g.ctl.is_human(actor):
                return tr("{name}'s turn", name=who), tr("Waiting for {name} to take the seat.", name=who)
            return tr("{name} is deciding…", name=who), _step_words(st)
        if d == OPENING_GATE:
            k = st.gates_placed_now() + 1
            return (tr("{name}: opening gate {k} of 2", name=who, k=k),
                    tr("Two gates at different airports, 6 points for both: {n} left. Click a lit airport, "
                       "or a lit grey gate to buy out the local airline.", n=st.points))
        if d == BUY:
            return (trn("{name}: buy gates, {n} point left", "{name}: buy gates, {n} points left", st.points,
                        name=who),
                    tr("Click a lit airport to open a gate, or a lit grey gate to buy it out. "
                       "Points you do not spend go to your score."))
        if d == PLAY:
            if self.special:
                n = len(self.discards)
                where = st.board.airports[self.picked[0]].city if self.picked else tr("no airport")
                return (tr("{name}: the special action", name=who),
                        tr("Passengers at: {where}. Cards to discard: {n}. Click an airport and/or cards; "
                           "you draw back to 3. You lose the +3 end bonus.", where=where, n=n))
            return (tr("{name}: play a demand card", name=who),
                    tr("Passengers are drawn at the card's airport: green cubes until a red, then all its "
                       "cubes are split evenly among its gates."))
        if d == ASSIST:
            return (trn("{name}: choose {k} airport for assistance", "{name}: choose {k} airports for assistance",
                        st.owed, name=who, k=st.owed),
                    tr("{n} of {k} chosen. Passengers are added at each, in the order you pick them.",
                       n=len(self.picked), k=st.owed))
        if d == DISCARD_DECISION:
            return (tr("{name}: discard and draw back to 3", name=who),
                    tr("Click the cards you want to replace, or keep your hand."))
        return who, ""

    def preview_lines(self, airport: int, gate: tuple[int, int] | None = None) -> list[str]:
        """What acting at ``airport`` (or on its ``gate``) would do, in words
        (from ``quote.preview``)."""
        st, p = self.st, self.me()
        if p is None:
            return []
        d = st.decision
        a: Action | None = None
        if d in (OPENING_GATE, BUY):
            a = self.board_action(airport, gate)
        elif d == PLAY and not self.special and airport in self.hand():
            a = Action(PLAY_CARD, p, airport)
        elif d == PLAY and self.special:
            a = Action(SPECIAL_ACTION, p, (airport, ()))
        elif d == ASSIST:
            n = f"{expected_draw(st):.1f}"
            k = len(st.gates[airport])
            if not k:
                return [tr("A draw here brings about {n} passengers; they wait for a gate.", n=n)]
            if k == 1:
                return [tr("A draw here brings about {n} passengers, all at its one gate.", n=n)]
            return [tr("A draw here brings about {n} passengers, split among its {k} gates.", n=n, k=k)]
        if a is None:
            return []
        q = preview(st, a)
        return preview_words(q, p, self.game.names) if q is not None else []

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        g = self.game
        s = g.s
        tray = g.tray_rect
        pygame.draw.rect(surface, T.PAPER, tray)
        pygame.draw.line(surface, T.LINE, tray.topleft, tray.topright, max(1, int(s)))
        head, hint = self.prompt()
        x = tray.x + int(16 * s)
        y = tray.y + int(8 * s)
        img = assets.text(D.fit(head, int(T.TYPE.body * s), tray.w - int(32 * s), "semibold"),
                          int(T.TYPE.body * s), T.INK, "semibold")
        surface.blit(img, (x, y))
        hx = self.hand_left()
        right = (self.controls_left if self.buttons and g.controls_shown else tray.right - int(16 * s))
        if hint and right - hx > 80 * s:
            size = int(T.TYPE.small * s)
            lines = D.wrap(hint, size, right - hx - int(8 * s))
            D.blit_lines(surface, lines[:4], (hx, y + img.get_height() + int(8 * s)), size, T.INK_SOFT)
        h = self.card_h()
        for i, (a, r) in enumerate(self.card_rects):
            chosen = i in self.discards
            lift = int(8 * s) if (chosen or r.collidepoint(g.mouse)) and self.me() is not None else 0
            surface.blit(C.face(g.ctl.board, a, h, selected=chosen), r.move(0, -lift))
            if chosen:
                tag = assets.text(tr("discard"), int(T.TYPE.tiny * s), (255, 255, 255), "bold")
                box = tag.get_rect(midbottom=(r.centerx, r.bottom - lift - int(4 * s))).inflate(8, 2)
                pygame.draw.rect(surface, T.BAD, box, border_radius=int(4 * s))
                surface.blit(tag, tag.get_rect(center=box.center))
            if g.controls_shown and self.me() is not None:
                k = assets.text(str(i + 1), int(T.TYPE.tiny * s), T.INK_FAINT, "semibold")
                surface.blit(k, (r.x + int(4 * s), r.y - lift + int(3 * s)))
        if not self.card_rects and g.private_for is None and g.ctl.humans() and not g.read_only:
            msg = tr("Hands are hidden until their owner takes the seat.")
            surface.blit(assets.text(msg, int(T.TYPE.tiny * s), T.INK_FAINT), (x, tray.bottom - int(24 * s)))


def preview_words(q: Preview, p: int, names: Sequence[str]) -> list[str]:
    """A preview in words: cost, passengers, the incomes that change."""
    out: list[str] = []
    if q.points_left is not None:
        out.append(trn("Costs {cost}: {n} point left after it.", "Costs {cost}: {n} points left after it.",
                       q.points_left, cost=q.cost))
    after = f"{q.cubes_after:.1f}"
    if q.draws and q.gates_after == 0:
        out.append(tr("Passengers: {now} now, about {after} after the draw, waiting for a gate.",
                      now=q.cubes_before, after=after))
    elif q.draws and q.gates_after == 1:
        out.append(tr("Passengers: {now} now, about {after} after the draw, all at its one gate.",
                      now=q.cubes_before, after=after))
    elif q.draws:
        out.append(tr("Passengers: {now} now, about {after} after the draw, split among {k} gates.",
                      now=q.cubes_before, after=after, k=q.gates_after))
    elif q.gates_after > 1 and q.cubes_before:
        out.append(tr("No draw: the {n} cubes here are split among {k} gates.", n=q.cubes_before, k=q.gates_after))
    elif q.gates_after == 1 and q.cubes_before:
        out.append(trn("No draw: the cube here goes to this gate.", "No draw: the {n} cubes here go to this gate.",
                       q.cubes_before))
    if q.low == q.high:
        out.append(tr("Your income: {now} → {after}.", now=q.income_now[p], after=q.low))
    else:
        out.append(tr("Your income: {now} → about {after} ({low} to {high}).", now=q.income_now[p],
                      after=f"{q.income_after[p]:.1f}", low=q.low, high=q.high))
    for o in range(len(names)):
        if o != p and abs(q.change(o)) >= 0.05:
            out.append(tr("{name}'s income: {now} → about {after}.", name=names[o], now=q.income_now[o],
                          after=f"{q.income_after[o]:.1f}"))
    return out


def _step_words(st: BSState) -> str:
    """Which step of the round the table is in."""
    return tr("Setup") if st.round == 0 else tr("Round {round}", round=st.round)


__all__ = ["Tray", "preview_words"]
