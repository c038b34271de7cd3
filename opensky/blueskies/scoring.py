"""End of the game and final scoring (RULES §9, B28–B30).

Final score = score + region bonuses + 3 for a player who never used the
special action (B25).  In each region the players with a value above 0 are
ranked (B28); ties split bonuses rounded down (§9, B29); with 2 players there
is no second bonus.  The highest total wins; a tie goes to fewer gates placed
(buyouts included, B6), and then the victory is shared (B30).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from opensky.blueskies.gates import gates_placed, region_values

if TYPE_CHECKING:
    from opensky.blueskies.state import BSState

#: the end bonus of a player whose income marker still shows "3" (§9, B25)
SPECIAL_BONUS = 3


def region_bonuses(values: list[int], first: int, second: int, P: int) -> dict[int, int]:
    """Bonuses in one region: player -> points (only players with a value above 0)."""
    ranked = sorted((v, q) for q, v in enumerate(values) if v > 0)
    if not ranked:
        return {}
    top = max(v for v, _ in ranked)
    firsts = [q for v, q in ranked if v == top]
    out: dict[int, int] = {}
    if len(firsts) > 1:
        share = (first // len(firsts)) if P == 2 else (first + second) // len(firsts)
        for q in firsts:
            out[q] = share
        return out
    out[firsts[0]] = first
    if P == 2:
        return out
    rest = [(v, q) for v, q in ranked if v < top]
    if rest:
        nxt = max(v for v, _ in rest)
        seconds = [q for v, q in rest if v == nxt]
        for q in seconds:
            out[q] = second // len(seconds)
    return out


def final_scores(s: "BSState") -> list[dict[str, object]]:
    """Each player's ``final`` (see headless.md): score, regions won, special bonus, total."""
    P = s.P
    values = [region_values(s, q) for q in range(P)]
    regions: list[dict[str, int]] = [{} for _ in range(P)]
    for r, region in enumerate(s.board.regions):
        got = region_bonuses([values[q][r] for q in range(P)], region.bonus[0], region.bonus[1], P)
        for q, pts in got.items():
            if pts > 0:
                regions[q][region.id] = pts
    out = []
    for q in range(P):
        bonus = 0 if s.special_used[q] else SPECIAL_BONUS
        total = s.score[q] + sum(regions[q].values()) + bonus
        out.append({"score": s.score[q], "regions": regions[q], "special_bonus": bonus, "total": total})
    return out


def winners(s: "BSState", totals: list[int]) -> list[int]:
    """The winners after the tie-break (fewer gates placed), in seat order (B30)."""
    best = max(totals)
    tied = [q for q in range(s.P) if totals[q] == best]
    fewest = min(gates_placed(s, q) for q in tied)
    return [q for q in tied if gates_placed(s, q) == fewest]
