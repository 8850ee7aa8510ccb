"""Managers: the decisions a player makes at the table, as a policy the simulator asks.

Subclass `Manager` and override what you want to decide differently; every method gets a
`Situation` (the engine's state seen from the side deciding) and the game's random generator,
so a seed reproduces a game exactly. `scorebook simulate --manager module:Name` uses your class
for both sides.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scorebook.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Situation:
    state: GameState
    balls: int = 0
    strikes: int = 0

    @property
    def lead(self) -> int:
        """Runs the side at bat leads by (negative when it trails)."""
        batting = self.state.half
        return self.state.score[batting] - self.state.score[1 - batting]

    @property
    def late(self) -> bool:
        return self.state.inning >= self.state.innings - 2

    @property
    def slot(self) -> int:
        """The batting slot (1-9) of the batter up."""
        return self.state.teams[self.state.half].up + 1


class Manager:
    """The default policy of both sides; every number here is a choice, not a rule."""

    aggression = 0.5  # 0 never takes a risk on the bases, 1 always runs

    # --- offense ------------------------------------------------------------------------

    def steal(self, s: Situation, rng: random.Random) -> bool:
        """Send the runner(s) on this pitch (a steal of second, third, or the double steal)?"""
        if s.strikes == 2 or s.balls == 3 or s.state.outs == 2 and s.lead < -2:
            return False
        return rng.random() < 0.04 * (1 + self.aggression)

    def bunt(self, s: Situation, rng: random.Random) -> bool:
        """Sacrifice: late, close, nobody out, a runner on first or second, third open."""
        bases = s.state.bases
        return (
            s.late
            and abs(s.lead) <= 1
            and s.state.outs == 0
            and s.strikes < 2
            and (bases[0] or bases[1]) is not None
            and bases[2] is None
            and rng.random() < 0.5
        )

    def hit_and_run(self, s: Situation, rng: random.Random) -> bool:
        """Call the hit-and-run (at most two a game: the simulator counts)."""
        return s.state.outs < 2 and s.balls >= s.strikes and rng.random() < 0.03 * (1 + self.aggression)

    def run_on_full_count(self, s: Situation, rng: random.Random) -> bool:
        """Two outs, three balls and two strikes: put every runner on the third green space."""
        return True

    def take_six(self, s: Situation, rng: random.Random) -> bool:
        """The automatic strike: take a 6 rather than swing ("the red light" on 3 and 0)."""
        return s.balls == 3 and s.strikes == 0

    def keep_running(self, spaces: int, ball: int, rng: random.Random) -> bool:
        """On a hit, go for the next base: the runner needs `spaces`, the ball needs `ball`."""
        return spaces + rng.randint(-2, 2) <= ball * (0.8 + 0.4 * self.aggression)

    def run_on_ground_ball(self, base: int, s: Situation, rng: random.Random) -> bool:
        """An unforced runner on `base` runs on a ground ball."""
        return base == 3 and s.state.outs < 2 and rng.random() < 0.3 * (1 + self.aggression)

    def tag_up(self, base: int, s: Situation, rng: random.Random) -> bool:
        """A runner on `base` tags up and runs on an outfield fly."""
        return rng.random() < (0.8 if base == 3 else 0.3) * (0.5 + self.aggression)

    # --- defense ----------------------------------------------------------------------

    def intentional_walk(self, s: Situation, rng: random.Random) -> bool:
        """Walk the batter: late, close, first base open and a runner in scoring position."""
        bases = s.state.bases
        return s.late and abs(s.lead) <= 1 and bases[0] is None and bases[1] is not None and rng.random() < 0.3

    def cut_off_run(self, s: Situation, rng: random.Random) -> bool:
        """Throw home on a ground ball to stop the runner from third."""
        return s.late or rng.random() < 0.5

    def change_pitcher(self, s: Situation, runs_allowed: int, rng: random.Random) -> bool:
        """At the start of a half-inning in the field: bring in the reliever?"""
        return runs_allowed >= 5 or (s.state.inning >= 7 and rng.random() < 0.35)

    def pinch_hit(self, s: Situation, rng: random.Random) -> bool:
        """At the start of a half-inning at bat: a pinch hitter for the batter up?"""
        return s.late and s.lead <= 0 and rng.random() < 0.25
