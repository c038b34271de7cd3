#!/usr/bin/env python3
"""Authoring help for tutorials: play a tutorial file's story, then let
computer airlines play on to the end, and print their moves in script form
(one YAML line each, a comment at every new month) to paste into a step's
``then``.  The tutorial stays data; this only writes the quiet months.

    python tools/tutorial_autoplay.py learn/tutorials/europe.yaml [--bot easy] [--seed 3]
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from opensky.ai import make_bot  # noqa: E402
from opensky.learn import tutorial as T  # noqa: E402
from opensky.rules.constants import MONTHS  # noqa: E402
from opensky.rules.view import player_view  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--bot", default="easy", help="one bot for all, or one per seat: normal,easy")
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    shown = a.file
    data, _ = T.parse_yaml(Path(a.file).read_text(encoding="utf-8"), shown)
    t = T._parse(data, shown, a.file)
    s = t.session()
    for step in t.steps:
        for act in ((step.do,) if step.do else ()) + step.then:
            s.apply(act)
    names = a.bot.split(",")
    bots = [make_bot(names[i % len(names)], a.seed + i) for i in range(s.state.P)]
    month = None
    while not s.state.game_over:
        st = s.state
        if (st.month, st.phase) != month:
            month = (st.month, st.phase)
            print(f"      # {MONTHS[st.month]} {st.phase}")
        if st.is_chance():
            act = s.draw_chance()
        else:
            p = st.actors[0]
            act = bots[p].choose(player_view(st, p), st.legal_actions(p))
        s.apply(act)
        d = s.codec.to_dict(s.log[-1])
        print("      - {" + ", ".join(f"{k}: {json.dumps(v)}" for k, v in d.items()) + "}")
    print("      # game over:", {n: s.state.score(i)["total"] for i, n in enumerate(s.state.names)}, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
