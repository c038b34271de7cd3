"""Blue Skies events in words (pure: no drawing, no state changes).

The log keeps the events themselves and renders them in the current
language when drawn.  A card drawn into a hand is a secret: every event goes
through ``opensky.blueskies.view.seal_events`` for the person at the screen
before it is put in words, so another player's card never reaches a sentence.
"""
from __future__ import annotations

from typing import Sequence

from opensky.blueskies import events as E
from opensky.blueskies.actions import LOCAL, OPENING
from opensky.blueskies.board import BSBoard
from opensky.blueskies.view import seal_events
from opensky.i18n import N_, tr, trn

#: why a game ended (``GameEnded.reasons``), in words
END_REASONS = {
    "score": N_("an airline passed 100 points"),
    "gates": N_("an airline placed all its gates"),
}


def _city(board: BSBoard, a: int) -> str:
    return board.airports[a].city


def _who(names: Sequence[str], p: int) -> str:
    return tr("The local airline") if p == LOCAL else names[p]


def _cities(board: BSBoard, airports: Sequence[int]) -> str:
    return ", ".join(_city(board, a) for a in airports)


def line(e: E.Event, names: Sequence[str], board: BSBoard, viewer: int | None) -> str | None:
    """One event as a sentence for ``viewer`` (None: nobody's hand shown), or
    None for events the log does not tell (the split is shown on the map)."""
    e = seal_events([e], viewer)[0]
    if isinstance(e, E.GatePlaced):
        return tr("{name} opens a gate at {city} for {cost}.", name=_who(names, e.player),
                  city=_city(board, e.airport), cost=e.cost)
    if isinstance(e, E.GateBoughtOut):
        return tr("{name} buys out the local gate at {city} for {cost}.", name=names[e.player],
                  city=_city(board, e.airport), cost=e.cost)
    if isinstance(e, E.PassengersDrawn):
        n = e.green + e.red
        return trn("{city}: {n} passenger from the bag.", "{city}: {n} passengers from the bag.", n,
                   city=_city(board, e.airport))
    if isinstance(e, E.PointsBanked):
        return trn("{name} keeps {n} unspent point.", "{name} keeps {n} unspent points.", e.points,
                   name=names[e.player])
    if isinstance(e, E.CardPlayed):
        return tr("{name} plays {city}.", name=names[e.player], city=_city(board, e.airport))
    if isinstance(e, E.CardDrawn):
        if e.airport is None:
            return tr("{name} draws a card.", name=names[e.player])
        return tr("{name} draws {city}.", name=names[e.player], city=_city(board, e.airport))
    if isinstance(e, E.CardTurned):
        if e.purpose == OPENING:
            return tr("Opening demand: {city}.", city=_city(board, e.airport))
        return tr("Other demand: {city}.", city=_city(board, e.airport))
    if isinstance(e, E.DeckReshuffled):
        return trn("The discard pile is shuffled into a new deck of {n} card.",
                   "The discard pile is shuffled into a new deck of {n} cards.", e.cards)
    if isinstance(e, E.SpecialActionUsed):
        if e.add_at is not None and e.discard:
            return tr("{name} uses the special action: passengers at {city}, and discards {cards}.",
                      name=names[e.player], city=_city(board, e.add_at), cards=_cities(board, e.discard))
        if e.add_at is not None:
            return tr("{name} uses the special action: passengers at {city}.", name=names[e.player],
                      city=_city(board, e.add_at))
        return tr("{name} uses the special action and discards {cards}.", name=names[e.player],
                  cards=_cities(board, e.discard))
    if isinstance(e, E.CardsDiscarded):
        if not e.cards:
            return tr("{name} keeps every card.", name=names[e.player])
        return tr("{name} discards {cards}.", name=names[e.player], cards=_cities(board, e.cards))
    if isinstance(e, E.IncomeScored):
        return tr("{name} scores {income} and has {score}.", name=names[e.player], income=e.income,
                  score=e.score)
    if isinstance(e, E.AssistanceGiven):
        lead = ", ".join(names[q] for q in e.leaders)
        owed = "; ".join(trn("{name} {n} airport", "{name} {n} airports", k, name=names[q])
                         for q, k in e.owed)
        if not owed:
            return tr("Government assistance: {leaders} lead, nobody is behind.", leaders=lead)
        return tr("Government assistance: {leaders} lead; {owed}.", leaders=lead, owed=owed)
    if isinstance(e, E.AssistanceChosen):
        return tr("{name} chooses assistance at {cities}.", name=names[e.player],
                  cities=_cities(board, e.airports))
    if isinstance(e, E.LocalGateOpened):
        return trn("A local airline opens at {city} with {n} passenger.",
                   "A local airline opens at {city} with {n} passengers.", e.cubes,
                   city=_city(board, e.airport))
    if isinstance(e, E.MarkerPassed):
        return tr("Round {round}: {name} is the first player.", round=e.round, name=names[e.player])
    if isinstance(e, E.OpeningSkipped):
        return tr("{name} can afford no opening gate.", name=names[e.player])
    if isinstance(e, E.RegionBonus):
        return tr("{name} wins {points} for {region}.", name=names[e.player], points=e.points,
                  region=board.regions[e.region].name)
    if isinstance(e, E.GameEnded):
        best = max(e.totals) if e.totals else 0
        if len(e.winners) == 1:
            return tr("Game over: {name} wins with {total}.", name=names[e.winners[0]], total=best)
        return tr("Game over: {names} share the victory with {total}.",
                  names=", ".join(names[q] for q in e.winners), total=best)
    return None
