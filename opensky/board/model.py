"""The board model: airports, routes, countries, as the rules engine needs them.

Airports and routes are also numbered (index in ``airports`` / ``routes``) so that
the engine can work on small integers in its hot paths.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


class BoardError(ValueError):
    """A board file or board definition is unusable; the message says why."""


@dataclass(frozen=True)
class Country:
    code: str
    name: str
    color: str


@dataclass(frozen=True)
class Airport:
    code: str
    city: str
    pos: tuple[float, float]
    country: str | None = None
    #: Extra keys from the board file (names per language, lat/lon, label offsets, ...).
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Board:
    id: str
    name: str
    regional_rule: str  # "hubs" | "cross_border"
    canvas: tuple[float, float]
    airports: tuple[Airport, ...]
    routes: tuple[tuple[str, str], ...]  # each a sorted pair of codes
    countries: Mapping[str, Country] = field(default_factory=dict)
    recommended_callsigns: tuple[str, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    path: str | None = None

    def __post_init__(self) -> None:
        index = {a.code: i for i, a in enumerate(self.airports)}
        ends = tuple((index[a], index[b]) for a, b in self.routes)
        route_index: dict[tuple[str, str], int] = {}
        adj: list[list[tuple[int, int]]] = [[] for _ in self.airports]
        for r, (a, b) in enumerate(self.routes):
            route_index[(a, b)] = r
            route_index[(b, a)] = r
            i, j = ends[r]
            adj[i].append((j, r))
            adj[j].append((i, r))
        if self.regional_rule == "cross_border":
            cross = tuple(
                self.airports[i].country != self.airports[j].country for i, j in ends
            )
        else:
            cross = tuple(False for _ in ends)
        object.__setattr__(self, "airport_index", index)
        object.__setattr__(self, "route_ends", ends)
        object.__setattr__(self, "route_index", route_index)
        object.__setattr__(self, "adjacency", tuple(tuple(x) for x in adj))
        object.__setattr__(self, "cross_border", cross)

    # Derived attributes, set in __post_init__ (declared for type checkers).
    airport_index: Mapping[str, int] = field(init=False, repr=False)
    route_ends: tuple[tuple[int, int], ...] = field(init=False, repr=False)
    route_index: Mapping[tuple[str, str], int] = field(init=False, repr=False)
    adjacency: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False)
    cross_border: tuple[bool, ...] = field(init=False, repr=False)

    @property
    def uses_hubs(self) -> bool:
        return self.regional_rule == "hubs"

    @property
    def uses_cross_border(self) -> bool:
        return self.regional_rule == "cross_border"

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(a.code for a in self.airports)
