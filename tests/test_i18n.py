"""Every text a player sees is translated into Swedish and Portuguese, with the
same {fields} (issue #6).  The keys come from the code itself
(tools/i18n_keys.py), so a new untranslated text fails here."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from opensky import i18n

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("i18n_keys", ROOT / "tools" / "i18n_keys.py")
keys_tool = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
sys.modules["i18n_keys"] = keys_tool
spec.loader.exec_module(keys_tool)  # type: ignore[union-attr]


def test_there_are_many_keys():
    simple, plural = keys_tool.keys()
    assert len(simple) > 250 and len(plural) > 10


@pytest.mark.parametrize("lang", ["sv", "pt"])
def test_catalog_is_complete_and_translated(lang):
    problems = keys_tool.check(lang)
    assert not problems, "\n".join(problems[:30])


def test_tr_formats_and_falls_back():
    i18n.set_language("sv")
    try:
        assert i18n.tr("New game") != "New game"
        assert "Ann" in i18n.tr("{name}: choose your secret bid", name="Ann")
        assert i18n.tr("a text nobody translated {x}", x=1) == "a text nobody translated 1"
        one = i18n.trn("(or 1 other path)", "(or {n} other paths)", 1)
        many = i18n.trn("(or 1 other path)", "(or {n} other paths)", 2)
        # Swedish "(eller 1 annan resväg)" / "(eller 2 andra resvägar)": the
        # plural form is chosen, not just the number put in.
        assert "1" in one and "2" in many
        assert one != many.replace("2", "1"), (one, many)
    finally:
        i18n.set_language("en")


def test_city_names_follow_the_language():
    from opensky.board.loader import load_board
    b = load_board("europe")
    lis = b.airports[b.airport_index["LIS"]]
    i18n.set_language("pt")
    try:
        assert i18n.city(lis) == "Lisboa"
        assert i18n.month(0) == "Abril"
    finally:
        i18n.set_language("en")
    assert i18n.city(lis) == "Lisbon"


def test_system_language(monkeypatch):
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert i18n.system_language() == "sv"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    assert i18n.system_language() in ("en",)
