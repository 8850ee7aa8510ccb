"""The kinds of file scorebook reads, for fuzzing (tests/test_fuzz.py, bench/fuzz.py): each kind's
reader, run on any text, and seeds of valid files to mutate. A reader may end only with one of
scorebook's own problems that names the file and the line."""

from __future__ import annotations

import random
import re
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

from scorebook.files import read_lineups, replay_text
from scorebook.games.dice_baseball import parse_chart
from scorebook.importers.retrosheet import import_game, read_roster, team_names
from scorebook.league.definition import parse_league
from scorebook.notation.retrosheet import read_events
from scorebook.problems import ScorebookProblem

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
RETROSHEET = ROOT.parent / "shared" / "retrosheet"


@cache
def _folder() -> Path:
    """A folder of the process's own for the readers that take a file."""
    return Path(tempfile.mkdtemp(prefix="scorebook-fuzz-"))


def _written(name: str, text: str) -> Path:
    path = _folder() / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


def read_game(text: str) -> None:
    replay_text(text, "fuzz.game", folder=_folder())


def read_retrosheet_events(text: str) -> None:
    for game in read_events(text, "fuzz.EVA"):
        if game.problem is not None:
            raise game.problem
        import_game(game, {}, "fuzz.EVA")


def read_retrosheet_roster(text: str) -> None:
    read_roster(_written("FUZ2019.ROS", text))


def read_retrosheet_teams(text: str) -> None:
    folder = _folder() / "teams"
    folder.mkdir(exist_ok=True)
    (folder / "TEAM2019").write_text(text, encoding="utf-8", errors="surrogatepass")
    team_names(folder)


def read_league_toml(text: str) -> None:
    parse_league(text, "fuzz.toml")


def read_chart_toml(text: str) -> None:
    parse_chart(text, "fuzz.toml")


def read_lineup_file(text: str) -> None:
    read_lineups(_written("fuzz.txt", text), "diceball")


def read_lineup_csv(text: str) -> None:
    read_lineups(_written("fuzz.csv", text), "diceball")


def _retrosheet_seed() -> str:
    """A real game's records (the first of a 2019 file) where the data is, else a made-up one."""
    files = sorted((RETROSHEET / "2019").glob("*.EV?")) if RETROSHEET.is_dir() else []
    if files:
        lines = files[0].read_text(encoding="utf-8", errors="replace").splitlines()
        end = next((n for n, line in enumerate(lines[1:], 1) if line.startswith("id,")), len(lines))
        return "\n".join(lines[:end]) + "\n"
    starts = [f'start,{t}{n},"{t.upper()} {n}",{side},{n},{n if n > 1 else 10}' for side, t in enumerate("ah") for n in range(1, 10)]
    plays = []  # nine innings, the home team's home run in the first its one run: a whole game
    for inning in range(1, 10):
        for side, team in enumerate("ah"):
            if inning == 9 and side == 1:
                break  # the home team ahead: the bottom of the ninth is not played
            events = ("HR/F7", "K", "K", "K") if (inning, side) == (1, 1) else ("S8/G", "64(1)3/GDP", "K")
            for event in events:
                up = sum(1 for play in plays if play.split(",")[2] == str(side)) % 9 + 1
                plays.append(f"play,{inning},{side},{team}{up},32,BCFBBX,{event}")
    return "\n".join(["id,TST201904010", "info,visteam,AAA", "info,hometeam,HHH", "info,date,2019/04/01",
                      'start,ap,"Away Pitcher",0,0,1', 'start,hp,"Home Pitcher",1,0,1', *starts, *plays, "data,er,ap,0"]) + "\n"  # fmt: skip


def _sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


# kind -> (reader, seeds, the file name its problems name)
KINDS: dict[str, tuple[Callable[[str], None], Callable[[], tuple[str, ...]], str]] = {
    "game": (read_game, lambda: (_sample("rulebook-example.game"), _sample("walk-off.game")), "fuzz.game"),
    "bonn-die": (read_game, lambda: (_sample("bonn-die-opener.game"),), "fuzz.game"),
    "retrosheet-events": (read_retrosheet_events, lambda: (_retrosheet_seed(),), "fuzz.EVA"),
    "retrosheet-roster": (read_retrosheet_roster, lambda: ("allec002,Allen,Cody,R,R,ANA,P\nbourj002,Bour,Justin,L,R,ANA,1\n",), "FUZ2019.ROS"),
    "retrosheet-teams": (read_retrosheet_teams, lambda: ("ANA,A,Los Angeles,Angels\nBAL,A,Baltimore,Orioles\n",), "TEAM2019"),
    "league": (read_league_toml, lambda: ((ROOT / "leagues" / "demo.toml").read_text(encoding="utf-8"),), "fuzz.toml"),
    "chart": (read_chart_toml, lambda: ((ROOT / "scorebook" / "games" / "dice_baseball_chart.toml").read_text(encoding="utf-8"),), "fuzz.toml"),
    "lineup": (read_lineup_file, lambda: (_sample("lineups.txt"),), "fuzz.txt"),
    "lineup-csv": (read_lineup_csv, lambda: (_sample("lineups.csv"),), "fuzz.csv"),
}  # fmt: skip

# What hostile input is made of: Unicode digits, long numbers and runs, quotes, brackets, controls.
PIECES = (
    "²", "³", "３", "٣", "0", "9", "99", "9" * 5000, "1" * 40, "6(1)" * 20, "-", ",", '"', "'", "(", ")", "[", "]", "{",
    "}", "[" * 500, "=", ":", "#", "\\", "/", "*", "\n", "\r", "\t", " ", "\x00", "\x1b[31m", "\u2028", "\ud800", "é",
    "x" * 300, "x" * 140_000,
)  # fmt: skip


_WORD = re.compile(r"[A-Za-z0-9]+")


def mutate(text: str, rng: random.Random, edits: int = 3) -> str:
    """The text with a few random edits: a word replaced by a piece (the file's shape kept, so
    that the reader goes deep), a piece inserted, a span deleted, doubled or swapped."""
    for _ in range(rng.choice((1, 1, 1, edits))):
        at, other = rng.randrange(len(text) + 1), rng.randrange(len(text) + 1)
        low, high = min(at, other), min(max(at, other), min(at, other) + 200)
        choice = rng.randrange(6)
        word = _WORD.search(text, at) if choice >= 4 else None
        if word:
            text = text[: word.start()] + rng.choice(PIECES) + text[word.end() :]
        elif choice == 0:
            text = text[:at] + rng.choice(PIECES) + text[at:]
        elif choice == 1:
            text = text[:low] + text[high:]
        elif choice == 2:
            text = text[:high] + text[low:high] + text[high:]
        else:
            text = text[:low] + rng.choice(PIECES[:16]) + text[high:]
    return text


def answer(kind: str, text: str) -> ScorebookProblem | None:
    """Read the text as a file of the kind: None if it reads, else the problem, which must be
    scorebook's own and name the file and the line; anything else goes up."""
    reader, _, name = KINDS[kind]
    try:
        reader(text)
    except ScorebookProblem as problem:
        assert problem.path.endswith(name) and problem.line >= 1, f"no place: {problem!r}"
        return problem
    return None
