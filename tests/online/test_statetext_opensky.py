"""OpenSky's state text kept between steps (``StateText.opensky``) is the
encoding of ``to_json`` made afresh, also when one ``StateText`` serves
tables of other names or boards in turn: the parts kept are made from
sources that leave the board and names out, so they must be forgotten."""
from __future__ import annotations

import json
import random

from opensky.online.statetext import StateText
from opensky.online.table import Table
from tests.online.loop import act_at_random

#: the standard library's own encoder (not the host's: its text is what is checked)
STDLIB = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def test_one_state_text_serves_opensky_tables_of_other_names_and_boards_in_turn() -> None:
    text = StateText()
    tables = []
    for board, names in (("europe", ["Ann", "Bo", "Cy"]), ("europe", ["Xi", "Yu", "Zo"]),
                         ("north_america", ["Ann", "Bo", "Cy"])):
        table = Table.create("opensky", board, names, remote=names, seed=3)
        table.start(fill=False)
        tables.append(table)
    rngs = [random.Random(3) for _ in tables]
    steps = 0
    for _ in range(150):
        for table, rng in zip(tables, rngs):
            table.advance()
            assert text.opensky(table.state) == STDLIB(table.state.to_json())
            steps += act_at_random(table, rng)
    assert steps > 60
