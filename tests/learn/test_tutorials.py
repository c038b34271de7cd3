"""The shipped tutorials, played headless through the engine (issue 16).

Each step's taught move must be legal when the step comes and the only move
the tutorial accepts (every other legal move gets a gentle word and changes
nothing); the story must reach the end of the game, and it must tell what
the issue asks, in that order.  A tutorial file is hostile like any script:
each way it can be wrong is one clear line naming the file and the step."""
from __future__ import annotations

import pytest

from opensky.learn.check import check_all, play_through
from opensky.learn.lesson import AUTO, DO, END, READ, Lesson
from opensky.learn.tutorial import TutorialError, check_story, load_tutorial, shipped_ids
from opensky.play.tutorial import TutorialController
from opensky.rules import events as E

EUROPE = "learn/tutorials/europe.yaml"


def test_both_sides_ship_a_tutorial():
    assert shipped_ids()[:1] == ["europe"]
    assert set(shipped_ids()) >= {"europe", "north_america"}


@pytest.mark.parametrize("tid", ["europe", "north_america"])
def test_every_step_teaches_one_legal_move_and_the_story_ends(tid):
    t = load_tutorial(tid)
    assert play_through(t, every_refusal=True) == []
    assert sum(1 for s in t.steps if s.do is not None) >= 20  # played, not watched


def test_check_all_finds_nothing_in_the_shipped_files():
    assert check_all(every_refusal=False) == []


def _story(tid):
    """(kind, event) of every event of the whole story, in order; a reveal
    comes with the bidders' stops (``(kind, (event, stops))``)."""
    session = check_story(load_tutorial(tid))
    out = []
    for i, r in enumerate(session.records):
        for e in r.events:
            if e.kind == E.BIDS_REVEALED:
                out.append((e.kind, (e, session.fork(i + 1).state.stops)))
            else:
                out.append((e.kind, e))
    return out


def _first(story, pred):
    return next(i for i, (k, e) in enumerate(story) if pred(k, e))


@pytest.mark.parametrize("tid", ["europe", "north_america"])
def test_the_story_covers_the_lessons_in_order(tid):
    t = load_tutorial(tid)
    me = t.human
    story = _story(tid)
    subsidy = _first(story, lambda k, e: k == E.SUBSIDY_TAKEN and e.player == me)
    regional = _first(story, lambda k, e: k == (E.HUB_PLACED if tid == "europe" else E.MARKER_USED)
                      and e.player == me)
    dice = _first(story, lambda k, e: k == E.DICE_ROLLED)
    won = _first(story, lambda k, e: k == E.MARKET_WON and e.player == me and not e.tie)
    reveal_one_stop = _first(story, lambda k, e: k == E.BIDS_REVEALED and i_one_stop_leads(e, me))
    flash = _first(story, lambda k, e: k == E.FLASH_DEAL and e.player == me)
    walk = _first(story, lambda k, e: k == E.MARKET_WALKED_AWAY)
    tie = _first(story, lambda k, e: k == E.MARKET_WON and e.tie)
    lease = _first(story, lambda k, e: k == E.LEASED and e.player == me and e.planes > 0 and e.change > 0)
    reset = _first(story, lambda k, e: k == E.SEASON_RESET)
    over = _first(story, lambda k, e: k == E.GAME_OVER)
    assert subsidy < regional < dice < won < reveal_one_stop <= flash < walk < tie < lease < reset < over
    # a chit the passengers refused, and the next best bid won
    assert any(k == E.SENSITIVITY_ROLLED and e.player == me and not e.accepted for k, e in story)
    after_walk = [e for k, e in story[walk:] if k == E.MARKET_WON][0]
    assert after_walk.player != me
    # leasing with change: the payment was more than the cost
    session = check_story(load_tutorial(tid))
    assert any(r.action.type == "lease" and r.action.player == me and r.action.arg[0] > 0
               and sum(r.action.arg[1]) > 200 * r.action.arg[0] for r in session.records)
    # the person's airline wins the game the tutorial tells
    assert session.state.final_winners() == [me]


def i_one_stop_leads(ev, me) -> bool:
    """At this reveal a rival's one-stop beats the person's nonstop at half its fare."""
    e, stops = ev
    bids = dict(e.bids)
    if bids.get(me) is None or stops[me] != 0 or me in e.winners:
        return False
    return any(q != me and f is not None and stops[q] == 1 and f * 2 <= bids[me] and q in e.winners
               for q, f in bids.items())


def test_another_move_gets_a_gentle_word_and_changes_nothing():
    t = load_tutorial("europe")
    ctl = TutorialController(t, keep_progress=False)
    lesson = ctl.lesson
    assert lesson.moment == READ
    assert "Continue" in ctl.try_apply(ctl.state.legal_actions(0)[0])
    ctl.proceed()
    assert lesson.moment == DO and lesson.index == 1
    want = lesson.expected()
    other = next(a for a in ctl.state.legal_actions(0) if a != want)
    word = ctl.try_apply(other)
    assert "arrow" in word and "CDG–LHR" in word
    assert ctl.session.log == [] and lesson.index == 1
    assert ctl.refusal(other) == word
    assert not ctl.can_undo() and not ctl.undo()
    assert ctl.try_apply(want) is None
    assert len(ctl.session.log) == 1 and lesson.index == 2


def test_the_computers_moves_come_from_the_story_one_at_a_time():
    t = load_tutorial("europe")
    i = next(k for k, s in enumerate(t.steps) if len(s.then) >= 6)
    ctl = TutorialController(t, i, keep_progress=False)
    assert ctl.computer_to_move() is None       # nothing before Continue
    ctl.proceed()
    assert ctl.lesson.moment == AUTO and ctl.waiting_humans() == []
    n = len(ctl.session.log)
    for k in range(len(t.steps[i].then)):
        assert ctl.computer_to_move() is not None
        ctl.step_computer()
        assert len(ctl.session.log) == n + k + 1
    assert ctl.lesson.index == i + 1 and ctl.computer_to_move() is None


def test_the_persons_roll_gives_the_storys_outcome():
    t = load_tutorial("europe")
    i = next(k for k, s in enumerate(t.steps) if s.do is not None and s.do.type == "roll_dice")
    ctl = TutorialController(t, i, keep_progress=False)
    ctl.roll()
    assert ctl.session.log[-1] == t.steps[i].do


@pytest.mark.parametrize("k", [0, 5, 17, 30])
def test_resuming_at_a_step_is_the_game_played_to_it(k):
    t = load_tutorial("europe")
    ctl = TutorialController(t, keep_progress=False)
    while ctl.lesson.index < k:
        if ctl.lesson.moment == DO:
            ctl.try_apply(ctl.lesson.expected())
        elif ctl.lesson.moment == READ:
            ctl.proceed()
        else:
            ctl.step_computer()
    lesson, session = Lesson.resume(t, k)
    assert lesson.index == k and session.state.to_json() == ctl.state.to_json()


def test_the_lesson_ends_after_the_last_step():
    t = load_tutorial("europe")
    lesson, _ = Lesson.resume(t, len(t.steps) - 1)
    assert lesson.last and lesson.moment == READ
    lesson.proceed()
    assert lesson.finished and lesson.moment == END and lesson.expected() is None


def test_progress_keeps_the_step_and_the_end(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(tmp_path))
    from opensky.learn import progress
    t = load_tutorial("europe")
    ctl = TutorialController(t)
    ctl.proceed()
    assert progress.load().tutorials["europe"].step == 1
    ctl.try_apply(ctl.lesson.expected())
    assert progress.load().tutorials["europe"].step == 2
    end = TutorialController(t, len(t.steps) - 1)
    end.proceed()
    mark = progress.load().tutorials["europe"]
    assert mark.done and mark.step == len(t.steps)


# ---------------------------------------------------------------- hostile files
def _write(tmp_path, text: str, name: str = "t.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


HEAD = """id: x
title: "A test"
board: europe
players: [Nordwind, Sunway]
human: Nordwind
callsigns: {Alpha: LHR, Bravo: CDG, Charlie: FRA, Delta: MAD, Echo: FCO, Foxtrot: ARN}
"""


@pytest.mark.parametrize("body, words", [
    ("- 1\n- 2\n", "mapping"),
    (HEAD + "steps: []\n", "'steps'"),
    (HEAD + "steps:\n  - {say: hi, colour: red}\n", "unknown key"),
    (HEAD + "steps:\n  - {say: hi, do: {type: place_plane, player: Nordwind, route: [LHR, XXX]}}\n", "step 1"),
    (HEAD + "steps:\n  - {say: hi, do: {type: place_plane, player: Sunway, route: [LHR, CDG]}}\n", "Nordwind's"),
    (HEAD + "steps:\n  - {say: hi, do: {type: place_hub, player: Nordwind, airport: FRA}}\n", "not legal"),
    (HEAD + "steps:\n  - {say: hi, expect: {month: May}}\n", "month"),
    (HEAD + "steps:\n  - {say: hi, point: {route: [LHR, ATH]}}\n", "no route"),
    (HEAD + "steps:\n  - {say: hi}\n", "ends before the game"),
    (HEAD.replace("human: Nordwind", "human: Bo") + "steps:\n  - {say: hi}\n", "'human'"),
    (HEAD + "steps:\n  - {say: hi, then: [{type: roll_dice, player: Nordwind}]}\n", "outcome"),
    ("a: [" * 300 + "]" * 300, "t.yaml"),
    ("a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b]\n"
     "d: &d [*c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d]\n"
     "f: [*e, *e, *e, *e, *e, *e, *e, *e]\n", "t.yaml"),
    ("\xff\xfe", "t.yaml"),
])
def test_a_bad_tutorial_file_is_one_clear_line(tmp_path, body, words):
    path = _write(tmp_path, body)
    with pytest.raises(TutorialError) as e:
        load_tutorial(path)
    msg = str(e.value)
    assert "\n" not in msg and len(msg) < 400 and words in msg, msg
    assert "t.yaml" in msg


def test_a_folder_or_a_missing_file_is_refused(tmp_path):
    (tmp_path / "d.yaml").mkdir()
    for p in (tmp_path / "d.yaml", tmp_path / "nothing.yaml"):
        with pytest.raises(TutorialError):
            load_tutorial(str(p))


def test_the_command_checks_everything(capsys):
    from opensky.cli import main
    assert main(["tutorial", "--check"]) == 0
    out = capsys.readouterr().out
    assert "tutorials: 2" in out and "puzzles: 10" in out


def test_the_command_refuses_an_unknown_tutorial(capsys):
    from opensky.cli import main
    assert main(["tutorial", "atlantis"]) == 2
    err = capsys.readouterr().err
    assert "atlantis" in err and "Traceback" not in err
