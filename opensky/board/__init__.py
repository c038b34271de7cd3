"""Board sides: the model, and loading/validation of board YAML files."""

from opensky.board.loader import find_board_file, known_boards, load_board, parse_board
from opensky.board.model import Airport, Board, BoardError, Country

__all__ = [
    "Airport",
    "Board",
    "Country",
    "BoardError",
    "load_board",
    "parse_board",
    "find_board_file",
    "known_boards",
]
