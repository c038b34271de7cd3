"""Bounded text for messages: one line, a length cap, and values shown cut
short.  A message about a bad file or a bad action must never embed the whole
offending value (a 300 MB line from a 500-byte YAML alias bomb was seen).

Pure: the rules engine uses it too.
"""
from __future__ import annotations

import re
from typing import Any

__all__ = ["MAX_MESSAGE", "one_line", "short", "unshowable", "has_surrogate"]

#: Control characters (C0, DEL, C1) and lone UTF-16 surrogates: text holding
#: them cannot be drawn (pygame refuses NUL) or written back as UTF-8.
_UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def unshowable(text: str) -> str | None:
    """Why ``text`` cannot stand as a name on screen or in a file (a control
    character, or a lone surrogate that is not valid Unicode), or None."""
    m = _UNSHOWABLE.search(text)
    if m is None:
        return None
    ch = m.group()
    if "\ud800" <= ch <= "\udfff":
        return "a character that is not valid Unicode (a lone surrogate)"
    return f"a control character (U+{ord(ch):04X})"


def has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (it could not be written as UTF-8)."""
    return _SURROGATE.search(text) is not None

#: Longest message a problem gives.
MAX_MESSAGE = 200


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line, cut to ``limit`` characters (with an ellipsis)."""
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 1].rstrip() + "…"


#: the longest player name a game accepts (as a save allows: persistence.save.MAX_NAME; the window's field allows fewer)
MAX_PLAYER_NAME = 64


def clip(text: str, limit: int = 30) -> str:
    """A name as a message shows it: as it is, cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def names_list(names: Any, limit: int = 30) -> str:
    """Players' names for a message ("Ann, Bo, Cy"), each cut to ``limit``."""
    return ", ".join(clip(str(n), limit) for n in names)


def short(value: Any, limit: int = 40) -> str:
    """A value as a message may show it: its repr, cut to ``limit`` characters.

    Safe on anything a parser can produce, however large or self-referencing
    (YAML aliases can make a list contain itself).
    """
    try:
        text = _bounded_repr(value, limit + 1)
    except Exception:  # noqa: BLE001 - a message must never fail
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bounded_repr(value: Any, budget: int, depth: int = 0) -> str:
    """repr that stops once ``budget`` characters are written."""
    if isinstance(value, (list, tuple)):
        if depth > 4:
            return "[…]"
        parts, used = [], 0
        for item in value:
            p = _bounded_repr(item, budget - used, depth + 1)
            parts.append(p)
            used += len(p) + 2
            if used >= budget:
                parts.append("…")
                break
        body = ", ".join(parts)
        return f"[{body}]" if isinstance(value, list) else f"({body})"
    if isinstance(value, dict):
        if depth > 4:
            return "{…}"
        parts, used = [], 0
        for k, v in value.items():
            p = f"{_bounded_repr(k, budget - used, depth + 1)}: {_bounded_repr(v, budget - used, depth + 1)}"
            parts.append(p)
            used += len(p) + 2
            if used >= budget:
                parts.append("…")
                break
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "<a number too large to show>"
    if isinstance(value, (str, bytes)) and len(value) > budget:
        value = value[: budget + 1]
    return repr(value)
