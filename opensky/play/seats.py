"""Who plays a game and on what: the seats (one record, the same a save
keeps) and the setup of a new game (board side, call signs, seed)."""
from __future__ import annotations

from dataclasses import dataclass, field

from opensky.persistence.save import LoadedGame, Seat

#: (name, colour key, emblem) of the four default airlines; the screen's
#: palette (``opensky.ui.theme``) turns colour keys into pixels.
DEFAULT_SEATS: tuple[tuple[str, str, str], ...] = (
    ("Nordwind", "navy", "circle"),
    ("Sunway", "orange", "triangle"),
    ("Skylark", "sky", "square"),
    ("Terra Air", "brown", "diamond"),
    ("Polaris", "violet", "star"),   # Blue Skies' fifth airline (OpenSky seats four)
)

#: The games a setup can be for (``GameSetup.game``); a Blue Skies board says
#: ``game: blue_skies`` (``opensky.blueskies.board.BLUE_SKIES``).
OPENSKY = "opensky"
BLUE_SKIES = "blue_skies"
GAMES = (OPENSKY, BLUE_SKIES)
#: the most seats of each game
MAX_SEATS = {OPENSKY: 4, BLUE_SKIES: 5}


@dataclass
class GameSetup:
    """What a new game is made of: the game, seats, board side, call signs
    (OpenSky only), seed."""

    board: str = "europe"
    seats: list[Seat] = field(default_factory=list)
    callsigns: str = "recommended"   # recommended | random | players
    seed: int | None = None
    game: str = OPENSKY

    @classmethod
    def default(cls, players: int = 2) -> GameSetup:
        """The default airlines; the first seat is a person, the rest computers."""
        seats = [Seat(n, c, s, human=(i == 0)) for i, (n, c, s) in enumerate(DEFAULT_SEATS[:players])]
        return cls(seats=seats)

    @classmethod
    def from_loaded(cls, loaded: LoadedGame, board_ref: str) -> GameSetup:
        """The setup of a saved game (its seats as the save keeps them)."""
        seats = [Seat(s.name, s.color, s.shape, s.human, s.bot) for s in loaded.seats]
        return cls(board=board_ref, seats=seats, callsigns="recommended", seed=loaded.session.seed)


__all__ = ["BLUE_SKIES", "DEFAULT_SEATS", "GAMES", "GameSetup", "MAX_SEATS", "OPENSKY", "Seat"]
