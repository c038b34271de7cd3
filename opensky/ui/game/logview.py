"""The game log in the side panel: the entries in words, newest at the
bottom, whole and wrapped, as many as fit under the airline panels."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

import pygame

from opensky.i18n import tr
from opensky.rules import events as E
from opensky.ui import assets, draw as D, theme as T
from opensky.ui.game.gamelog import LogEntry
from opensky.ui.widgets import rounded


@lru_cache(maxsize=1024)
def _wrap(text: str, size: int, width: int, weight: str) -> tuple[str, ...]:
    """A log entry's lines (kept: the log is drawn again as the story is told)."""
    return tuple(D.wrap(text, size, width, weight))


def _log_head(s: float) -> int:
    return assets.px(T.TYPE.small * s)


def log_min_h(s: float) -> int:
    """The log is shown when it has room for its title and a line."""
    line = assets.font(assets.px(T.TYPE.tiny * s)).get_linesize()
    head = assets.font(_log_head(s), "bold").get_linesize()
    return 2 * _log_pad(s) + head + max(2, int(4 * s)) + line


def _log_pad(s: float) -> int:
    return max(5, int(8 * s))


_HEADERS = frozenset({E.MONTH_STARTED, E.SEASON_RESET, E.GAME_OVER})


def render_log(surf: pygame.Surface, r: pygame.Rect, s: float, log: Sequence[LogEntry],
               say: Callable[[LogEntry], str | None]) -> list[tuple[pygame.Rect, str]]:
    """The game log in words, newest at the bottom: whole entries, wrapped,
    as many as fit (the newest alone, cut with an ellipsis, if even it does
    not fit).  Returns the lines drawn (the title first) with their rectangles."""
    rounded(surf, r, T.mix(T.PAPER_DARK, T.CARD, 0.5), int(10 * s))
    pad = _log_pad(s)
    x = r.x + max(8, int(12 * s))
    head = assets.text(tr("Game log"), _log_head(s), T.INK_SOFT, "bold")
    out = [(head.get_rect(topleft=(x, r.y + pad)), tr("Game log"))]
    surf.blit(head, out[0][0])
    size = assets.px(T.TYPE.tiny * s)
    lh = assets.font(size).get_linesize()
    top = out[0][0].bottom + max(2, int(4 * s))
    room = max(0, (r.bottom - pad - top) // lh)
    width = r.right - max(8, int(12 * s)) - x
    indent = max(6, int(10 * s))
    shown: list[tuple[str, int, str, tuple[int, int, int]]] = []  # (line, dx, weight, colour)
    newest = True
    for entry in reversed(log):
        text = say(entry)
        if not text:
            continue
        header = entry[0] == "event" and entry[1].kind in _HEADERS
        weight = "semibold" if header else "regular"
        col = T.INK if newest or header else T.INK_SOFT
        first, *rest = _wrap(text, size, width, weight) or [""]
        rest = list(_wrap(" ".join(rest), size, width - indent, weight)) if rest else []
        lines = [(first, 0, weight, col)] + [(t, indent, weight, col) for t in rest]
        if len(shown) + len(lines) > room:
            if newest and room:  # the newest entry alone is too long: its start, cut
                lines = lines[:room]
                line, dx, wt, c = lines[-1]
                lines[-1] = (D.fit(line + "…", size, width - dx, wt), dx, wt, c)
                shown = lines
            break
        shown = lines + shown
        newest = False
    y = top
    for line, dx, weight, col in shown:
        img = assets.text(line, size, col, weight)
        rect = img.get_rect(topleft=(x + dx, y))
        surf.blit(img, rect)
        out.append((rect, line))
        y += lh
    return out


__all__ = ["log_min_h", "render_log"]
