"""The command line's one-line failures (below every subcommand, so none of
them imports the package that dispatches to it)."""
from __future__ import annotations

EXIT_BAD_INPUT = 2
#: A refusal is one line of at most this many characters (room for the list of
#: legal actions an illegal one is answered with; file problems keep to 200).
MAX_CLI_MESSAGE = 400


class CliError(Exception):
    """A problem to report in one line, with an exit status."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT):
        super().__init__(message)
        self.status = status
