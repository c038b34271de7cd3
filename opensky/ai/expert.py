"""The Expert computer airline: determinized Monte Carlo search over Normal.

Expert starts from Normal's choice and looks for a better one by simulation:

* **Candidates.**  Bids (Normal's equilibrium support and its best replies
  to the rivals' mixes), O&D, flash deals, itineraries, one lease payment
  per number of planes: the legal choices.  Chits: the counts whose price
  the die can accept and whose immediate expected points are within
  ``CHIT_SLACK`` of the best (rollouts of one market's planes are too few to
  justify gambling a sure fare away).  The leases for the last markets
  (February's, for February and March, and March's alone) are Normal's.  The network (placements, hubs) is planned by
  Normal, except the first seat's first placements of a season with the
  printed boards' recommended call signs: there Expert plays the book
  (``opensky.ai.openings``), worked out offline by thousands of played-out
  seasons, where the model sees several placements as equal and Normal
  picks one at random (2-player Europe: about 190 points of the first
  season's margin).  Measured, and left as options for experiments: a search of
  placements by rollouts (``search="all"``) did not beat Normal's plan at
  any affordable budget (the luck of the dice drowns the difference; each
  candidate was then completed once, and the completion's own luck counted
  as the candidate's: the completion is now drawn anew in every rollout);
  planning with the whole planning phase in view (``plan_ahead=6``,
  ``opensky.ai.planahead``: Normal's best few, each completed by Normal for
  every airline and valued by the model) won 65.5% of 200 games against
  Normal (seed 11) but 58.8% of 400 in ``bench_ai`` (58.1% without) and
  32.1% of 200 4-player games (31.7% without), and its networks left more
  planes to lease for the last two markets (54 of 304 offers, 9 without).
* **Call signs** where the players place them (R1): each airport played
  out to the first season's networks (``opensky.ai.callsigns``), in
  Normal's order until the clock runs out.
* **Hidden information.**  The only secret is an unrevealed bid (§11).  Each
  iteration *determinizes* the view: every rival bid of this month —
  submitted already or still to come — is drawn from that rival's mix in the
  month's bidding game (``opensky.ai.bidding``), which is computed from
  public information only (every hand is public, with unrevealed bids back
  in it).  Expert is given a view, and a view has no rival bid in it; the
  sampled bids are written only by ``opensky.rules.view.determinize``.
* **Rollouts.**  The rest of the season is played by Normal's month policy
  made cheap (``opensky.ai.lite``; it never peeks either), the dice drawn
  from the engine's ``chance_outcomes()`` with per-iteration random streams
  that every candidate shares (common random numbers: candidates are
  compared on the same luck).  A rollout
  started in the first season stops at its end and scores the score margin
  with what each airline takes into the second season (``Carry``: with 2
  players each fare card still in hand by its value, the 200s most, as
  measured in Normal's games and in play; unused chits and the flash
  token); in the second season it plays to
  the end and scores the win and the margin.
* **Horizon.**  ``horizon`` months cut a rollout short, the model valuing
  the months left (``evaluate``'s ``ahead``).  Off by default: at 2 months
  Expert won 61.3% of 200 games against Normal, no better than full
  rollouts (61%), so the season is played out.
* **Choice.**  The candidate with the best mean replaces Normal's choice only
  when the paired difference is more than ``z`` standard errors (0.75; 0.5
  in 4-player games, where deviating more readily paid): Expert deviates
  from the heuristic where the simulation clearly says so.
* **Stratified draws.**  In 2-player games the chance that most divides a
  search's candidates is drawn stratified over its iterations
  (``opensky.ai.choice.stratified``, a shifted van der Corput sequence: a
  search the clock cuts short is still spread over it): the price die's face
  in a chit search, the rival's bid in a bid search.  The paired test then
  takes the stratified sample's standard error.  Measured on 8 games'
  searches: the variance of a chit search's paired difference fell to
  0.2-0.35 of the plain one; a bid search's hardly (0.95-1.0: its noise is
  the rest of the season, not the rival's bid).
* **Budget.**  ``budget`` counts simulated months per decision (a rollout
  costs the months it plays), so a search costs about the same early and late
  in a season; the iterations are split evenly among the candidates, at most
  a cap each (``SEARCH_BY_PLAYERS``: 1,200 months and 400 rollouts a
  candidate in 2-player games, else ``DEFAULT_BUDGET`` and ``MAX_ITER``).
  ``time_limit`` (0.85 s) cuts a search short: on this machine it cuts the
  searches of a season's first months, which have the longest rollouts and
  the most candidates, and only there does the choice depend on the clock;
  the others end on the budget and are deterministic for a seed.  About
  0.06 s (median) and 0.89 s (95th percentile) per 2-player decision on this
  machine with both cores busy (``bench/bench_ai.py``).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from opensky.ai.base import Bot
from opensky.ai.callsigns import place_callsign
from opensky.ai.choice import decide, stratified
from opensky.ai.chance import chance_at, sample_chance
from opensky.rules.view import determinize, hidden_bidders
from opensky.ai.lite import Lite, Markets
from opensky.ai.model import Model, season_end
from opensky.ai.normal import NormalBot, bids_on_table, market_for, normal_lease_payment
from opensky.ai.openings import book_move
from opensky.ai.planahead import play_setup
from opensky.rules.actions import (
    ANCILLARIES, BID, CHOOSE_OD, LEASE, PLACE_CALLSIGN, PLACE_HUB, PLACE_PLANE, ROLL_DICE, Action,
)
from opensky.rules.constants import FARE_INDEX, MARCH, OCTOBER
from opensky.rules.state import GameState

Mix = list[tuple[int | None, float]]

#: simulated months per decision (a rollout of the rest of a season costs its months)
DEFAULT_BUDGET = 600
#: the most paired rollouts of a candidate in one search
MAX_ITER = 200
#: (budget, most rollouts a candidate) by number of players, before the defaults.
#: 2 players: twice the budget and the cap, the same 0.85 s clock (the clock still
#: cuts the season's first searches; the searches of the months after them, which
#: ended on the budget well inside the second, get about twice the rollouts):
#: 72.1% and 68.2% of 400 games against Normal on the seeds of record, 69.2% and
#: 69.4% at 600, the same mean margins, p95 unchanged at the clock's cut; 68.4%
#: on a third seed, 69.6% of 1,200 (bench/results/bench_ai-2026-12-07-budget.txt).
#: 4 players at 1,200 and 400: 34.8% of 800 games against 35.1% at 600 on the
#: same seeds, p95 up 30 ms (bench/results/bench_ai-2026-12-07-stratified.txt),
#: so 3 and 4 players keep the budget their lines were measured with
SEARCH_BY_PLAYERS: dict[int, tuple[int, int]] = {2: (1200, 400)}
#: player counts whose searches stratify the chance that most divides their
#: candidates (``STRATIFY_BID``, ``STRATIFY_DIE``; ``opensky.ai.choice.stratified``)
STRATIFIED: frozenset[int] = frozenset({2})
#: a bid search with one rival bidding: each iteration's draw fixes its bid
STRATIFY_BID = "bid"
#: a chit search: each iteration's draw fixes the price die's face
STRATIFY_DIE = "die"
#: ``_rollout``'s key of the price die's stratified draw (the others are players)
_DIE = -1
#: the decisions searched by default: every decision of the months (Normal plans
#: the network: rollouts too few to tell placements apart only added noise),
#: and the call signs where the players place them (``opensky.ai.callsigns``)
MONTHLY = "bid+flash+ancillaries+choose_od+choose_itinerary+lease"
SEARCHED = f"{MONTHLY}+{PLACE_CALLSIGN}"
#: how far below the best immediate expected points a searched chit count may be
CHIT_SLACK = 60.0


@dataclass(frozen=True)
class Carry:
    """What an airline takes from the first season into the second, in
    points of the second season's margin (``evaluate``)."""

    card: float = 0.0    #: each fare card in hand
    chit: float = 15.0   #: each ancillary chit unused
    flash: float = 30.0  #: the flash-deal token unused
    #: each fare card in hand by its value (``FARES`` order), in place of ``card``
    fares: tuple[float, ...] | None = None

    def cards(self, hand: Sequence[int]) -> float:
        """What a hand (counts in ``FARES`` order) carries."""
        if self.fares is None:
            return self.card * sum(hand)
        return sum(v * n for v, n in zip(self.fares, hand))


#: 3 and 4 players: a little for what is unused (1,500 4-player Normal games: a card in
#: hand worth nothing in 4-player second seasons, the flash token about 45)
CARRY = Carry()
#: by number of players.  2 players: a card in hand at the start of the second
#: season is worth about 30-45 points of its margin (a regression over 4,400
#: Normal-vs-Normal games: 44.5 +- 5.9 a card; 29.7 +- 5.7 with the seat held
#: fixed), a chit about 22, the flash token about 15: the airline that spent
#: its hand in the first season has fewer bids left for the second.  Measured
#: in play (bench/results/ai_duel-2026-12-06-carry.txt): these values won
#: 62.8% of 400 games against Normal, the old ones 60.6% on the same seeds
#: (mean margin +104 against +64)
CARRY_BY_PLAYERS: dict[int, Carry] = {2: Carry(card=45.0, chit=22.0, flash=14.0)}
#: by number of players and board side, before ``CARRY_BY_PLAYERS``.  2 players:
#: a card counts by its value (``bench/carry.py --by-fare``, 6,000 Normal games a
#: side, the score lead as a control: Europe 200 +94 +- 8, 250 +24 +- 24, 300 -4,
#: 400 -24 +- 16, 500 -22 +- 16; North America 200 +29 +- 11, the rest within
#: noise of 0): the low cards win the second season's contested markets, a
#: high card kept only scores where the airline flies alone, and it can be
#: won there as well in the first.  In play 67.0% of 400 games against Normal,
#: 64.6% with 45 a card on the same seeds (bench/results/bench_ai-2026-12-06-fares.txt)
CARRY_BY_SETUP: dict[tuple[int, str], Carry] = {
    (2, "europe"): Carry(chit=22.0, flash=14.0, fares=(90.0, 25.0, 0.0, 0.0, 0.0)),
    (2, "north_america"): Carry(chit=22.0, flash=14.0, fares=(30.0, 0.0, 5.0, 0.0, 0.0)),
}


#: how many standard errors of the paired difference a candidate must be
#: ahead of Normal's choice to replace it
Z = 0.75
#: by number of players.  4 players: deviating more readily paid (ai_duel, 200
#: 4-player games, seed 31: z 0.5 won 34.2%, 0.75 30.7%, 1.1 31.8%)
Z_BY_PLAYERS: dict[int, float] = {4: 0.5}


def normal_mix(strat: Sequence[float], acts: Sequence[int | None], min_prob: float) -> Mix:
    """Normal's bid distribution: its equilibrium mix without rare actions."""
    keep = [(a, p) for a, p in zip(acts, strat) if p >= min_prob]
    if not keep:
        i = max(range(len(strat)), key=lambda j: strat[j])
        keep = [(acts[i], 1.0)]
    tot = sum(p for _, p in keep)
    return [(a, p / tot) for a, p in keep]


def _sample(mix: Mix, rng: random.Random) -> int | None:
    return _pick(mix, rng.random())


def _pick(mix: Mix, x: float) -> int | None:
    """The bid at ``x`` (uniform in [0, 1)) of the mix's distribution function."""
    for a, p in mix:
        x -= p
        if x <= 0:
            return a
    return mix[-1][0]


class ExpertBot(Bot):
    """Search over Normal (see the module docstring)."""

    name = "expert"
    slow = True  # a search: a window runs it off the drawing path

    def __init__(self, seed: int = 0, budget: int | None = None, time_limit: float = 0.85,
                 top_k: int = 5, search: str = SEARCHED, rollout_iters: int = 50, z: float | None = None,
                 exact_od: int = 1, bid_top: int = 2, min_iter: int = 6, horizon: int = 0,
                 plan_ahead: int = 0, card: float | None = None, chit: float | None = None,
                 flash: float | None = None, openings: int = 1):
        super().__init__(seed)
        #: play the book's first placements of a season (``opensky.ai.openings``)
        self.openings = bool(openings)
        #: what the first season's rollouts count of what each airline takes
        #: into the second (None: ``CARRY_BY_SETUP``, else ``CARRY_BY_PLAYERS``;
        #: a value given: that, the others from ``CARRY``)
        self.carry: Carry | None = None
        if card is not None or chit is not None or flash is not None:
            d = CARRY
            self.carry = Carry(card=d.card if card is None else card, chit=d.chit if chit is None else chit,
                               flash=d.flash if flash is None else flash)
        #: months a rollout plays before the model values the rest (0: to the season's end)
        self.horizon = horizon
        #: decision types searched ("all", or names joined by "+"); Normal takes the rest
        self.search = None if search == "all" else set(search.split("+"))
        self.rollout_iters = rollout_iters
        self.min_iter = min_iter
        #: how many standard errors a candidate must beat Normal's choice by (None: ``Z_BY_PLAYERS``)
        self.z = z
        self.exact_od = bool(exact_od)
        self.bid_top = bid_top
        #: simulated months per decision (None: ``SEARCH_BY_PLAYERS``, else ``DEFAULT_BUDGET``)
        self.budget = budget
        self.time_limit = time_limit
        self.top_k = top_k
        #: Normal's choices, the default of every search (``plan_ahead``: it
        #: plans the network with the whole planning phase in view, an option)
        self.normal = NormalBot(seed ^ 0x5EED, plan_ahead=plan_ahead)
        #: statistics of the last search (for tests and benchmarks)
        self.last: dict[str, object] = {}

    # ------------------------------------------------------------ entry
    def choose(self, view: GameState, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        t = legal[0].type
        p = legal[0].player
        assert p is not None
        if t == PLACE_PLANE and self.openings:
            book = book_move(view, legal)
            if book is not None:
                return book
        if t in (PLACE_PLANE, PLACE_HUB):
            if self.search is not None and t not in self.search:
                return self.normal.choose(view, legal)
            return self._search_planning(view, p, legal)
        mine = self.normal.choose(view, legal)  # Normal's choice: the default
        if self.search is not None and t not in self.search:
            return mine
        if t == PLACE_CALLSIGN:
            return self._place_callsign(view, p, legal)
        if t == LEASE:
            if season_end(view.month) - view.month <= 1 and view.month > OCTOBER:
                # planes for the last markets only (the marker has moved on, §7:
                # February's lease flies two, March's one): the rollouts' few
                # samples of so few markets overrate a 200-point gamble; Normal weighs it
                return mine
            cands = self._lease_candidates(view, p, legal)
            cands = [mine if a.arg[0] == mine.arg[0] else a for a in cands]
            completer = self.normal

            def place(s: GameState) -> None:
                # the leased planes go where Normal would put them
                while s.decision == PLACE_PLANE and s.actors == (p,):
                    s.apply(completer.choose(s, s.legal_actions(p)))
            return self._search(view, p, cands, prepare=place, default=cands.index(mine))
        cands = list(legal)
        default = cands.index(mine)
        if t == BID:
            mk = market_for(view, p, self.normal.prm)
            strat = mk.solve(self.normal.fp_iters)
            mixes = {q: normal_mix(strat[b], mk.actions[b], self.normal.min_prob)
                     for b, q in enumerate(mk.bidders) if q != p}
            if self.bid_top and p in mk.bidders:
                # Normal's support, and the best replies to the rivals' mixes
                b = mk.bidders.index(p)
                vals = mk.action_values(strat, p)
                keep = {i for i, pr in enumerate(strat[b]) if pr >= 0.05}
                keep |= set(sorted(range(len(vals)), key=lambda i: (-vals[i], i))[:self.bid_top])
                fares = {mk.actions[b][i] for i in keep} | {mine.arg}
                cands = [a for a in cands if a.arg in fares]
                default = cands.index(mine)
            strat_bid = STRATIFY_BID if view.P in STRATIFIED and len(mixes) == 1 else ""
            return self._search(view, p, cands, mixes=mixes, default=default, stratify=strat_bid)
        if t == ANCILLARIES:
            cands, default = self._chit_candidates(view, p, legal, mine)
            return self._search(view, p, cands, default=default,
                                stratify=STRATIFY_DIE if view.P in STRATIFIED else "")
        if t == CHOOSE_OD:
            per: list[dict[int, Mix] | None] = []
            for a in cands:
                s = view.copy()
                s.apply(a)
                per.append(self._month_mixes(s) if s.decision == BID and s.month == view.month else None)
            return self._search(view, p, cands, mixes_per=per, default=default)
        return self._search(view, p, cands, default=default)

    # ------------------------------------------------------------ candidates
    def _lease_candidates(self, v: GameState, p: int, legal: Sequence[Action]) -> list[Action]:
        """One payment per number of planes: the one Normal would choose."""
        by_k: dict[int, list[Action]] = {}
        for a in legal:
            by_k.setdefault(a.arg[0], []).append(a)
        return [acts[0] if k == 0 else normal_lease_payment(v, p, acts) for k, acts in sorted(by_k.items())]

    def _chit_candidates(self, v: GameState, p: int, legal: Sequence[Action],
                         mine: Action) -> tuple[list[Action], int]:
        """The chit counts worth searching, and the default among them: a
        price the die can accept, and no more than ``CHIT_SLACK`` below the
        best in immediate expected points (the fares and chits at stake now,
        the planes not counted).  The default is Normal's choice if it is
        one of them, else the best now."""
        mk = market_for(v, p, self.normal.prm)
        now = mk.chit_values(bids_on_table(v), p, weight=0.0)
        top = max(now)
        keep = [a for a in legal if a.arg < len(now) and now[a.arg] >= top - CHIT_SLACK]
        if mine in keep:
            return keep, keep.index(mine)
        best = max(range(len(keep)), key=lambda i: now[keep[i].arg])
        return keep, best

    def _place_callsign(self, v: GameState, p: int, legal: Sequence[Action]) -> Action:
        """Each airport played out to the networks it leads to (``opensky.ai.callsigns``),
        in the order of Normal's heuristic, until the clock runs out."""
        start = time.perf_counter()
        heur = self.normal.callsign_values(v, legal)
        order = sorted(range(len(legal)), key=lambda i: (-heur[i], i))
        seed = self.rng.getrandbits(32)
        deadline = start + self.time_limit
        i, vals = place_callsign(v, legal, p, order, lambda: NormalBot(seed),
                                 lambda: time.perf_counter() > deadline)
        self.last = {"candidates": list(legal), "means": vals, "choice": i,
                     "iterations": sum(x is not None for x in vals), "seconds": time.perf_counter() - start}
        return legal[i]

    def _search_planning(self, v: GameState, p: int, legal: Sequence[Action]) -> Action:
        t = legal[0].type
        if t == PLACE_PLANE:
            vals = self.normal.placement_values(v, p, [a.arg for a in legal])
        else:
            vals = [self._hub_value(v, p, a.arg) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: -vals[i])
        # Normal's best few, without those far behind its best
        best = vals[order[0]]
        cands = [legal[i] for i in order[:self.top_k] if vals[i] >= best - 150.0]
        if len(cands) == 1:
            return cands[0]
        completer = NormalBot(0)

        def complete(s: GameState, rng: random.Random) -> None:
            # the rest of the planning phase (and hubs), by Normal for everyone
            completer.rng = rng
            play_setup(s, completer)
        return self._search(v, p, cands, complete=complete)

    def _hub_value(self, v: GameState, p: int, a: int) -> float:
        """p's value with a hub at ``a`` (and, for the first hub, the best second)."""
        model = Model.of_state(v, first_month=v.month)
        m = model.copy()
        hubs = list(v.hubs[p]) + [a]
        if len(hubs) < 2:
            # the best partner for it
            best = -1e18
            for b in model.nets[p]:
                if b in hubs:
                    continue
                mm = model.copy()
                mm.hubs[p] = frozenset(hubs + [b])
                mm.set_planes(p, v.planes[p])
                best = max(best, mm.values()[p])
            if best > -1e18:
                return best
        m.hubs[p] = frozenset(hubs)
        m.set_planes(p, v.planes[p])
        return m.values()[p]

    # ------------------------------------------------------------ bidding
    def _month_mixes(self, s: GameState) -> dict[int, Mix]:
        """Every bidder's bid distribution in the state's market (Normal's
        equilibrium, from public information)."""
        mk = market_for(s, s.actors[0] if s.actors else 0, self.normal.prm)
        strat = mk.solve(self.normal.fp_iters)
        return {q: normal_mix(strat[b], mk.actions[b], self.normal.min_prob)
                for b, q in enumerate(mk.bidders)}

    # ------------------------------------------------------------ search
    def _search(self, v: GameState, p: int, cands: list[Action],
                mixes: dict[int, Mix] | None = None,
                mixes_per: Sequence[dict[int, Mix] | None] | None = None,
                prepare: Callable[[GameState], None] | None = None,
                complete: Callable[[GameState, random.Random], None] | None = None,
                default: int = 0, stratify: str = "") -> Action:
        """Score the candidates by paired rollouts; keep ``cands[default]``
        (Normal's choice) unless another is better by more than ``z``
        standard errors of the paired difference.  ``stratify``: the chance
        each iteration's stratified draw fixes (``STRATIFY_BID``: the one
        rival's bid this month; ``STRATIFY_DIE``: this month's price die)."""
        K = len(cands)
        if K == 1:
            return cands[0]
        start = time.perf_counter()
        deadline = start + self.time_limit
        # the budget counts simulated months: a rollout costs the months it plays
        last = OCTOBER if v.month <= OCTOBER else MARCH
        months = max(1, last - v.month + 1)
        if self.horizon:
            months = min(months, self.horizon)
        budget, cap = SEARCH_BY_PLAYERS.get(v.P, (DEFAULT_BUDGET, MAX_ITER))
        if self.budget is not None:
            budget = self.budget
        n_iter = max(self.min_iter, min(cap, budget // (K * months)))
        seeds = [self.rng.getrandbits(48) for _ in range(n_iter)]
        strata: list[float] | None = None
        if stratify:
            shift = self.rng.random()
            strata = [stratified(i, shift) for i in range(n_iter)]
        roots: list[GameState] = []
        for a in cands:
            s = v.copy()
            if mixes is None:
                s.apply(a)
            roots.append(s)
        if prepare is not None:
            for s in roots:
                prepare(s)
        results: list[list[float]] = [[] for _ in range(K)]
        month = v.month
        # markets met in this search's rollouts
        shared: Markets = {}
        # rivals who have bid already: their bids are sealed in the view
        sealed = [q for q in hidden_bidders(v, p) if mixes is not None and q in mixes]
        out_of_time = False
        for it in range(n_iter):
            seed = seeds[it]
            row = []
            # the chance this iteration's stratified draw fixes: the rival's bid, the die
            fixed: dict[int, float] = {}
            if strata is not None:
                keys = list(mixes or {}) if stratify == STRATIFY_BID else [_DIE]
                fixed = dict.fromkeys(keys, strata[it])
            for j in range(K):
                pol = random.Random(seed)
                dice = random.Random(seed ^ 0xD1CE)
                die = random.Random(seed ^ 0xD1E)
                forced = dict(fixed)  # each rollout takes its draws out of its own copy
                if mixes is not None:
                    # determinize: the sealed bids drawn from the rivals' mixes
                    s = determinize(roots[j], p, {q: _pick(mixes[q], forced.pop(q)) if q in forced
                                                  else _sample(mixes[q], pol) for q in sealed})
                    s.apply(cands[j])
                    month_mix = mixes
                else:
                    s = roots[j].copy()
                    if complete is not None:
                        complete(s, random.Random(seed ^ 0xC0C0 ^ j))
                    month_mix = (mixes_per[j] or {}) if mixes_per is not None else {}
                lite = Lite(iters=self.rollout_iters, shared=shared, exact_od=self.exact_od)
                row.append(self._rollout(s, p, month, month_mix, pol, dice, die, lite, forced))
                if it >= 2 and time.perf_counter() > deadline:
                    out_of_time = True
                    break
            if len(row) < K:
                break
            for j in range(K):
                results[j].append(row[j])
            if out_of_time:
                break
        z = self.z if self.z is not None else Z_BY_PLAYERS.get(v.P, Z)
        choice, self.last = decide(cands, results, default, z, start, strata)
        return cands[choice]

    def _rollout(self, s: GameState, me: int, month: int, month_mix: dict[int, Mix],
                 pol: random.Random, dice: random.Random, die: random.Random, lite: Lite,
                 forced: dict[int, float] | None = None) -> float:
        """Play ``s`` on to the season's end (or the horizon) and value it for
        ``me``.  ``forced``: stratified draws (``_search``) for this month's
        first bid of each rival in it, and (key ``_DIE``) this month's price die."""
        forced = forced or {}
        stop_month = OCTOBER if month <= OCTOBER else 99
        if self.horizon:
            stop_month = min(stop_month, month + self.horizon - 1)
        while not s.game_over:
            if s.month > stop_month:
                break
            d = s.decision
            if s.is_chance():
                if d != ROLL_DICE and _DIE in forced and s.month == month:
                    s.apply(chance_at(s, forced.pop(_DIE)))
                    continue
                # the dice and the price die each draw from their own stream
                s.apply(sample_chance(s, dice if d == ROLL_DICE else die))
                continue
            q = s.actors[0]
            if d == BID:
                mix = month_mix.get(q) if s.month == month else None
                if mix is not None:
                    f = _pick(mix, forced.pop(q)) if q in forced else _sample(mix, pol)
                    if f is not None and not s.hand[q][FARE_INDEX[f]]:
                        f = None
                    s.apply(Action(BID, q, f))
                    continue
            legal = s.legal_actions(q)
            s.apply(lite.choose(s, q, legal, pol))
        if not s.game_over and s.month <= season_end(month) and s.month > stop_month:
            # cut before the season's end: the model values the months left
            return evaluate(s, me, Model.of_state(s, first_month=s.month).values()[me], self.carry)
        return evaluate(s, me, carry=self.carry)


def evaluate(s: GameState, me: int, ahead: float | None = None, carry: Carry | None = None) -> float:
    """Utility for ``me`` at the end of a rollout: at the end of the game the
    win (shared wins split) and the margin; at the end of the first season
    the margin, with what each airline takes into the second (``carry``).
    ``ahead``: the rollout was cut before its season's end, and the model
    says ``me`` will gain that much on the others in the months left."""
    P = s.P
    if carry is None:
        carry = CARRY_BY_SETUP.get((P, s.board.id)) or CARRY_BY_PLAYERS.get(P, CARRY)
    tot = [0.0] * P
    for q in range(P):
        sc: float = s.score(q)["total"]
        if not s.game_over:
            sc += (carry.cards(s.hand[q]) + carry.chit * s.chits[q]
                   + (carry.flash if s.flash_unused[q] else 0.0))
        tot[q] = sc
    other = max(tot[q] for q in range(P) if q != me)
    margin = tot[me] - other
    if ahead is not None:
        margin += ahead
        if s.month > OCTOBER:
            return 0.5 * (0.5 + 0.5 * math.tanh(margin / 150.0)) + 0.5 * math.tanh(margin / 200.0)
        return math.tanh(margin / 400.0)
    if s.game_over:
        best = max(tot)
        winners = [q for q in range(P) if tot[q] == best]
        win = 1.0 / len(winners) if me in winners else 0.0
        return 0.5 * win + 0.5 * math.tanh(margin / 200.0)
    return math.tanh(margin / 400.0)

