#!/usr/bin/env python3
"""List every text the player can see that goes through the translation
function: ``tr("…")``, ``trn("…", "…")``, ``N_("…")``, button labels, choice
options, tooltips and placeholders in opensky/, the extra keys of
opensky/i18n.py, the country names of the shipped boards, and the texts of
the shipped tutorials and puzzles (learn/).

    python tools/i18n_keys.py            # the keys, one per line (plural keys marked)
    python tools/i18n_keys.py --check    # report keys missing or untranslated in sv / pt
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WIDGETS = {"Button", "TextField", "Choice"}
KWARGS = {"tooltip", "placeholder", "label"}


def _lit(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # implicit "a" "b" is a Constant already
        a, b = _lit(node.left), _lit(node.right)
        if a is not None and b is not None:
            return a + b
    return None


def keys() -> tuple[set[str], dict[str, str]]:
    """(simple keys, plural keys: other -> one)."""
    simple: set[str] = set()
    plural: dict[str, str] = {}
    for path in sorted((ROOT / "opensky").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            if name in ("tr", "N_") and node.args:
                k = _lit(node.args[0])
                if k:
                    simple.add(k)
            elif name == "trn" and len(node.args) >= 2:
                one, other = _lit(node.args[0]), _lit(node.args[1])
                if one and other:
                    plural[other] = one
            elif name in WIDGETS:
                if node.args and _lit(node.args[0]) and name == "Button":
                    simple.add(_lit(node.args[0]))  # type: ignore[arg-type]
                if name == "Choice" and node.args and isinstance(node.args[0], (ast.List, ast.Tuple)):
                    for elt in node.args[0].elts:
                        if isinstance(elt, ast.Tuple) and len(elt.elts) == 2 and _lit(elt.elts[1]):
                            simple.add(_lit(elt.elts[1]))  # type: ignore[arg-type]
            for kw in node.keywords:
                if kw.arg in KWARGS and _lit(kw.value):
                    simple.add(_lit(kw.value))  # type: ignore[arg-type]
    from opensky.i18n import EXTRA_KEYS
    simple.update(EXTRA_KEYS)
    import yaml
    for board in sorted((ROOT / "boards").glob("*.yaml")):
        data = yaml.safe_load(board.read_text(encoding="utf-8"))
        for c in (data.get("countries") or {}).values():
            if isinstance(c, dict) and isinstance(c.get("name"), str):
                simple.add(c["name"])
    simple.update(learn_texts())
    simple = {k for k in simple if re.search(r"[A-Za-z]{2}", k) and k != "OpenSky"}
    return simple, plural


def learn_texts() -> set[str]:
    """The texts of the shipped tutorials and puzzles (data files, shown through ``tr``)."""
    from opensky.learn.tutorial import load_tutorial, shipped_ids
    out: set[str] = set()
    for tid in shipped_ids():
        out.update(load_tutorial(tid).texts())
    from opensky.learn import puzzles
    out.update(puzzles.puzzle_texts())
    return out


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def check(lang: str) -> list[str]:
    """Problems of one language's catalog: missing, untranslated, broken fields."""
    import yaml
    path = ROOT / "assets" / "i18n" / f"{lang}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    same = set(data.get("_same_in_english", []) or [])
    simple, plural = keys()
    problems = []
    for k in sorted(simple):
        t = data.get(k)
        if not isinstance(t, str) or not t.strip():
            problems.append(f"{lang}: missing {k!r}")
        elif t == k and k not in same:
            problems.append(f"{lang}: not translated {k!r}")
        elif placeholders(t) != placeholders(k):
            problems.append(f"{lang}: fields differ in {k!r}: {t!r}")
    for other, one in sorted(plural.items()):
        t = data.get(other)
        if not isinstance(t, dict) or not isinstance(t.get("one"), str) or not isinstance(t.get("other"), str):
            problems.append(f"{lang}: missing plural {other!r}")
            continue
        for form, src in (("one", one), ("other", other)):
            if placeholders(t[form]) - {"n"} != placeholders(src) - {"n"}:
                problems.append(f"{lang}: fields differ in {other!r} ({form}): {t[form]!r}")
    return problems


def main() -> int:
    if "--check" in sys.argv:
        probs = check("sv") + check("pt")
        for p in probs:
            print(p)
        print(f"{len(probs)} problems")
        return 1 if probs else 0
    simple, plural = keys()
    for k in sorted(simple):
        print(k)
    for other, one in sorted(plural.items()):
        print(f"PLURAL one={one!r} other={other!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
