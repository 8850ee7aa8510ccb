"""Managers: the decisions a player makes at the table, as a policy the simulator asks.

Two ways to write your own (docs/simulator.md):

- subclass `Manager` and override the decisions you want to make differently; each method gets
  the decision's details, a `Situation` (the engine's state seen from the side deciding) and the
  game's random generator, so that a seed reproduces a game exactly;
- or write a plain function `policy(decision, view)`: `decision` is the name of one of the
  methods below, `view` a `View` (the situation, the generator and the decision's details). It
  returns the answer, or None to leave that decision to the default policy.

`scorebook simulate --manager module:Name` uses yours for both sides, `--away-manager` and
`--home-manager` for one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from scorebook.engine.state import GameState
from scorebook.problems import InvalidDecision


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


@dataclass(frozen=True, slots=True)
class View(Situation):
    """What a policy function sees: the situation, the game's generator, and the details of the
    decision (those it does not have are left at their zero)."""

    rng: random.Random = field(default_factory=random.Random)
    base: int = 0  # the base of the runner deciding (0 the batter)
    spaces: int = 0  # the spaces the runner needs to reach the next base
    ball: int = 0  # the spaces the ball needs to get there
    options: dict[str, tuple[int, int]] = field(default_factory=dict)  # throw: option -> (ball, runner)
    runs_allowed: int = 0  # change_pitcher: the runs the pitcher on the mound has allowed


class Manager:
    """The default policy of both sides; every number here is a choice, not a rule."""

    aggression = 0.5  # 0 never takes a risk on the bases, 1 always runs

    # --- offense ------------------------------------------------------------------------

    def steal(self, s: Situation, rng: random.Random) -> bool:
        """Send the runner(s) on this pitch (a steal of second or third, or a double steal)?"""
        if s.strikes == 2 or s.balls == 3 or (s.state.outs == 2 and s.lead < -2):
            return False
        return rng.random() < 0.04 * (1 + self.aggression)

    def double_steal(self, s: Situation, rng: random.Random) -> bool:
        """Runners on first and second, a steal on: both go (True) or the runner on second alone?
        Both by default: "Only one runner can be put out on a double steal attempt"."""
        return True

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

    def squeeze(self, s: Situation, rng: random.Random) -> bool:
        """The suicide bunt (asked with a runner on third, the bases not loaded): rarely, late in
        a close game with fewer than two outs, before two strikes."""
        return s.late and abs(s.lead) <= 1 and s.state.outs < 2 and s.strikes < 2 and rng.random() < 0.1

    def hit_and_run(self, s: Situation, rng: random.Random) -> bool:
        """Call the hit-and-run (at most two a game: the simulator counts)."""
        return s.state.outs < 2 and s.balls >= s.strikes and rng.random() < 0.03 * (1 + self.aggression)

    def run_on_full_count(self, s: Situation, rng: random.Random) -> bool:
        """Two outs, three balls and two strikes: put every runner on the third green space."""
        return True

    def take_six(self, s: Situation, rng: random.Random) -> bool:
        """The automatic strike: take a 6 rather than swing ("the red light" on 3 and 0)."""
        return s.balls == 3 and s.strikes == 0

    def keep_running(self, base: int, spaces: int, ball: int, s: Situation, rng: random.Random) -> bool:
        """On a hit, the runner who started on `base` (0 the batter) goes on for the next base:
        he needs `spaces`, the ball `ball`. Asked when he has reached a base, and before the
        first roll when he is not forced, on the green past his base (False holds him)."""
        return spaces + rng.randint(-2, 2) <= ball * (0.8 + 0.4 * self.aggression)

    def run_on_ground_ball(self, base: int, s: Situation, rng: random.Random) -> bool:
        """An unforced runner on `base` runs on a ground ball."""
        if s.state.outs == 2:
            return False
        return rng.random() < (0.3 if base == 3 else 0.15) * (1 + self.aggression)

    def tag_up(self, base: int, s: Situation, rng: random.Random) -> bool:
        """A runner on `base` tags up and runs on an outfield fly."""
        return rng.random() < (0.8 if base == 3 else 0.3) * (0.5 + self.aggression)

    # --- defense ----------------------------------------------------------------------

    def intentional_walk(self, s: Situation, rng: random.Random) -> bool:
        """Walk the batter: late, close, first base open and a runner in scoring position."""
        bases = s.state.bases
        return s.late and abs(s.lead) <= 1 and bases[0] is None and bases[1] is not None and rng.random() < 0.3

    def throw(self, options: dict[str, tuple[int, int]], s: Situation, rng: random.Random) -> str:
        """Where the ball goes, one of `options`: a base (first, second, third, home) or, on a
        ground ball, a double play (second-first, first-second, third-first, home-first), each
        with (the spaces the ball needs to finish it, the spaces the first runner thrown at
        still needs). Asked when there is more than one. By default: home to cut off a run,
        late or half the time; else the double play the ball needs least for; with two outs
        the nearer force; at a runner going for third when he needs two spaces more than the
        ball; else the lead runner's base on a hit and first base on a ground ball."""
        room = 3 - s.state.outs
        home = next((o for o in ("home-first", "home") if o in options), "")
        if home and room > 1 and (s.late or rng.random() < 0.5):
            return home
        double_plays = [o for o in ("third-first", "first-second", "second-first") if o in options]
        if double_plays:
            return min(double_plays, key=lambda o: options[o][0])
        if "first" not in options:  # a hit: the lead runner's base
            return max(options, key=("first", "second", "third", "home").index)
        if "second" in options and room == 1 and options["second"][0] < options["first"][0]:
            return "second"
        if "third" in options and options["third"][1] >= options["third"][0] + 2:
            return "third"
        return "first"

    def change_pitcher(self, runs_allowed: int, s: Situation, rng: random.Random) -> bool:
        """At the start of a half-inning in the field: bring in the next reliever?"""
        return runs_allowed >= 5 or (s.state.inning >= 7 and rng.random() < 0.35)

    def pinch_hit(self, s: Situation, rng: random.Random) -> bool:
        """At the start of a half-inning at bat: a pinch hitter for the batter up?"""
        return s.late and s.lead <= 0 and rng.random() < 0.25


# Every decision and the details it gets before the situation and the generator.
DECISIONS: dict[str, tuple[str, ...]] = {
    "steal": (),
    "double_steal": (),
    "bunt": (),
    "squeeze": (),
    "hit_and_run": (),
    "run_on_full_count": (),
    "take_six": (),
    "keep_running": ("base", "spaces", "ball"),
    "run_on_ground_ball": ("base",),
    "tag_up": ("base",),
    "intentional_walk": (),
    "throw": ("options",),
    "change_pitcher": ("runs_allowed",),
    "pinch_hit": (),
}

Policy = Callable[[str, View], object]


class PolicyManager(Manager):
    """A manager made of a function `policy(decision, view)`; a None answer is left to the
    default policy, any other must be one the decision takes (True or False; for `throw` one of
    the options)."""

    def __init__(self, policy: Policy, name: str = "") -> None:
        self.policy, self.name = policy, name or getattr(policy, "__name__", "the policy")


def _asking(decision: str, details: tuple[str, ...]) -> Callable[..., object]:
    default = getattr(Manager, decision)

    def ask(self: PolicyManager, *args: object) -> object:
        *values, s, rng = args
        given = dict(zip(details, values))
        view = View(s.state, s.balls, s.strikes, rng, **given)  # type: ignore[arg-type,attr-defined]
        answer = self.policy(decision, view)
        if answer is None:
            return default(self, *args)
        allowed = view.options if decision == "throw" else (True, False)
        if answer not in allowed or (decision != "throw" and not isinstance(answer, bool)):
            code = getattr(self.policy, "__code__", None)
            raise InvalidDecision(
                f"{self.name} answered {answer!r} to {decision!r}: it takes {', '.join(map(repr, allowed))}, "
                "or None for the default policy",
                path=code.co_filename if code else "",
                line=code.co_firstlineno if code else 0,
            )
        return answer

    ask.__name__ = ask.__qualname__ = decision
    return ask


for _decision, _details in DECISIONS.items():
    setattr(PolicyManager, _decision, _asking(_decision, _details))
