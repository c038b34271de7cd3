"""The one reading path for user files (issue 13): regular files only, a size
cap, budgets for nesting, aliases and numbers, one short line for any problem."""
from __future__ import annotations

import gc
import os
import time

import pytest
import yaml

from opensky import userfile as U
from opensky.textlimits import one_line, short


def problem(fn, *args) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(U.FileProblem) as e:
        fn(*args)
    msg = str(e.value)
    assert "\n" not in msg and len(msg) <= U.MAX_MESSAGE, msg
    return msg


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX")
def test_special_files_are_refused_without_blocking(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    t0 = time.perf_counter()
    assert "not a regular file" in problem(U.read_bytes, fifo, "save")
    assert "not a regular file" in problem(U.read_bytes, "/dev/zero", "save")
    assert time.perf_counter() - t0 < 1
    assert "is a folder" in problem(U.read_bytes, tmp_path, "save")
    assert "no such save file" in problem(U.read_bytes, tmp_path / "none", "save")
    (tmp_path / "link").symlink_to("/dev/zero")
    assert "not a regular file" in problem(U.read_bytes, tmp_path / "link", "save")


def test_the_size_cap(tmp_path):
    p = tmp_path / "big"
    p.write_bytes(b"x" * 101)
    assert "too large" in problem(U.read_bytes, p, "save", 100)
    assert U.read_bytes(p, "save", 101) == b"x" * 101


@pytest.mark.parametrize("text, fragment", [
    ("[" * 100_000, "nested"),
    ("[" * 65 + "]" * 65, "nested more than 64"),
    ("1" * 4301, "4301 digits"),
    ('{"a": 1e999}', "too large"),
    ('[-Infinity]', "not a number"),
    ('[NaN]', "not a number"),
    ('{"a": ', "cut short"),
    ("", "empty"),
])
def test_json_budgets(text, fragment):
    assert fragment in problem(U.parse_json, text, "s.json", "save")


def test_json_within_budgets():
    assert U.parse_json('{"a": [1, 2.5, null, "x"]}', "ok") == {"a": [1, 2.5, None, "x"]}
    assert U.parse_json("[" * 64 + "]" * 64, "ok") is not None


def test_yaml_alias_bomb_is_cheap_and_cycles_refused():
    bomb = "a: &l0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]\n" for i in range(1, 12))
    t0 = time.perf_counter()
    assert "alias" in problem(U.parse_yaml, bomb, "b.yaml")
    assert time.perf_counter() - t0 < 0.5
    assert "refers to itself" in problem(U.parse_yaml, "a: &x [1, *x]\n", "c.yaml")
    data, node = U.parse_yaml("a: &x [1, 2]\nb: *x\n", "ok.yaml")
    assert data == {"a": [1, 2], "b": [1, 2]} and node is not None


def test_messages_show_values_cut_short():
    loop: list = [1]
    loop.append(loop)
    assert len(short(loop)) <= 40 and len(short("x" * 10**6)) == 40
    assert short(10 ** 5000) == "<a number too large to show>"
    assert one_line("a\nb" + "c" * 500) .startswith("a b") and len(one_line("c" * 500)) == 200


def test_compose_gives_pyyaml_s_tree_for_every_shipped_yaml():
    """Same tags, values, styles and lines as yaml.compose, so line numbers in
    messages and the board loader's reading of plain scalars do not change."""
    import glob

    import yaml

    def dump(n):  # type: ignore[no-untyped-def]
        if n is None:
            return None
        if isinstance(n, yaml.ScalarNode):
            return (n.tag, n.value, n.start_mark.line, n.start_mark.column, n.style)
        if isinstance(n, yaml.SequenceNode):
            return (n.tag, [dump(x) for x in n.value], n.start_mark.line)
        return (n.tag, [(dump(k), dump(v)) for k, v in n.value], n.start_mark.line)

    files = glob.glob("boards/*.yaml") + glob.glob("tests/**/*.yaml", recursive=True)
    assert len(files) > 20
    for f in files:
        text = open(f, encoding="utf-8").read()
        try:
            want = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            continue
        assert dump(U.compose_yaml(text, f)) == dump(want), f


def test_compose_is_quick_and_never_recurses():
    """Against pure PyYAML in the same run (a ratio: this machine's load
    slows both alike): ours reads a 100,000-item list and refuses a
    1,000,000-deep one in well under the time PyYAML needs for the list
    alone (measured on a fifth of it, times five).  The garbage collector is
    held off while both run: in a test worker it otherwise walks every object
    the earlier tests left, and charges that to whichever side allocates more."""
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        data, _ = U.parse_yaml("a: [" + ", ".join(["1"] * 100_000) + "]\n", "long.yaml")
        assert len(data["a"]) == 100_000
        assert "nested more than 64" in problem(U.compose_yaml, "a: " + "[" * 1_000_000, "deep.yaml")
        ours = time.perf_counter() - t0
        t0 = time.perf_counter()
        yaml.compose("a: [" + ", ".join(["1"] * 20_000) + "]\n", Loader=yaml.SafeLoader)
        pure = (time.perf_counter() - t0) * 5
    finally:
        gc.enable()
    print(f"ours {ours:.2f} s, pure PyYAML {pure:.2f} s")
    assert ours < 0.8 * pure, (ours, pure)


@pytest.mark.parametrize("text, fragment", [
    ("a: \x00", "not allowed"),              # the reader's own check, once an escaping exception
    ("--- a\n--- b\n", "single document"),
    ("a: *nope", "undefined alias"),
    ("a: &x 1\nb: &x 2\n", "defined twice"),
    ("a: [1, 2", "YAML"),
])
def test_compose_problems(text, fragment):
    assert fragment in problem(U.compose_yaml, text, "b.yaml")


@pytest.mark.parametrize("text, fragment", [
    ("a: 1\nb: !!float abc\n", "b.yaml:2: 'abc' cannot be read as !!float"),
    ("a: !!timestamp 2026-99-99\n", "b.yaml:1: '2026-99-99' cannot be read as !!timestamp"),
])
def test_a_value_its_tag_cannot_read_names_its_line(text, fragment):
    assert problem(U.parse_yaml, text, "b.yaml").startswith(fragment)
