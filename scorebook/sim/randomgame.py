"""Random Diceball games that follow the rules, for tests, benchmarks and quick demos.

The pitch die and the hit dice are rolled as the rulebook says (the count, then the board
location 1-36 with its circles, clouds and stars); what happens on the ground-ball race and on
base hits is drawn with fixed odds instead of being played out die by die. Every play goes
through the rule engine, so every game it writes passes `scorebook check`.
"""

from __future__ import annotations

import random

from scorebook.engine.core import apply, new_game
from scorebook.engine.state import GameState
from scorebook.games.diceball import CLOUDS, DEEP_STARS, HOME_RUNS, INFIELD_FLY_CIRCLES, OUTFIELD_CIRCLES, Diceball, read_pitches
from scorebook.notation.format import format_play, quote
from scorebook.notation.model import TEAM_WORDS, PlateAppearance
from scorebook.notation.syntax import parse_game, parse_statement
from scorebook.problems import IllegalPlay

FIRST = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou", "Max", "Ned", "Ora", "Pia")
LAST = ("Abel", "Brook", "Cote", "Drew", "Ewing", "Frost", "Gray", "Hart", "Irwin", "Jones", "Kerr", "Lowe", "Moss")
# The relay partner at second base for each infielder: 6-4-3, 4-6-3, 5-4-3, 1-6-3, 3-6-3.
PIVOT = {1: 6, 3: 6, 4: 6, 5: 4, 6: 4}


def roster(rng: random.Random, size: int, taken: set[str]) -> list[str]:
    names = []
    while len(names) < size:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in taken:
            taken.add(name)
            names.append(name)
    return names


class RandomGame:
    """One game: `RandomGame(seed).text()` is a complete game file."""

    def __init__(self, seed: int, away: str = "Visitors", home: str = "Locals", innings: int = 9) -> None:
        self.rng = random.Random(seed)
        self.rules = Diceball()
        taken: set[str] = set()
        self.benches = [roster(self.rng, 14, taken), roster(self.rng, 14, taken)]
        header = [f"game rules=diceball innings={innings} id=random-{seed}", f"away {quote(away)}", f"home {quote(home)}"]
        for team in (0, 1):
            lineup = " ".join(f"{quote(n)}:{pos}" for n, pos in zip(self.benches[team][:9], (8, 6, 4, 3, 9, 5, 7, 2, 1)))
            header.append(f"lineup {TEAM_WORDS[team]} {lineup}")
        for team in (0, 1):
            header.append(f"pitcher {TEAM_WORDS[team]} {quote(self.benches[team][9])}")
        self.lines = header + [""]
        self.state: GameState = new_game(parse_game("\n".join(header)), self.rules)
        self.changed = [False, False]

    # --- writing statements through the engine ------------------------------------------

    def emit(self, text: str) -> None:
        statement = parse_statement(text, len(self.lines) + 1)
        try:
            self.state, fact = apply(self.state, statement, self.rules, fill_marks=True)
        except IllegalPlay as problem:
            if not problem.fix:  # a walk-off hit is credited with the bases the winning run needed
                raise
            return self.emit(text.replace(problem.token, problem.fix, 1))
        self.lines.append(format_play(fact.play) if isinstance(statement, PlateAppearance) else text)

    def text(self) -> str:
        while not self.state.over:
            if not self.state.in_half:
                self.start_half()
            self.maybe_run()
            if self.state.in_half:
                self.emit(self.plate_appearance())
        return "\n".join(self.lines) + "\n"

    def start_half(self) -> None:
        state = self.state
        inning, half = (state.inning, 1) if state.half == 0 and state.inning else (state.inning + 1, 0)
        if self.lines[-1]:
            self.lines.append("")
        self.emit(f"{('top', 'bottom')[half]} {inning}")
        fielding = 1 - half
        if inning >= 6 and not self.changed[fielding] and self.rng.random() < 0.4:
            self.changed[fielding] = True
            self.emit(f"pitcher {TEAM_WORDS[fielding]} {quote(self.benches[fielding][10])}")
        if inning >= 7 and self.rng.random() < 0.15:
            bench = self.benches[half]
            name = next((n for n in bench[11:] if n not in self.state.teams[half].used), None)
            if name:
                team = self.state.teams[half]
                self.emit(f"sub {TEAM_WORDS[half]} {team.up + 1} {quote(name)}:{team.positions[team.up] or 7}")

    def maybe_run(self) -> None:
        bases, rng = self.state.bases, self.rng
        if bases[0] and not bases[1] and rng.random() < 0.05:
            self.emit("SB2" if rng.random() < 0.7 else "CS2(2-4)")
        elif bases[1] and not bases[2] and not bases[0] and rng.random() < 0.03:
            self.emit("SB3" if rng.random() < 0.6 else "CS3(2-5)")

    # --- a plate appearance -------------------------------------------------------------

    def pitches(self) -> tuple[str, str]:
        dice = ""
        while True:
            dice += str(self.rng.randint(1, 6))
            how = read_pitches(dice)[3]
            if how:
                return dice, how

    def plate_appearance(self) -> str:
        pitches, how = self.pitches()
        if how == "strikeout":
            return f"SO pitches={pitches}"
        if how == "walk":
            return f"BB pitches={pitches}"
        count = self.rng.randint(1, 6)
        dice = [self.rng.randint(1, 6) for _ in range(count)]
        play = self.ball_in_play(sum(dice))
        return f"{play} pitches={pitches} hit={count}:{''.join(map(str, dice))}"

    def ball_in_play(self, location: int) -> str:
        bases, outs, rng = self.state.bases, self.state.outs, self.rng
        if location in HOME_RUNS:
            return "H4"
        if location in INFIELD_FLY_CIRCLES:
            return "IF"
        if location in OUTFIELD_CIRCLES:
            glove = OUTFIELD_CIRCLES[location]
            if bases[2] and outs < 2:
                roll = rng.random()
                return f"{glove} 3-H" if roll < 0.6 else f"{glove} 3XH({glove}-2)" if roll < 0.7 else str(glove)
            if bases[1] and not bases[2] and outs < 2 and rng.random() < 0.3:
                return f"{glove} 2-3"
            return str(glove)
        if location in CLOUDS:
            return self.ground_ball(CLOUDS[location])
        if location in DEEP_STARS:
            roll = rng.random()
            if roll < 0.2:
                return self.single()
            if roll < 0.4:
                return "H3"
            return "H2 1-H" if bases[0] and rng.random() < 0.45 else "H2"
        return self.single() if rng.random() < 0.75 else "H2"

    def single(self) -> str:
        bases, rng = self.state.bases, self.rng
        advances = []
        lead_scores = bases[1] is not None and rng.random() < 0.6
        if lead_scores:
            advances.append("2-H")
        if bases[0] and (lead_scores or not bases[1]) and rng.random() < 0.25:
            advances.append("1-3")
        return " ".join(["H1", *advances])

    def ground_ball(self, glove: int) -> str:
        bases, outs, roll = self.state.bases, self.state.outs, self.rng.random()
        if roll < 0.08:
            return f"E{glove}"
        if bases[0] and outs < 2 and roll < 0.45:
            pivot = PIVOT[glove]
            return f"{glove}-{pivot}-3"
        if bases[0] and roll < 0.6:
            pivot = PIVOT[glove]
            return f"FC 1X2({glove}-{pivot})"
        if roll < 0.72:
            return "H1"
        out = "3" if glove == 3 else f"{glove}-3"
        if bases[2] and outs < 2 and not (bases[0] and bases[1]) and self.rng.random() < 0.3:
            return f"{out} 3-H"
        return out


def random_game(seed: int, **names: str) -> str:
    return RandomGame(seed, **names).text()
