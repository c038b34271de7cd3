"""Whatever the input, loading a board gives a Board or one BoardError line, never a traceback."""
from __future__ import annotations

import copy
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from opensky.board import Board, BoardError, parse_board

from .test_loader import CROSS, HUBS

FUZZ = settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def check(text: str) -> None:
    try:
        board = parse_board(text, "fuzz.yaml")
    except BoardError as exc:
        message = str(exc)
        assert "\n" not in message and "\r" not in message, message
        assert message.startswith("fuzz.yaml:") or message.startswith("fuzz.yaml "), message
        assert "internal error" not in message, message
    else:
        assert isinstance(board, Board)
        assert len(board.airports) >= 6


@FUZZ
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    check(text)


@FUZZ
@given(st.sampled_from([HUBS, CROSS]), st.data())
def test_mutated_valid_board(base: str, data: st.DataObject) -> None:
    """Cut, duplicate or overwrite pieces of a valid board."""
    text = base
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 20)))
        piece = data.draw(
            st.one_of(
                st.just(""),
                st.just(text[i:j] * 2),
                st.sampled_from(["[", "]", "{", "}", ":", "- ", "\n", "\t", "#", "&a", "*a", "!!", "'", '"', ",", "~", "<<: "]),
                st.text(max_size=5),
            )
        )
        text = text[:i] + piece + text[j:]
    check(text)


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**500), max_value=10**500),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["AAA", "BBB", "NO", "hubs", "cross_border", "#00ff00", "", " "]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["code", "city", "pos", "country", "name", "color", "x"]), inner, max_size=4),
    ),
    max_leaves=12,
)

BASE_DATA: dict[str, Any] = yaml.safe_load(HUBS)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    result = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            result += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            result += _paths(v, prefix + (i,))
    return result


PATHS = _paths(BASE_DATA)[1:]


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(PATHS), values, st.booleans()), min_size=1, max_size=3))
def test_wrong_types_anywhere(changes: list[tuple[tuple[Any, ...], Any, bool]]) -> None:
    """Replace or delete any part of a valid board's data with values of any type."""
    data = copy.deepcopy(BASE_DATA)
    for path, value, delete in changes:
        parent: Any = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            if delete:
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        text = yaml.safe_dump(data, allow_unicode=True, default_flow_style=None, sort_keys=False)
    except yaml.YAMLError:
        return
    check(text)
