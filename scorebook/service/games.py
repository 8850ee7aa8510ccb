"""Games into the store: imported from files, started for live scoring, or simulated (a
league's scheduled and playoff games stored as they are played, other games written as files)."""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorebook.problems import (
    CannotKeepRedo,
    InvalidOptions,
    NoScheduledGame,
    NoSuchLineup,
    NothingToRedo,
    ScorebookProblem,
    StaleState,
    StoredAlready,
)

if TYPE_CHECKING:
    from scorebook.games.dice_baseball import ChartFile
    from scorebook.league.definition import League
    from scorebook.notation.retrosheet_origin import Origin
    from scorebook.store.db import Prepared, Store


# --- importing: game files and Retrosheet files ---------------------------------------------


def _prepare_or_problem(path: Path) -> Prepared | ScorebookProblem:
    from scorebook.store.db import prepare_file

    try:
        return prepare_file(path)
    except ScorebookProblem as problem:
        return problem


def import_files(store: Store, paths: Iterable[Path], *, replace: bool = False, jobs: int = 1):
    """Import files, each in its own transaction; yields (path, Stored or problem). With
    `jobs` > 1 the files are replayed in worker processes and written here, in order."""
    from scorebook.parallel import in_processes

    paths = list(paths)
    yield from zip(paths, write_each(store, in_processes(_prepare_or_problem, paths, jobs, chunksize=16), replace=replace))


def write_each(store: Store, prepared: Iterable[Prepared | ScorebookProblem], *, replace: bool = False):
    """Write prepared games, each in its own transaction and as its league has it; yields
    Stored or the problem (one passed in, or the store's)."""
    from scorebook.league.stored import LeagueWriter

    writer = LeagueWriter(store)
    for game in prepared:
        if isinstance(game, ScorebookProblem):
            yield game
            continue
        try:
            yield writer.write(game, replace=replace)
        except ScorebookProblem as problem:
            yield problem


def register_rosters(
    store: Store, files: list[Path]
) -> tuple[dict[Path, dict[str, str]], list[Path], list[Path], list[ScorebookProblem]]:
    """Retrosheet files: each folder's team names (from its team file), the roster files, whose
    players are registered here, the files of games left to import, and the problems of the
    files that cannot be read (a folder whose team file is one imports none of its games)."""
    from scorebook.importers.retrosheet import read_roster, team_names

    teams, problems = {}, []
    for folder in {path.parent for path in files}:
        try:
            teams[folder] = team_names(folder)
        except ScorebookProblem as problem:
            problems.append(problem)
    files = [path for path in files if path.parent in teams]
    rosters = [path for path in files if path.suffix.upper() == ".ROS"]
    for path in rosters:  # the team file is read from each folder above; a roster registers its players
        try:
            code, players = read_roster(path)
        except ScorebookProblem as problem:
            problems.append(problem)
            continue
        store.register_roster(teams[path.parent].get(code, code), players)
    return teams, rosters, [path for path in files if path not in rosters and not path.name.upper().startswith("TEAM")], problems


def import_retrosheet(
    store: Store, files: list[Path], teams: dict[Path, dict[str, str]], *, replace: bool = False, jobs: int = 1
):
    """Import Retrosheet event files (some 80 games a file, replayed in `jobs` processes); yields
    for each file its games' outcomes as they are written, each Stored or its problem."""
    from functools import partial

    from scorebook.parallel import in_processes

    for outcomes in in_processes(partial(_prepare_retrosheet, teams=teams), files, jobs):
        yield write_each(store, outcomes, replace=replace)


def _prepare_retrosheet(path: Path, teams: dict[Path, dict[str, str]]) -> list:
    """A Retrosheet file's games, each imported and prepared for the store, or its problem."""
    from scorebook.importers.retrosheet import fewer_collections, import_game, origin, read_file
    from scorebook.store.db import prepare

    outcomes: list = []
    try:
        games = read_file(path)
    except ScorebookProblem as problem:  # a line before the file's first game
        return [problem]
    with fewer_collections():
        for game in games:
            try:
                outcomes.append(prepare(*import_game(game, teams[path.parent], str(path)), origin=origin(game, path.parent)))
            except ScorebookProblem as problem:
                outcomes.append(problem)
    return outcomes


# --- new games for live scoring ------------------------------------------------------------


def start_game(store: Store, header: str, chart: str | None = None) -> str:
    """A game with a header and no statement yet (live scoring); `chart`: the TOML of the
    Dice Baseball chart the header names (a league's), stored with the game. Only its id
    must be new: a doubleheader's second game has the first one's teams, day and lineups."""
    from scorebook.files import replay_text
    from scorebook.league.stored import LeagueWriter
    from scorebook.store.db import prepare

    game = prepare(header, replay_text(header, "new game", chart=chart))
    try:
        return LeagueWriter(store).write(game, same_content=False).game_id
    except StoredAlready:
        raise StoredAlready(f"a game {game.row['id']} is stored already: give another --id, or leave --id out") from None


def new_game(
    store: Store, away: str, home: str, lineup_file: Path | None = None, league: str = "", rules: str = "",
    innings: int | None = None, date: str = "", game_id: str = "",
) -> str:  # fmt: skip
    """Start a game for live scoring (`game new`); returns its id. A league game is played by
    the league's rules and innings between two of its teams, each batting as the league's
    definition lines it up unless the lineup file says otherwise; another team bats as the
    file says, else as in its last stored game."""
    from scorebook.files import read_lineups
    from scorebook.games import DEFAULT, game_named
    from scorebook.league.stored import load_league
    from scorebook.notation.format import quote
    from scorebook.notation.syntax import same_team
    from scorebook.numbers import calendar_day

    if same_team(away, home):
        raise InvalidOptions(f"--away and --home are both {away!r}: a team never plays itself; name two teams")
    if date and calendar_day(date) is None:
        raise InvalidOptions(f"--date {date}: not a day of the calendar; write it YYYY-MM-DD, e.g. 2026-05-02")
    definition = load_league(store, league) if league else None
    if definition and rules and rules != definition.rules:
        raise InvalidOptions(f"league {league} plays {definition.rules}, not --rules {rules}: leave --rules out")
    rules = definition.rules if definition else rules or DEFAULT
    game = game_named(rules)
    innings = innings or (definition.innings if definition else game.default_innings)
    entries = [definition.team(away), definition.team(home)] if definition else []
    date = date or datetime.date.today().isoformat()
    if game_id and not ID_CHARACTERS.fullmatch(game_id):
        raise InvalidOptions(
            f"--id {game_id!r}: an id has only letters, digits, `.`, `_` and `-` (a space or `#` would "
            "not read back as the id stored): give another, or leave --id out"
        )
    game_id = game_id or _new_id(store, date, away, home)
    given, players = read_lineups(lineup_file, rules) if lineup_file else ((None, None), ())
    chart = definition.chart if definition else None  # a Dice Baseball league's own dice chart
    lines = [
        f"game rules={rules} innings={innings} date={date} id={game_id}"
        + (f" league={league}" if league else "")
        + (f" chart={chart.name}" if chart else ""),
        f"away {quote(away)}",
        f"home {quote(home)}",
    ]
    for index, (side, team, mine) in enumerate(zip(("away", "home"), (away, home), given)):
        # A team of a game without lineups (Bonn Die) names who throws (`player away "Name"`,
        # else the league's starter, else the team's own name); a baseball team its lineup and
        # pitcher (the file's, else the league's, else its last game's).
        if not game.lineups:
            lines += [line for line in players if line.split()[1] == side] or (entries[index].header_lines(side) if entries else [])
        elif mine:
            lines += mine.lines
        elif entries:
            lines += entries[index].header_lines(side)
        else:
            lines += _last_lineup(store, side, team)
    return start_game(store, "\n".join(lines) + "\n", chart.text if chart else None)


# What an id given with --id may hold: no space, `#`, quote or `=` of the game line's syntax.
ID_CHARACTERS = re.compile(r"[A-Za-z0-9._-]+")


def initials(name: str) -> str:
    """A team's initials for an id, of ASCII letters and digits only (`Ängel #1 "Nine"` gives
    `a1n`): a `#`, quote, slash or space in an id would not read back as the id stored.
    A name with none gives `x`."""
    folded = unicodedata.normalize("NFKD", name)
    letters = (next((c for c in word if c.isascii() and c.isalnum()), "") for word in folded.split())
    return "".join(letters).lower() or "x"


def _new_id(store: Store, date: str, away: str, home: str) -> str:
    stem = f"{date}-{initials(away)}-{initials(home)}".lower()
    taken = {g.id for g in store.games()}
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def _last_lineup(store: Store, side: str, team: str) -> list[str]:
    """The lineup and starting pitcher a team had in its last stored game, for this side."""
    from scorebook.notation.format import quote

    for game in reversed(store.games()):
        if team in (game.away, game.home):
            header = store.replay(game.id).game.header
            index = (game.away, game.home).index(team)
            names = " ".join(quote(e.name) + (f":{e.position}" if e.position else "") for e in header.lineups[index])
            return [f"lineup {side} {names}", f"pitcher {side} {quote(header.pitchers[index])}"]
    raise NoSuchLineup(
        f'{team} has no stored game to take a lineup from: give --lineup-file with `lineup {side} "A" "B" ...` '
        f'and `pitcher {side} "Name"`'
    )


# --- league games, simulated and stored ----------------------------------------------------


def play_and_store(
    store: Store, league: League, away: str, home: str, game_id: str, seed: int, date: str = "", stage: str = ""
) -> str:
    """Simulate one game of a league between two of its teams and store it (in the place of a
    game of its id); `stage`: playoffs, or "" for the regular season. Returns its text."""
    from scorebook.league.stored import LeagueWriter, games_played
    from scorebook.sim import replay_league_game, simulate_league_game
    from scorebook.store.db import prepare

    games = (games_played(store, league.name, away, game_id), games_played(store, league.name, home, game_id))
    text = simulate_league_game(league, away, home, game_id, seed, date, stage, games)
    LeagueWriter(store, league).write(prepare(text, replay_league_game(league, text, game_id)), replace=True)
    return text


def open_slots(store: Store, name: str, count: int | None = None) -> tuple[League, list[dict[str, object]]]:
    """A league and its scheduled games still to play, in order (the first `count`)."""
    from scorebook.league.stored import load_league, schedule

    league = load_league(store, name)
    slots = [s for s in schedule(store, name) if not s["game_id"] and not s["forfeit"]][:count]
    if not slots:
        raise NoScheduledGame(f"league {name} has no open scheduled game; `scorebook league schedule {name} --round-robin` makes a schedule")
    return league, slots


def play_scheduled(
    store: Store, league: League, slots: list[dict], seed: int, out: Path | None = None
) -> Iterator[str]:
    """Play a league's scheduled games (`schedule` rows) in order with its teams, lineups and
    pitchers, and store them; with `out` write their files there too. Yields each game's id."""
    from scorebook.files import write_chart_beside

    if out:
        out.mkdir(parents=True, exist_ok=True)
        if league.chart:
            write_chart_beside(out, league.chart)
    for slot in slots:
        game_id = f"{league.name}-{slot['number']:03d}"
        text = play_and_store(store, league, slot["away"], slot["home"], game_id, seed, slot["date"])
        if out:
            (out / f"{game_id}.game").write_text(text, encoding="utf-8")
        yield game_id


def new_season(store: Store, league: League, rounds: int) -> list[dict]:
    """Store a league's definition and a round-robin schedule of `rounds`, each replacing the
    one stored; returns the schedule."""
    from scorebook.league.schedule import round_robin
    from scorebook.league.stored import save_league, save_schedule, schedule

    save_league(store, league, replace=True)
    save_schedule(store, league, round_robin([t.name for t in league.teams], rounds, league.start), replace=True)
    return schedule(store, league.name)


# --- games simulated into files ------------------------------------------------------------

# One game for a worker: rules, seed, index, away, home, innings, the managers' specs (away,
# home), each given lineup as (roster: the batters then the pitcher, positions) or None, and
# the Dice Baseball chart or None.
Lineup = tuple[tuple[str, ...], tuple[int | None, ...]] | None
Job = tuple[str, str, int, str, str, int | None, tuple[str, str], tuple[Lineup, Lineup], "ChartFile | None"]


def check_simulation(
    rules: str, managers: tuple[str, str], lineup_file: Path | None, league: str, innings: int | None, chart: Path | None
) -> None:
    """The simulation's options, checked together before any game is played."""
    from scorebook.games import GAMES
    from scorebook.sim import load_manager, player_for

    try:
        player = player_for(rules)
        game = GAMES[rules]
        if any(managers) and player is None:
            raise ValueError(f"--manager is for the baseball games; {game.title}'s simulator has its own policies")
        if lineup_file and (not game.lineups or league):
            raise ValueError("--lineup-file is for the baseball games without --league (a league's teams bat as it says)")
        if innings and innings not in game.innings:
            raise ValueError(f"{game.innings_rule}, not --innings {innings}")
        for spec in filter(None, managers):
            load_manager(spec)
        if chart and league:
            raise ValueError("a league's games use the league's own chart (`chart =` in its TOML); drop --chart")
        if chart and not game.chart:
            charted = next(g for g in GAMES.values() if g.chart)  # the game whose rules take a dice chart
            raise ValueError(f"--chart is a {charted.title} chart: give --rules {charted.name}, not {rules}")
    except (ValueError, ImportError, AttributeError, OSError) as problem:
        raise ScorebookProblem(str(problem)) from None


def given_lineups(path: Path, rules: str) -> tuple[Lineup, Lineup]:
    """The lineup file's teams (the file `game new --lineup-file` reads), checked against the
    rules: each as its batters then its pitcher, and their positions."""
    from scorebook.files import read_lineups

    given, _ = read_lineups(path, rules)
    return tuple(  # type: ignore[return-value]
        lineup and (tuple(e.name for e in lineup.lineup) + (lineup.pitcher,), tuple(e.position for e in lineup.lineup))
        for lineup in given
    )


def simulate_one(job: Job) -> tuple[str, str]:
    """One game for a worker process: (file name, text)."""
    from scorebook.sim import Manager, load_manager, simulate_game
    from scorebook.sim.writer import team_names

    rules, seed, index, away, home, innings, managers, lineups, chart = job
    game_seed = f"{seed}-{index}"
    if not (away and home):
        import random

        away, home = team_names(random.Random(f"teams {game_seed}"))
    options: dict[str, object] = {"away": away, "home": home, "game_id": f"sim-{seed}-{index}"}
    if innings:
        options["innings"] = innings
    if any(managers):
        options["managers"] = tuple(load_manager(spec) if spec else Manager() for spec in managers)
    if any(lineups):
        options["rosters"] = tuple(lineup and lineup[0] for lineup in lineups)
        options["positions"] = tuple(lineup and lineup[1] for lineup in lineups)
    if chart:
        options["chart"] = chart
    name = f"game-{index:05d}"
    text = simulate_game(game_seed, rules, **options)
    return name, text


def simulate_files(
    out: Path, games: int, seed: int, rules: str, *, away: str = "", home: str = "", innings: int | None = None,
    managers: tuple[str, str] = ("", ""), lineups: tuple[Lineup, Lineup] = (None, None), chart: ChartFile | None = None,
    workers: int = 1,
) -> Iterator[Path]:  # fmt: skip
    """Play `games` games and write each as a file in `out` (made if missing; their Dice
    Baseball `chart` beside them), in `workers` processes; yields each file as it is written,
    in order. Teams not given get generated names; managers are specs (`load_manager`)."""
    from scorebook.files import write_chart_beside
    from scorebook.parallel import in_processes

    out.mkdir(parents=True, exist_ok=True)
    if chart:
        write_chart_beside(out, chart)
    jobs: list[Job] = [(rules, str(seed), i, away, home, innings, managers, lineups, chart) for i in range(1, games + 1)]
    for name, text in in_processes(simulate_one, jobs, workers, chunksize=8):
        path = out / f"{name}.game"
        path.write_text(text, encoding="utf-8")
        yield path


def stored_box_score(store: Store, game_id: str, game: Any = None) -> Any:
    """A stored game's box score (`game`: its replay, if the caller has it), each pitcher's
    decision with his season to date beside it, `(W, 3-1)`, and each home run with the
    batter's season count, as newspapers print them; a Retrosheet game's umpires and official
    scorer as its `info` records name them, where its game file names none."""
    from scorebook.games import game_of

    game = game or store.replay(game_id)
    kind = game_of(game)
    if not kind.decisions:
        return kind.box_score(game)
    teams = game.game.header.teams
    season = {(teams.index(team), player): counts for (team, player), counts in store.season_decisions(game_id).items()}
    home_runs = {(teams.index(team), batter): n for (team, batter), n in store.season_home_runs(game_id).items()}
    box = kind.box_score(game, season, home_runs)
    origin = store.origin(game_id)
    if origin is not None and not box.officials:
        box.officials = retrosheet_officials(origin)
    return box


def stored_sheet_box(store: Store, game_id: str, game: Any = None) -> Any:
    """The box score a stored game's scoresheet reads: `stored_box_score`'s, and a Retrosheet
    game's park and start time from its `info` records where its game file names none."""
    box = stored_box_score(store, game_id, game)
    origin = store.origin(game_id)
    for key, record in (("site", "site"), ("time", "starttime")) if origin is not None else ():
        box.options.setdefault(key, origin.info(record) or "")
    return box


# Retrosheet's `info` records of the umpires, by the base each stood at, and of the official scorer.
_UMPIRES = (("umphome", "HP"), ("ump1b", "1B"), ("ump2b", "2B"), ("ump3b", "3B"), ("umplf", "LF"), ("umprf", "RF"))


def retrosheet_officials(origin: Origin) -> dict[str, str]:
    """The umpires (`HP rackd901, 1B vanol901 ...`, Retrosheet's ids) and the official scorer
    of a game imported from Retrosheet, where its records name them."""
    umpires = [f"{base} {origin.info(key)}" for key, base in _UMPIRES if origin.info(key) not in (None, "", "(none)")]
    scorer = origin.info("oscorer")
    officials = {"umpires": ", ".join(umpires)} if umpires else {}
    return officials | {"scorer": scorer} if scorer else officials


# --- live scoring at the table -----------------------------------------------------------------


def scorer_file(db: str, game_id: str, kind: str) -> Path:
    """A file of the scorer's own for a game of a store (`kind`: "history", the `live` prompt's
    lines; "redo", the statements undone): in $XDG_DATA_HOME/scorebook (else
    ~/.local/share/scorebook; %LOCALAPPDATA%\\scorebook on Windows), named for the game and
    the store, a SQLite file by its absolute path."""
    import hashlib
    import os

    base = os.environ.get("XDG_DATA_HOME") or os.environ.get("LOCALAPPDATA") or str(Path.home() / ".local" / "share")
    where = db
    if db.startswith("sqlite:///") and len(db) > len("sqlite:///"):
        where = str(Path(db[len("sqlite:///") :]).resolve())
    store = hashlib.sha256(where.encode()).hexdigest()[:10]
    name = game_id if ID_CHARACTERS.fullmatch(game_id) and len(game_id) <= 100 else hashlib.sha256(game_id.encode()).hexdigest()[:20]
    return Path(base) / "scorebook" / kind / f"{name}-{store}"


def remember_undone(db: str, game_id: str, undone: str, statements: tuple[str, ...]) -> None:
    """Keep a statement an undo took back for `redo`, with the statements the game was left
    with: a redo gives it back only to that game."""
    import json

    path = scorer_file(db, game_id, "redo")
    stack = _undone(path)
    stack.append({"text": undone, "statements": len(statements), "last": statements[-1] if statements else ""})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(stack), encoding="utf-8")
    except OSError as failure:
        raise CannotKeepRedo(f"the undo is done, but cannot be redone: {path} cannot be written ({failure.strerror})") from None


def redo(live: Any, db: str, game_id: str, against: int | None = None) -> Any:
    """Record again the last statement an undo took back (`live`: a `store.live.Live`), if the
    game is as that undo left it; anything recorded or undone since gives nothing to redo.
    `against`: the number of statements the scorer saw, as `Live.record` takes it."""
    import json

    path = scorer_file(db, game_id, "redo")
    stack = _undone(path)
    if not stack:
        raise NothingToRedo(f"nothing to redo: no statement of game {game_id} was taken back here")
    entry = stack.pop()
    now = live.state(game_id).statements
    if against is not None and against != len(now):
        raise StaleState(f"the game has moved on: {len(now)} statements are stored, not the {against} the redo was asked against")
    if len(now) != entry["statements"] or (now[-1] if now else "") != entry["last"]:
        path.unlink(missing_ok=True)
        raise NothingToRedo(f"nothing to redo: game {game_id} has changed since `{entry['text']}` was taken back")
    done = live.record(game_id, entry["text"], against=entry["statements"])
    if stack:
        path.write_text(json.dumps(stack), encoding="utf-8")
    else:
        path.unlink(missing_ok=True)
    return done


def _undone(path: Path) -> list[dict]:
    """The statements undone and kept for redo, latest last (none for a file unreadable)."""
    import json

    try:
        stack = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return stack if isinstance(stack, list) else []
