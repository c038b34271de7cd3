"""Errors raised by the rules engine."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for a person to read."""
