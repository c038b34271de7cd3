"""Events: what an action made happen, for the UI, the log and sounds.

The engine emits events, not sentences; the UI turns them into tweens and
translated log lines.  ``kind`` is one of the names below; ``data`` holds
engine indices (players, airports, routes, call signs) and values.
"""
from __future__ import annotations

from typing import Any, NamedTuple

CALLSIGN_PLACED = "CallsignPlaced"     # player, callsign, airport
PLANE_PLACED = "PlanePlaced"           # player, route, leased
SUBSIDY_TAKEN = "SubsidyTaken"         # player, callsign
MARKER_USED = "CrossBorderMarkerUsed"  # player, route
HUB_PLACED = "HubPlaced"               # player, airport
SEASON_STARTED = "SeasonStarted"       # season
PLANNING_DONE = "NetworkPlanned"
MONTH_STARTED = "MonthStarted"         # month, roller
DICE_ROLLED = "DiceRolled"             # player, dice
MARKET_CHOSEN = "MarketChosen"         # od, airports, stops {player: stops}
BID_SUBMITTED = "BidSubmitted"         # player (no fare: it is secret)
AUTO_PASS = "AutoPass"                 # player (valid itinerary, empty hand: R15)
BIDS_REVEALED = "BidsRevealed"         # bids {player: fare|None}, winners
FLASH_DEAL = "FlashDeal"               # player, old, new, winners
FLASH_DECLINED = "FlashDeclined"       # player
ANCILLARIES_ATTACHED = "AncillariesAttached"  # player, count, price
SENSITIVITY_ROLLED = "SensitivityRolled"      # player, roll, price, accepted
MARKET_WALKED_AWAY = "MarketWalkedAway"       # player, fare, next_winners
MARKET_WON = "MarketWon"               # player, fare, stops, chits, price, tie
NOBODY_TRAVELS = "NobodyTravels"       # reason
PLANES_FLOWN = "PlanesFlown"           # player, path, routes
LEASED = "PlanesLeased"                # player, planes, cards, change_spent, change
SEASON_RESET = "SeasonReset"           # planes: [(player, route, count)] that left the board
GAME_OVER = "GameOver"                 # winners, scores


class Event(NamedTuple):
    kind: str
    data: dict[str, Any]
