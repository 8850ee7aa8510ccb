"""Dice Baseball, roll by roll: two dice, the chart, and the result written as the chart says."""

from __future__ import annotations

from scorebook.games.dice_baseball import DiceBaseball
from scorebook.sim.writer import GameWriter

_CODES = {"single": "H1", "double": "H2", "triple": "H3", "home_run": "H4", "walk": "BB", "strikeout": "SO", "pop_out": "IF"}


class DiceBaseballPlayer:
    def plate_appearance(self, w: GameWriter) -> None:
        rules = w.rules
        assert isinstance(rules, DiceBaseball)
        a, b = w.die(), w.die()
        outcome = rules.chart[min(a, b), max(a, b)]
        fielder = w.rng.choice((7, 8, 9))
        state = w.state
        if outcome in _CODES:
            code = _CODES[outcome]
        elif outcome == "fly_out":
            code = str(fielder)
        elif outcome == "sac_fly":
            scores = state.bases[2] is not None and state.outs < 2
            code = f"{fielder} 3-H" if scores else str(fielder)
        elif outcome == "ground_out":
            code = w.rng.choice(("6-3", "4-3", "5-3", "3"))
        else:  # the double play: with nobody on, or two outs, it is one out
            code = w.rng.choice(("6-4-3", "4-6-3", "5-4-3"))
        w.emit(f"{code} roll={a}{b}")
