"""Bounded text for messages: one line, a length cap, and values shown cut
short.  A message about a bad file or a bad action must never embed the whole
offending value (a 300 MB line from a 500-byte YAML alias bomb was seen).

Pure: the rules engine uses it too.
"""
from __future__ import annotations

from typing import Any

__all__ = ["MAX_MESSAGE", "one_line", "short"]

#: Longest message a problem gives.
MAX_MESSAGE = 200


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line, cut to ``limit`` characters (with an ellipsis)."""
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 1].rstrip() + "…"


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
