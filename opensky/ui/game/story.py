"""The story of one action, told step by step (issue 15).

The engine answers an action with all its events at once (a roll of the
price die gives the roll, the verdict, the planes flown and the next month
together), but a person must see them one after the other: the die tumbles
and settles, *then* the verdict, *then* the take-off, *then* the month's
summary.  The animator turns each event into a ``Step`` and queues it here;
a step starts when the one before it has finished.

A step is a duration plus what happens when it starts and when it ends
(each a list of callbacks), the log entries it tells (at its start or at its
end) and the sound it plays as it starts.  ``skip`` finishes the step at
hand, so one click or Space shows its end and the next step begins.  A step
of no duration (animations off) starts and ends at once, so with the speed
set to 0 the whole story is told the moment it is queued and nothing waits.

Pure bookkeeping over ``Tween``: nothing here draws or needs pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from opensky.ui.tween import Tween

Callback = Callable[[], None]


@dataclass(eq=False)
class Step:
    """One beat of the story: ``seconds`` long (already at the speed setting)."""
    name: str
    seconds: float = 0.0
    on_start: list[Callback] = field(default_factory=list)
    on_end: list[Callback] = field(default_factory=list)
    #: log entries this step tells, at its start (``tell_at_start``) or end
    entries: list[Any] = field(default_factory=list)
    tell_at_start: bool = True
    sounds: list[str] = field(default_factory=list)
    #: a step still queued may take in another event of its kind (a tie's
    #: second winner joins the first's verdict)
    merge: bool = False
    #: the action whose events made it (a step may merge only within one)
    batch: int = 0
    tween: Tween | None = None
    started: bool = False
    finished: bool = False

    def told(self) -> bool:
        """Whether its log entries may be shown now."""
        return self.finished or (self.started and self.tell_at_start)


class Story:
    """A queue of steps, told one after the other."""

    def __init__(self, play: Callable[[str], None] | None = None) -> None:
        self.steps: list[Step] = []   # the step at hand first, then those waiting
        self.play = play or (lambda name: None)
        self.batch = 0

    def begin(self) -> None:
        """The events of a new action follow (steps merge only within one)."""
        self.batch += 1

    # ------------------------------------------------------------ queries
    @property
    def active(self) -> bool:
        """Something is still to be told (the decision at hand waits)."""
        return bool(self.steps)

    @property
    def current(self) -> Step | None:
        return self.steps[0] if self.steps else None

    def at(self, name: str) -> bool:
        """Whether the step at hand is called ``name``."""
        return bool(self.steps) and self.steps[0].name == name

    def pending(self, name: str) -> bool:
        """Whether a step called ``name`` is still to come or under way."""
        return any(s.name == name for s in self.steps)

    def first_untold(self) -> Any | None:
        """The first log entry not told yet (None: all told)."""
        for s in self.steps:
            if s.entries and not s.told():
                return s.entries[0]
        return None

    def last(self) -> Step | None:
        return self.steps[-1] if self.steps else None

    # ------------------------------------------------------------ telling
    def add(self, step: Step) -> Step:
        """Queue ``step``; the last step, if it has the same name, takes
        merges and comes from the same action, swallows it instead (a step
        under way runs the newcomer's start at once).  With nothing under way
        the step starts now."""
        step.batch = self.batch
        last = self.last()
        if (step.merge and last is not None and last.name == step.name and last.merge
                and last.batch == step.batch):
            last.on_end += step.on_end
            last.entries += step.entries
            if last.started:
                for name in step.sounds:
                    if name not in last.sounds:
                        self.play(name)
                for f in step.on_start:
                    f()
                if step.seconds > last.seconds and last.tween is not None:
                    last.tween.duration = step.seconds
            else:
                last.on_start += step.on_start
            last.sounds += [x for x in step.sounds if x not in last.sounds]
            last.seconds = max(last.seconds, step.seconds)
            return last
        self.steps.append(step)
        if len(self.steps) == 1:
            self._run(0.0)
        return step

    def attach(self, entry: Any) -> bool:
        """Let the last queued step tell ``entry`` too (an event with no step
        of its own, told in its place in the story); False when nothing is
        under way (the entry is told at once)."""
        last = self.last()
        if last is None or last.told():
            return False
        last.entries.append(entry)
        return True

    def update(self, dt: float) -> bool:
        """Advance time; True when a step started or ended (redraw)."""
        if not self.steps:
            return False
        return self._run(dt)

    def skip(self) -> bool:
        """Finish the step at hand (its end is shown; the next one begins)."""
        cur = self.current
        if cur is None:
            return False
        if not cur.started:
            self._start(cur)
        self._finish_current()
        self._run(0.0)
        return True

    def finish(self) -> None:
        """Tell the whole story now (every start and end, in order)."""
        while self.steps:
            self.skip()

    def clear(self) -> None:
        """Forget the story (the state was replaced): nothing more is told."""
        self.steps.clear()

    # ------------------------------------------------------------ machinery
    def _start(self, s: Step) -> None:
        s.started = True
        s.tween = Tween(s.seconds, "linear")
        for name in s.sounds:
            self.play(name)
        for f in list(s.on_start):
            f()

    def _finish_current(self) -> None:
        s = self.steps.pop(0)
        if s.tween is not None and not s.tween.done:
            s.tween.update(s.tween.duration + 1.0)
        s.finished = True
        for f in list(s.on_end):
            f()

    def _run(self, dt: float) -> bool:
        changed = False
        while self.steps:
            cur = self.steps[0]
            if not cur.started:
                self._start(cur)
                changed = True
            assert cur.tween is not None
            before = cur.tween.elapsed
            cur.tween.update(dt)
            if not cur.tween.done:
                return changed
            dt = max(0.0, dt - (cur.tween.elapsed - before))  # time left over goes to the next step
            if self.steps and self.steps[0] is cur:
                self._finish_current()
            changed = True
        return changed
