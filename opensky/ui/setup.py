"""What a new game is made of (now in ``opensky.play.seats``, without pygame)."""
from opensky.play.seats import GameSetup, Seat

__all__ = ["GameSetup", "Seat"]
