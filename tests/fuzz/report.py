"""Tables and failure reports shared by the CI tier and the bench.

Failures are grouped by ``Result.signature()`` (entry point, what went
wrong, exception type, the last frame in our code): one group is one root
cause to fix, listed with the cases that show it and how to run one again.
"""
from __future__ import annotations

from collections import defaultdict

from tests.fuzz.entries import Result

#: Failure categories counted in their own column; the rest go under "other".
COLUMNS = ("traceback", "hang", "modified-input")


def table(results: list[Result], kinds: list[str]) -> str:
    """One line per file kind: cases, clean refusals, worked, failures by type, slowest case."""
    head = (f"{'kind':9} {'cases':>6} {'refused':>8} {'worked':>7} {'traceback':>9} {'hang':>5} "
            f"{'modified':>8} {'other':>6} {'masked':>6}  slowest")
    lines = [head, "-" * len(head)]
    for kind in kinds + ["all"]:
        rs = [r for r in results if kind == "all" or r.kind == kind]
        if not rs:
            continue

        def count(cat: str) -> int:
            return sum(1 for r in rs if any(c == cat for c, _ in r.failures))
        other = sum(1 for r in rs if any(c not in COLUMNS for c, _ in r.failures))
        slow = max(rs, key=lambda r: r.seconds)
        slowest = f"{slow.seconds:.2f} s ({slow.kind}:{slow.seed} {slow.entry}/{slow.mode} {slow.family})"
        lines.append(
            f"{kind:9} {len(rs):6} {sum(r.outcome == 'refused' for r in rs):8} "
            f"{sum(r.outcome == 'worked' for r in rs):7} {count('traceback'):9} {count('hang'):5} "
            f"{count('modified-input'):8} {other:6} {sum(r.masked for r in rs):6}  {slowest}")
    return "\n".join(lines)


def groups(results: list[Result]) -> dict[str, list[Result]]:
    out: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        if r.failures:
            out[r.signature()].append(r)
    return dict(sorted(out.items(), key=lambda kv: -len(kv[1])))


def failures(results: list[Result], examples: int = 4, reproduce: str = "python bench/fuzz_files.py") -> str:
    """Every failing case, grouped by root cause, each with its description."""
    gs = groups(results)
    if not gs:
        return "no failures"
    lines = [f"{sum(len(v) for v in gs.values())} failing cases in {len(gs)} groups:"]
    for sig, rs in gs.items():
        first = rs[0]
        lines.append("")
        lines.append(f"== {len(rs)} x {sig}")
        how = sorted({f"{r.entry}/{r.mode}" for r in rs})
        cats = sorted({c for r in rs for c, _ in r.failures})
        fams = sorted({r.family for r in rs})
        lines.append(f"   via:    {', '.join(how)}; as {', '.join(cats)}; families {', '.join(fams)}")
        if first.frames:
            lines.append("   frames: " + " <- ".join(reversed(first.frames)))
        lines.append(f"   what:   {first.failures[0][0]}: {first.failures[0][1][:300]}")
        for r in rs[:examples]:
            lines.append(f"   case:   {r.label[:260]}")
        if len(rs) > examples:
            lines.append(f"   … and {len(rs) - examples} more: "
                         + ", ".join(f"{r.kind}:{r.seed}" for r in rs[examples:examples + 20]))
        lines.append(f"   again:  {reproduce} --only {first.kind}:{first.seed} --keep")
    return "\n".join(lines)


def masked(results: list[Result], limit: int = 10) -> str:
    """Refusals whose message names an internal exception type: a catch-all
    turned a bug into a refusal (not a failure, but worth a look)."""
    rs = [r for r in results if r.masked and not r.failures]
    if not rs:
        return ""
    lines = [f"{len(rs)} refusals name an internal exception (a catch-all hid a bug?):"]
    for r in rs[:limit]:
        lines.append(f"   {r.label[:200]}")
        lines.append(f"      -> {r.message[:200]}")
    return "\n".join(lines)
