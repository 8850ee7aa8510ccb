"""Writing a simulated game: the header, half-innings, managers' substitutions, and every
statement carried through the rule engine, so that what is written is what the engine accepts.

A game's player (`sim/diceball.py`, `sim/dice_baseball.py`) decides each plate appearance;
the writer turns its outcome into game-file text and keeps the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorebook.engine.core import apply, new_game
from scorebook.engine.facts import Fact
from scorebook.engine.mechanics import resolve, settle
from scorebook.engine.state import GameState
from scorebook.games import rules_for
from scorebook.games.dice_baseball import ChartFile
from scorebook.notation.format import quote
from scorebook.notation.model import TEAM_WORDS
from scorebook.notation.syntax import parse_game, parse_play, parse_statement
from scorebook.problems import IllegalPlay
from scorebook.sim.managers import Manager, Situation

FIRST = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max", "Ned", "Ora", "Pia")
LAST = ("Abel", "Brook", "Cote", "Drew", "Ewing", "Frost", "Gray", "Hart", "Irwin", "Jones", "Kerr", "Lowe", "Moss")
POSITIONS = (8, 6, 4, 3, 9, 5, 7, 2, 1)  # fielding positions by batting slot
BASE_CHARS = "B123H"
ROSTER = 14  # nine in the lineup, a starter and a reliever, three on the bench


def roster(rng: random.Random, size: int, taken: set[str]) -> list[str]:
    names: list[str] = []
    while len(names) < size:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in taken:
            taken.add(name)
            names.append(name)
    return names


def team_roster(team: str) -> list[str]:
    return roster(random.Random(f"roster {team}"), ROSTER, set())


PLACES = ("Harbor", "River", "Old Town", "Mill Street", "Lakeside", "Hilltop", "Northfield", "Bayview")
MASCOTS = ("Gulls", "Kings", "Owls", "Grays", "Foxes", "Comets", "Pilots", "Herons")


def team_names(rng: random.Random) -> tuple[str, str]:
    """Two different generated team names."""
    away = f"{rng.choice(PLACES)} {rng.choice(MASCOTS)}"
    home = away
    while home.split()[0] == away.split()[0]:
        home = f"{rng.choice(PLACES)} {rng.choice(MASCOTS)}"
    return away, home


def advance_token(start: int, end: int, out: bool, fielders: Sequence[int] = ()) -> str:
    text = f"{BASE_CHARS[start]}{'X' if out else '-'}{BASE_CHARS[end]}"
    return f"{text}({'-'.join(map(str, fielders))})" if out else text


class GameWriter:
    """One game being written; `text()` plays it to the end with the given player."""

    def __init__(
        self,
        rules: str,
        seed: int | str,
        *,
        away: str = "Visitors",
        home: str = "Locals",
        innings: int = 9,
        managers: tuple[Manager, Manager] | None = None,
        rosters: tuple[Sequence[str] | None, Sequence[str] | None] | None = None,
        positions: tuple[Sequence[int | None] | None, Sequence[int | None] | None] | None = None,
        game_id: str = "",
        stage: str = "",
        date: str = "",
        league: str = "",
        chart: ChartFile | None = None,
        bullpens: tuple[int, int] = (1, 1),
    ) -> None:
        self.rng = random.Random(str(seed))
        self.rules = rules_for(rules, chart)
        self.managers = managers or (Manager(), Manager())
        # A team keeps its players from game to game: a roster not given is drawn from its name.
        given = rosters or (None, None)
        self.rosters = [list(given[t] or ()) or team_roster(name) for t, name in enumerate((away, home))]
        keys = (("date", date), ("id", game_id), ("stage", stage), ("league", league), ("chart", chart and chart.name))
        options = " ".join(f"{k}={v}" for k, v in keys if v)
        header = [f"game rules={rules} innings={innings}" + (f" {options}" if options else ""), f"away {quote(away)}", f"home {quote(home)}"]
        # A roster is the batters (as many as the given lineup, else the rules' nine), the
        # starting pitcher, the relievers (`bullpens`: how many; a generated roster has one),
        # then the bench.
        self.bullpens = bullpens
        size = self.rules.lineup_size or 9
        self.batters = [len(positions[t]) if positions and positions[t] else size for t in (0, 1)]
        for team in (0, 1):
            spots = positions[team] if positions and positions[team] else POSITIONS
            batters = self.rosters[team][: self.batters[team]]
            lineup = " ".join(quote(n) + (f":{p}" if p else "") for n, p in zip(batters, spots))
            header.append(f"lineup {TEAM_WORDS[team]} {lineup}")
        header.extend(f"pitcher {TEAM_WORDS[team]} {quote(self.rosters[team][self.batters[team]])}" for team in (0, 1))
        self.lines = header + [""]
        self.state: GameState = new_game(parse_game("\n".join(header)), self.rules)
        self.relieved = [0, 0]  # relievers each team has brought in
        self.score_at_change = [0, 0]  # the runs the other team had when the pitcher came in

    # --- statements through the engine ----------------------------------------------------

    def emit(self, text: str) -> Fact:
        statement = parse_statement(text, len(self.lines) + 1)
        try:
            self.state, fact = apply(self.state, statement, self.rules, fill_marks=True)
        except IllegalPlay as problem:
            if not problem.fix:  # a walk-off hit is credited with the bases the winning run needed
                raise IllegalPlay(f"the simulator wrote `{text}`: {problem}") from None
            return self.emit(text.replace(problem.token, problem.fix, 1))
        # The simulator writes no RBI marks: the engine's go right after the result code.
        self.lines.append(fact.result + text[len(fact.play.code) :] if fact.play is not None else text)
        return fact

    def play_text(self, code: str, finals: dict[int, tuple[int, bool, Sequence[int]]], annotations: str = "") -> str:
        """The play `code` with the advances that make every runner end where `finals` says
        (start base -> (end base, out, fielders); the batter is start 0). A runner the engine's
        default already puts there is not written. Who is out is settled first: the engine then
        says whether the half ends on the play without a run (its third-out rule: then only who
        is out matters) and what a walk-off hit is worth (its fix, rule 9.06(f))."""
        tokens: dict[int, str] = {}
        outs_only = walk_off = False
        for _ in range(8):
            play = parse_play(" ".join([code, *tokens.values()]))
            try:
                outcome = settle(self.state, resolve(self.state, play, self.rules), play, self.rules)
            except IllegalPlay as problem:
                if not problem.fix or problem.token != code:
                    raise
                code, walk_off = problem.fix, True
                continue
            if (walk_off or outcome.stranded) and not tokens:
                # The winning run ends the game: only the runs that count and the outs are the
                # play's; the others stay where the engine's default leaves them.
                counted = {m.start for m in outcome.runs}
                finals = {s: f for s, f in finals.items() if f[1] or s in counted}
            moves = {m.start: m for m in outcome.moves}
            wrong = [s for s, (_, out, _) in finals.items() if s in moves and moves[s].out != out]
            if not wrong:
                outs_only = self.state.outs + len(outcome.outs) >= 3 and not outcome.runs_on_third_out
                wrong = [
                    s
                    for s, (end, out, _) in finals.items()
                    if s in moves and not outs_only and (moves[s].end, moves[s].out) != (end, out)
                ]
            if not wrong:
                break
            for start in wrong:
                end, out, fielders = finals[start]
                tokens[start] = advance_token(start, end, out, fielders)
        written = [code, *(tokens[s] for s in sorted(tokens))]
        return " ".join(written + ([annotations] if annotations else []))

    # --- the game -----------------------------------------------------------------------------

    def die(self) -> int:
        """One die, 1-6 (random() is several times faster than randint())."""
        return int(self.rng.random() * 6) + 1

    def situation(self, balls: int = 0, strikes: int = 0) -> Situation:
        return Situation(self.state, balls, strikes)

    @property
    def offense(self) -> Manager:
        return self.managers[self.state.half]

    @property
    def defense(self) -> Manager:
        return self.managers[1 - self.state.half]

    def text(self, player) -> str:  # player: an object with plate_appearance(writer)
        while not self.state.over:
            if not self.state.in_half:
                self.start_half()
            player.plate_appearance(self)
        return "\n".join(self.lines) + "\n"

    def start_half(self) -> None:
        state = self.state
        inning, half = (state.inning, 1) if state.half == 0 and state.inning else (state.inning + 1, 0)
        if self.lines[-1]:
            self.lines.append("")
        self.emit(f"{('top', 'bottom')[half]} {inning}")
        fielding = 1 - half
        allowed = self.state.score[half] - self.score_at_change[fielding]  # by the pitcher on the mound
        reliever = self.batters[fielding] + 1 + self.relieved[fielding]
        if (
            self.relieved[fielding] < self.bullpens[fielding]
            and len(self.rosters[fielding]) > reliever
            and self.defense.change_pitcher(allowed, self.situation(), self.rng)
        ):
            self.relieved[fielding] += 1
            self.score_at_change[fielding] = self.state.score[half]
            self.emit(f"pitcher {TEAM_WORDS[fielding]} {quote(self.rosters[fielding][reliever])}")
        if self.offense.pinch_hit(self.situation(), self.rng):
            team = self.state.teams[half]
            bench = self.batters[half] + 1 + self.bullpens[half]  # after the starter and the bullpen
            name = next((n for n in self.rosters[half][bench:] if n not in team.used), None)
            if name:
                # He takes the batter's position; one without (a designated hitter) gives him none,
                # so that no position has two players.
                position = team.positions[team.up]
                self.emit(f"sub {TEAM_WORDS[half]} {team.up + 1} {quote(name)}" + (f":{position}" if position else ""))
