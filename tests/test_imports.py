"""No import cycles between the modules of ``opensky`` (issue 14): the layers
import downwards only (rules/board, persistence, play, ui), so any module can
be imported first and a lazy import is never a cycle in disguise.

The graph is read from the source with ``ast``: every ``import`` counts,
module level or inside a function, except those under ``if TYPE_CHECKING:``
(they never run).  Every package is checked, the AI included, and no cycle
is allowed: the screens open one another by name (``opensky.ui.screens``),
not by importing each other."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "opensky"
#: Modules the check leaves out (none: every cycle fails).
EXCLUDED: tuple[str, ...] = ()
#: Cycles known and allowed (none).
KNOWN: list[list[str]] = []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, here: str, is_package: bool, modules: set[str]) -> set[str]:
    """The opensky modules ``tree`` imports at run time."""
    out: set[str] = set()

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for a in node.names:
                m = resolve(a.name)
                if m:
                    out.add(m)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = here if is_package else here.rpartition(".")[0]
                for _ in range(node.level - 1):
                    pkg = pkg.rpartition(".")[0]
                base = f"{pkg}.{base}" if base else pkg
            for a in node.names:
                m = resolve(f"{base}.{a.name}") if f"{base}.{a.name}" in modules else resolve(base)
                if m:
                    out.add(m)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    out.discard(here)
    return out


def import_graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in ROOT.rglob("*.py")}
    modules = set(files)
    graph = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        graph[name] = _imports(tree, name, path.name == "__init__.py", modules)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def _kept(name: str) -> bool:
    return not any(name == x or name.startswith(x + ".") for x in EXCLUDED)


def test_the_graph_is_read():
    g = import_graph()
    assert "opensky.persistence.store" in g["opensky.ui.scenes.title"]
    assert "opensky.rules.state" in g["opensky.rules.session"]
    assert "opensky.ai" in g["opensky.persistence.save"]          # a lazy import counts
    assert "opensky.rules.state" not in g["opensky.rules.market"]  # a TYPE_CHECKING one does not


def test_no_import_cycles():
    g = {m: {d for d in deps if _kept(d)} for m, deps in import_graph().items() if _kept(m)}
    found = [c for c in cycles(g) if c not in KNOWN]
    assert not found, "import cycles: " + "; ".join(" ↔ ".join(c) for c in found)


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_play_layer_has_no_pygame():
    """The controller, seats and sessions run with no window (DESIGN.md,
    "Growing the shape"): importing them loads no pygame and no opensky.ui."""
    import subprocess
    import sys
    code = ("import sys, opensky.play.controller, opensky.play.seats; "
            "bad = [m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'opensky.ui'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT.parent)
    assert r.returncode == 0, r.stdout + r.stderr
