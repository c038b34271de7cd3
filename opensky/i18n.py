"""Translation: every string a player sees goes through ``tr`` (or ``trn`` for
plural forms), with named parameters.

The English text is the key (as with gettext), so the code stays readable;
``assets/i18n/sv.yaml`` and ``pt.yaml`` map each English key to its
translation (plural keys map to ``{one: ..., other: ...}``).  A test extracts
every key from the code and fails when one is missing in any language.

Switching language takes effect at once: screens render their text on every
draw, and the game log is stored as events and rendered in the current
language.
"""
from __future__ import annotations

import locale
import os
from functools import lru_cache
from typing import Any

import yaml

from opensky.paths import resource_path

LANGUAGES: dict[str, str] = {"en": "English", "sv": "Svenska", "pt": "Português"}
_current = "en"


@lru_cache(maxsize=None)
def N_(text: str) -> str:
    """Marks a text for translation where it is defined; it is translated
    where it is shown (``tr(text)``)."""
    return text


#: Texts shown through ``tr`` that are defined outside the UI code.
EXTRA_KEYS: tuple[str, ...] = (
    "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot",
    "April", "May", "June", "July", "August", "September", "October", "November", "December",
    "January", "February", "March",
    "start", "Europe", "North America",
    # Blue Skies' board (boards/usa.yaml): its name and its regions' names
    "United States", "Northeast", "Atlantic Coast", "Great Lakes", "Central", "South", "Southwest", "West",
)


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, Any]:
    """The translations of one language (empty for English, the source)."""
    if lang == "en":
        return {}
    path = resource_path("assets", "i18n", f"{lang}.yaml")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _current


def system_language() -> str:
    """The system's language if it is one of ours, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        v = os.environ.get(var, "")
        if v:
            code = v.split(":")[0][:2].lower()
            if code in LANGUAGES:
                return code
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    code = loc[:2].lower()
    return code if code in LANGUAGES else "en"


def _format(text: str, params: dict[str, Any]) -> str:
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def tr(key: str, **params: Any) -> str:
    """``key`` (English text with ``{named}`` fields) in the current language."""
    t = catalog(_current).get(key, key) if _current != "en" else key
    if not isinstance(t, str):
        t = key
    return _format(t, params)


def trn(one: str, other: str, n: int, **params: Any) -> str:
    """A text with plural forms, chosen by ``n`` (also available as ``{n}``).
    The key is the English ``other`` form."""
    params = dict(params, n=n)
    if _current != "en":
        entry = catalog(_current).get(other)
        if isinstance(entry, dict):
            form = entry.get("one" if n == 1 else "other")
            if isinstance(form, str):
                return _format(form, params)
    return _format(one if n == 1 else other, params)


def name_of(extra: Any, default: str) -> str:
    """A place or board name in the current language (``names: {sv: ..}``)."""
    if _current != "en" and isinstance(extra, dict):
        names = extra.get("names")
        name = names.get(_current) if isinstance(names, dict) else None
        if isinstance(name, str):
            return name
    return default


def city(airport: Any) -> str:
    return name_of(airport.extra, airport.city)


def month(index: int) -> str:
    from opensky.rules.constants import MONTHS
    return tr(MONTHS[index])


def month_short(index: int) -> str:
    return month(index)[:3]
