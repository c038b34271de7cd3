"""Fixed numbers of the game (RULES.md §1, §3)."""
from __future__ import annotations

CALLSIGNS: tuple[str, ...] = ("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot")
CALLSIGN_INDEX = {name: i for i, name in enumerate(CALLSIGNS)}

MONTHS: tuple[str, ...] = (
    "April", "May", "June", "July", "August", "September", "October",
    "November", "December", "January", "February", "March",
)
#: Index of October: the last month of season 1; the season reset follows it.
OCTOBER = 6
#: Index of March: the last month; the game ends after its pricing phase.
MARCH = 11

#: The distinct fare-card values, ascending; every player holds two of each.
FARES: tuple[int, ...] = (200, 250, 300, 400, 500)
FARE_INDEX = {v: i for i, v in enumerate(FARES)}
COPIES_PER_FARE = 2

PLANES_BY_PLAYERS = {2: 6, 3: 4, 4: 3}
MIN_PLAYERS, MAX_PLAYERS = 2, 4

ANCILLARY_CHITS = 3
ANCILLARY_VALUE = 100
SUBSIDY_VALUE = 50
LEASE_COST = 200
REGIONAL_MARKERS = 2

SENSITIVITY_FACES: tuple[int, ...] = (200, 300, 400, 500, 600, 700)


def season_of(month: int) -> int:
    """Season 1 is April–October, season 2 November–March (§3)."""
    return 1 if month <= OCTOBER else 2
