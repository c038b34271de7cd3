"""Controls: buttons, segmented choices, text fields, with hover, press and
keyboard focus states.  Positions are window pixels; scenes lay them out on
resize."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from opensky.i18n import tr
from opensky.ui import assets, theme as T


def rounded(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, ...], radius: int,
            width: int = 0) -> None:
    pygame.draw.rect(surface, color, rect, width, border_radius=max(0, radius))


def shadowed_panel(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int],
                   radius: int, shadow: int = 3, alpha: int = 60) -> None:
    """A rounded panel with a soft drop shadow."""
    if shadow > 0:
        sh = pygame.Surface((rect.w + shadow * 4, rect.h + shadow * 4), pygame.SRCALPHA)
        for i in range(shadow, 0, -1):
            a = int(alpha * (1 - i / (shadow + 1)) / 2)
            pygame.draw.rect(sh, (0, 0, 0, a), pygame.Rect(shadow * 2 - i, shadow * 2 - i + shadow,
                                                           rect.w + 2 * i, rect.h + 2 * i),
                             border_radius=radius + i)
        surface.blit(sh, (rect.x - shadow * 2, rect.y - shadow * 2))
    rounded(surface, rect, color, radius)


def dialog_frame(surface: pygame.Surface, panel: pygame.Rect, title: str, s: float,
                 centered: bool = False) -> None:
    """A dialog over the current screen: a dimming veil, the panel, its title."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((10, 16, 26, 150))
    surface.blit(veil, (0, 0))
    shadowed_panel(surface, panel, T.PAPER, int(14 * s), shadow=int(5 * s), alpha=120)
    t = assets.text(tr(title), int(T.TYPE.h2 * s), T.INK, "bold")
    if centered:
        surface.blit(t, t.get_rect(midtop=(panel.centerx, panel.y + int(22 * s))))
    else:
        surface.blit(t, (panel.x + int(28 * s), panel.y + int(22 * s)))


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect | None = None, tooltip: str = ""):
        self.rect = rect or pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.pressed = False
        self.focused = False
        self.enabled = True
        self.visible = True
        self.tooltip = tooltip

    def handle(self, e: pygame.event.Event) -> bool:
        """Handle an event; True when consumed."""
        return False

    def activate(self) -> None:
        """Keyboard activation (Enter/Space)."""

    def key(self, e: pygame.event.Event) -> bool:
        """Other keys while focused (arrows...); True when consumed."""
        return False

    def draw(self, surface: pygame.Surface, s: float) -> None:
        pass

    def draw_focus(self, surface: pygame.Surface, s: float) -> None:
        if self.focused and self.visible:
            r = self.rect.inflate(int(6 * s), int(6 * s))
            rounded(surface, r, T.FOCUS, int((T.RADIUS + 3) * s), max(2, int(2 * s)))


class Button(Widget):
    def __init__(self, label: str, on_click: Callable[[], Any] | None = None, *,
                 primary: bool = False, tooltip: str = "", small: bool = False, danger: bool = False):
        super().__init__(tooltip=tooltip)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.small = small
        self.danger = danger

    def handle(self, e: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            self.pressed = self.enabled
            return True
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(e.pos) and self.enabled:
                self.activate()
                return True
        return False

    def activate(self) -> None:
        if self.enabled and self.on_click:
            from opensky.ui import sound
            sound.play("click", volume=0.5)
            self.on_click()

    def colors(self) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
        if not self.enabled:
            return (T.PAPER_DARK, T.INK_FAINT, T.LINE)
        if self.primary or self.danger:
            base = T.BAD if self.danger else T.ACCENT
            dark = T.mix(base, (0, 0, 0), 0.2)
            bg = dark if self.pressed else (T.mix(base, (255, 255, 255), 0.12) if self.hover else base)
            return (bg, (255, 255, 255), dark)
        bg = T.PAPER_DARK if self.pressed else (T.mix(T.CARD, T.ACCENT, 0.08) if self.hover else T.CARD)
        return (bg, T.INK, T.mix(T.LINE, T.ACCENT, 0.5) if self.hover else T.LINE)

    def draw(self, surface: pygame.Surface, s: float) -> None:
        if not self.visible:
            return
        bg, fg, border = self.colors()
        r = self.rect.move(0, int(1 * s) if self.pressed else 0)
        if self.enabled and not self.pressed:
            rounded(surface, r.move(0, max(1, int(2 * s))), T.mix(border, (0, 0, 0), 0.25), int(T.RADIUS * s))
        rounded(surface, r, bg, int(T.RADIUS * s))
        rounded(surface, r, border, int(T.RADIUS * s), max(1, int(1.2 * s)))
        size = int((T.TYPE.small if self.small else T.TYPE.body) * s)
        img = assets.text(tr(self.label), size, fg, "semibold")
        surface.blit(img, img.get_rect(center=r.center))
        self.draw_focus(surface, s)


class Choice(Widget):
    """A segmented control: one of several options."""

    def __init__(self, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None, tooltip: str = ""):
        super().__init__(tooltip=tooltip)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.hover_index = -1
        self.disabled_values: set[Any] = set()

    def _cells(self) -> list[pygame.Rect]:
        n = len(self.options)
        w = self.rect.w / n
        return [pygame.Rect(round(self.rect.x + i * w), self.rect.y, round(w), self.rect.h) for i in range(n)]

    def set(self, value: Any) -> None:
        if value != self.value and value not in self.disabled_values:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def handle(self, e: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if e.type == pygame.MOUSEMOTION:
            self.hover_index = next((i for i, c in enumerate(self._cells()) if c.collidepoint(e.pos)), -1)
            self.hover = self.hover_index >= 0
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, c in enumerate(self._cells()):
                if c.collidepoint(e.pos):
                    self.set(self.options[i][0])
                    return True
        return False

    def key(self, e: pygame.event.Event) -> bool:
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            vals = [v for v, _ in self.options if v not in self.disabled_values]
            i = vals.index(self.value) if self.value in vals else 0
            i = (i + (1 if e.key == pygame.K_RIGHT else -1)) % len(vals)
            self.set(vals[i])
            return True
        return False

    def activate(self) -> None:
        vals = [v for v, _ in self.options if v not in self.disabled_values]
        i = vals.index(self.value) if self.value in vals else -1
        self.set(vals[(i + 1) % len(vals)])

    def draw(self, surface: pygame.Surface, s: float) -> None:
        if not self.visible:
            return
        rad = int(T.RADIUS * s)
        rounded(surface, self.rect, T.CARD, rad)
        cells = self._cells()
        for i, ((v, label), c) in enumerate(zip(self.options, cells)):
            sel = v == self.value
            dis = v in self.disabled_values or not self.enabled
            if sel:
                rounded(surface, c.inflate(-int(4 * s), -int(4 * s)), T.NIGHT_2, int((T.RADIUS - 2) * s))
            elif i == self.hover_index and not dis:
                rounded(surface, c.inflate(-int(4 * s), -int(4 * s)), T.mix(T.CARD, T.ACCENT, 0.12),
                        int((T.RADIUS - 2) * s))
            col = (255, 255, 255) if sel else (T.INK_FAINT if dis else T.INK)
            img = assets.text(tr(label), int(T.TYPE.small * s), col, "semibold" if sel else "medium")
            if img.get_width() > c.w - 6:
                img = pygame.transform.smoothscale(img, (c.w - 6, int(img.get_height() * (c.w - 6) / img.get_width())))
            surface.blit(img, img.get_rect(center=c.center))
        rounded(surface, self.rect, T.LINE, rad, max(1, int(s)))
        self.draw_focus(surface, s)


class TextField(Widget):
    def __init__(self, value: str, on_change: Callable[[str], None] | None = None, *,
                 max_len: int = 18, placeholder: str = "", digits_only: bool = False, tooltip: str = ""):
        super().__init__(tooltip=tooltip)
        self.value = value
        self.on_change = on_change
        self.max_len = max_len
        self.placeholder = placeholder
        self.digits_only = digits_only
        self.blink = 0.0

    def handle(self, e: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            return True  # the group focuses it
        elif e.type == pygame.TEXTINPUT and self.focused:
            ch = "".join(c for c in e.text if (c.isdigit() if self.digits_only else c.isprintable()))
            if ch and len(self.value) < self.max_len:
                self.value = (self.value + ch)[: self.max_len]
                if self.on_change:
                    self.on_change(self.value)
            return True
        return False

    def key(self, e: pygame.event.Event) -> bool:
        if e.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            if self.on_change:
                self.on_change(self.value)
            return True
        return e.unicode.isprintable() and bool(e.unicode) and e.key not in (pygame.K_TAB, pygame.K_RETURN)

    def draw(self, surface: pygame.Surface, s: float) -> None:
        if not self.visible:
            return
        rad = int(6 * s)
        rounded(surface, self.rect, T.CARD, rad)
        border = T.FOCUS if self.focused else (T.mix(T.LINE, T.ACCENT, 0.5) if self.hover else T.LINE)
        rounded(surface, self.rect, border, rad, max(1, int((2 if self.focused else 1) * s)))
        size = int(T.TYPE.body * s)
        if self.value:
            img = assets.text(self.value, size, T.INK, "medium")
        else:
            img = assets.text(tr(self.placeholder) if self.placeholder else " ", size, T.INK_FAINT)
        x = self.rect.x + int(10 * s)
        surface.blit(img, (x, self.rect.centery - img.get_height() // 2),
                     area=pygame.Rect(0, 0, self.rect.w - int(20 * s), img.get_height()))
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            cx = x + (img.get_width() if self.value else 0) + 1
            pygame.draw.line(surface, T.INK, (cx, self.rect.y + int(9 * s)), (cx, self.rect.bottom - int(9 * s)),
                             max(1, int(s)))


class WidgetGroup:
    """Widgets of one scene: routes events, keeps keyboard focus (Tab/Shift+Tab,
    Enter/Space activates, arrows go to the focused control)."""

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.focus_index = -1

    def add(self, w: Widget) -> Widget:
        self.widgets.append(w)
        return w

    def clear(self) -> None:
        self.widgets.clear()
        self.focus_index = -1

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.visible and w.enabled and w.focusable]

    def set_focus(self, w: Widget | None) -> None:
        for x in self.widgets:
            x.focused = x is w
        if isinstance(w, TextField):
            pygame.key.start_text_input()

    @property
    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.focused), None)

    def move_focus(self, step: int) -> None:
        items = self.focusables()
        if not items:
            return
        cur = self.focused
        i = items.index(cur) if cur in items else (-1 if step > 0 else 0)
        self.set_focus(items[(i + step) % len(items)])

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_TAB:
                self.move_focus(-1 if e.mod & pygame.KMOD_SHIFT else 1)
                return True
            f = self.focused
            if f is not None:
                if f.key(e):
                    return True
                if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not isinstance(f, TextField):
                    f.activate()
                    return True
                if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(f, TextField):
                    self.move_focus(1)
                    return True
            return False
        consumed = False
        for w in list(self.widgets):
            if w.handle(e):
                consumed = True
                if e.type == pygame.MOUSEBUTTONDOWN:
                    if isinstance(w, TextField):
                        self.set_focus(w)
                    elif self.focused is not None and isinstance(self.focused, TextField):
                        self.set_focus(None)
                if e.type != pygame.MOUSEMOTION:
                    break
        if e.type == pygame.MOUSEBUTTONDOWN and not consumed and isinstance(self.focused, TextField):
            self.set_focus(None)
        return consumed

    def hovered_tooltip(self) -> tuple[str, pygame.Rect] | None:
        for w in self.widgets:
            if w.visible and w.hover and w.tooltip:
                return (tr(w.tooltip), w.rect)
        return None

    def draw(self, surface: pygame.Surface, s: float) -> None:
        for w in self.widgets:
            w.draw(surface, s)
