"""The games scorebook keeps, one entry each: everything a stage needs to know of a game.

A stage asks the entry (`game_named(name)`, `game_of_text(text)`, `game_of(replay)`) instead of
telling the games apart itself. An entry names its functions as `module:name` and imports one
when it is first used, so that a command imports only what its game needs (`record`, `check` and
`sheet` start as fast as with no registry). Adding a game: its own modules and one entry here
(docs/adding-a-game.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from importlib import import_module
from typing import Any

from scorebook.notation import bonn_die
from scorebook.problems import IllegalPlay, UnknownGameRules


class Lazy:
    """`module:name`, imported when first called or read (`.value`)."""

    __slots__ = ("_value", "spec")

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self._value: Any = None

    @property
    def value(self) -> Any:
        if self._value is None:
            module, _, name = self.spec.partition(":")
            self._value = getattr(import_module(module), name)
        return self._value

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.value(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Lazy({self.spec!r})"


@dataclass(frozen=True)
class Leaders:
    """A league's leaders from one of its game's statistics tables: the categories (`[leaders]
    key`, else `categories`) and, for a rate, its qualifier: so many of `column` a game of the
    player's team, `[leaders] per_game` (else `per_game_default`) times `scale`."""

    table: str  # its `stats` table (`Game.stats`)
    key: str  # the `[leaders]` key of its categories
    categories: tuple[str, ...]  # shown when the league names none; the first is a message's example
    known: Lazy  # every category the table has
    rates: frozenset[str]  # the categories that need the qualifier
    column: str
    per_game: str
    per_game_default: float
    scale: float = 1.0


_BASEBALL_LEADERS = (
    Leaders("batting", "batting", ("AVG", "HR", "RBI", "OPS"), Lazy("scorebook.stats:BATTING"),
            frozenset({"AVG", "OBP", "SLG", "OPS"}), "PA", "pa_per_game", 3.1),
    Leaders("pitching", "pitching", ("W", "ERA", "SO", "SV", "WHIP"), Lazy("scorebook.stats:PITCHING"),
            frozenset({"ERA", "WHIP", "K/9", "BB/9"}), "outs", "ip_per_game", 1.0, scale=3),  # innings, counted in outs
)  # fmt: skip
_BASEBALL_SECTIONS = (
    ("batting", Lazy("scorebook.reports.pdf:team_batting_section")),
    ("pitching", Lazy("scorebook.reports.pdf:team_pitching_section")),
)


@dataclass(frozen=True)
class Game:
    """One game and, stage by stage, what scorebook does with it."""

    name: str  # its `rules=`
    title: str  # as a message names it
    parse: Lazy  # (text, path) -> the parsed game file
    replay: Lazy  # (parsed game file, rules) -> its replay, the engine's facts and last state
    rules: Lazy | None  # its rules, an `engine.rules.Rules` subclass; None: its engine is its rules (Bonn Die)
    innings: range  # the regulation innings a game of it may have
    default_innings: int
    innings_rule: str  # how a problem says that range
    lineups: bool  # its teams bat in an order: lineups are checked against its rules
    decisions: bool  # its pitchers win, lose and save (`engine/decisions.py`, rules 9.17 and 9.19)
    chart: bool = False  # its rules take a dice chart (`chart=`, a league's own)
    incremental: bool = True  # live scoring applies a statement to the stored state, not a replay
    tables: tuple[str, ...] = ("events", "facts", "runs", "outs", "steals", "chances", "appearances")
    store_rows: Lazy = field(default_factory=lambda: Lazy("scorebook.store.rows:replay_rows"))  # (game_id, replay)
    players: Lazy = field(default_factory=lambda: Lazy("scorebook.store.rows:replay_players"))  # replay -> team: names
    box_score: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.box:box_score"))
    box_table: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.box:box_table"))
    box_dict: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.box:box_dict"))
    box_csv: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.box:box_csv"))
    box_pdf: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.pdf:box_pdf"))
    play_rows: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.playbyplay:rows"))
    play_columns: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.playbyplay:COLUMNS"))
    play_align: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.playbyplay:ALIGN"))
    sheet_data: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.sheet:sheet_data"))  # replay -> sheet
    sheet_render: Lazy = field(default_factory=lambda: Lazy("scorebook.reports.sheet:render_sheet"))  # sheet, layout
    sheet_layout: str = "scoresheet"  # its layout's name (`reports.sheet.load_layout`)
    # A game without lineups draws a sheet of its own: (teams, innings=) -> an empty one. The
    # baseball games' sheet (the batting orders, pages, inning columns) is drawn by `cli/sheet.py`.
    blank_sheet: Lazy | None = None
    simulator: Lazy | None = None  # (seed, rules, **options) -> a game's text; None: scorebook does not simulate it
    player: Lazy | None = None  # a baseball game's die-by-die player (`sim/diceball.py`), which the simulator drives
    league: bool = True  # a league may play it (`rules =` in a league's TOML)
    stats: tuple[tuple[str, Lazy], ...] = ()  # the `stats` tables of its games, by name
    stats_example: str = "batting --sort OPS"  # the `stats` command a message suggests
    facts_table: str = "facts"  # the table of its statements' facts (a game's JSON export)
    state_line: Lazy = field(default_factory=lambda: Lazy("scorebook.store.live:baseball_state_line"))  # (state, teams, score)
    retrosheet: bool = True  # its games have a Retrosheet form (`export --format retrosheet`)
    # Its spray chart (`reports/spray.py`): "board", where the balls land on the Diceball board's
    # locations; "results", the plate appearances by result (no board location is stored); "": none.
    spray: str = "results"
    leaders: tuple[Leaders, ...] = _BASEBALL_LEADERS  # a league's leaders, table by table
    report_sections: tuple[tuple[str, Lazy], ...] = _BASEBALL_SECTIONS  # a league report's: (stats table by team, section)
    # A league's (team, inning, count) in its report's chart: a query of its games' rows, those of
    # its regular season joined in at `{season}` (`Store.by_inning`).
    by_inning: str = (
        "SELECT f.batting_team, f.inning, SUM(f.runs) FROM named_facts f {season} AND f.inning > 0 GROUP BY f.batting_team, f.inning"
    )
    by_inning_title: str = "Runs by inning"
    # A player's game log on his page: the stats tables it shows, each with the box score's columns.
    game_log: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("batting", ("AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "SO", "SB", "CS")),
        ("pitching", ("IP", "H", "R", "ER", "BB", "SO", "HR", "W", "L", "SV")),
    )
    pitch_count: Lazy | None = None  # (pitch dice so far) -> (balls, strikes, dice read, how it ended); None: no pitch dice
    win_line: Lazy | None = None  # replay -> the home team's chance after each play; None: no model of its dice

    def new_rules(self, chart: Any = None) -> Any:
        """Its rules object; `chart`: a Dice Baseball chart (`ChartFile`), a league's own."""
        if self.rules is None:
            raise IllegalPlay(f"rules={self.name} has its own engine and no rule set to play another game's file by")
        return self.rules(chart) if self.chart else self.rules()

    def replay_parsed(self, parsed: Any, rules: Any = None) -> Any:
        """Its engine's replay of a parsed game file, under `rules` (its own, if it has a rule set)."""
        return self.replay(parsed) if self.rules is None else self.replay(parsed, rules or self.new_rules())


_BASEBALL_STATS = tuple((name, Lazy(f"scorebook.stats:{name}")) for name in ("batting", "pitching", "fielding"))
_BASEBALL = Game(
    name="baseball",
    title="baseball",
    parse=Lazy("scorebook.notation.syntax:parse_game"),
    replay=Lazy("scorebook.engine.core:replay"),
    rules=Lazy("scorebook.games.baseball:Baseball"),
    innings=range(1, 100),  # a game file's innings= (notation/syntax.py)
    default_innings=9,
    innings_rule="the regulation innings, a whole number from 1 to 99 (a game's innings=)",
    lineups=True,
    decisions=True,
    league=False,  # the official rules are the Retrosheet import's, not a league's dice
    stats=_BASEBALL_STATS,
)
_DICEBALL = replace(
    _BASEBALL,
    name="diceball",
    title="Diceball",
    rules=Lazy("scorebook.games.diceball:Diceball"),
    simulator=Lazy("scorebook.sim:simulate_baseball"),
    player=Lazy("scorebook.sim.diceball:DiceballPlayer"),
    league=True,
    spray="board",
    pitch_count=Lazy("scorebook.games.diceball:read_pitches"),
    win_line=Lazy("scorebook.games.diceball_win:game_line"),
)
_DICE_BASEBALL = replace(
    _DICEBALL,
    name="dice-baseball",
    title="Dice Baseball",
    rules=Lazy("scorebook.games.dice_baseball:DiceBaseball"),
    chart=True,
    player=Lazy("scorebook.sim.dice_baseball:DiceBaseballPlayer"),
    spray="results",  # two dice read on a chart: no board
    pitch_count=None,  # two dice read on the chart: no pitch by pitch
    win_line=None,
)
_BONN_DIE_LEADERS = (
    Leaders("bonn-die", "bonn_die", ("points", "PPR", "WIN%", "strikes"), Lazy("scorebook.stats:BONN_DIE"),
            frozenset({"PPR", "WIN%"}), "rounds", "rounds_per_game", 10),  # rounds thrown a team game
)  # fmt: skip
_BONN_DIE = Game(
    name="bonn-die",
    title="Bonn Die",
    parse=Lazy("scorebook.notation.bonn_die:parse_bonn_die"),
    replay=Lazy("scorebook.engine.bonn_die:replay"),
    rules=None,  # one rulebook, no variant: the round engine and its dice (`engine/bonn_die*.py`) are it
    innings=bonn_die.INNINGS,
    default_innings=bonn_die.DEFAULT_INNINGS,
    innings_rule=f'a Bonn Die game has {bonn_die.INNINGS[0]} to {bonn_die.INNINGS[-1]} innings ("Play 1–3 innings")',
    lineups=False,  # the players throw in turn
    decisions=False,  # no pitchers: two players throw in turn
    incremental=False,  # a Bonn Die game is a few dozen rounds: live scoring replays it
    tables=("events", "rounds"),  # no facts or appearances: a player's games are counted from the rounds
    store_rows=Lazy("scorebook.store.rows:bonn_die_rows"),
    players=Lazy("scorebook.store.rows:bonn_die_players"),
    box_score=Lazy("scorebook.reports.bonn_die:box_score"),
    box_table=Lazy("scorebook.reports.bonn_die:box_table"),
    box_dict=Lazy("scorebook.reports.bonn_die:box_dict"),
    box_csv=Lazy("scorebook.reports.bonn_die:box_csv"),
    box_pdf=Lazy("scorebook.reports.pdf:bonn_die_box_pdf"),
    play_rows=Lazy("scorebook.reports.bonn_die:play_rows"),
    play_columns=Lazy("scorebook.reports.bonn_die:PLAY_COLUMNS"),
    play_align=Lazy("scorebook.reports.bonn_die:PLAY_ALIGN"),
    sheet_data=Lazy("scorebook.reports.bonn_die_sheet:sheet_data"),
    sheet_render=Lazy("scorebook.reports.bonn_die_sheet:render"),
    sheet_layout="bonn_die_sheet",
    blank_sheet=Lazy("scorebook.reports.bonn_die_sheet:blank_sheet"),
    simulator=Lazy("scorebook.sim.bonn_die:simulate"),
    stats=(("bonn-die", Lazy("scorebook.stats:bonn_die")),),
    stats_example="bonn-die --sort points",
    facts_table="rounds",
    state_line=Lazy("scorebook.engine.bonn_die:state_line"),
    retrosheet=False,
    spray="",  # rounds of dice: no ball is put in play
    leaders=_BONN_DIE_LEADERS,
    report_sections=(("bonn-die", Lazy("scorebook.reports.pdf:bonn_die_section")),),
    by_inning="SELECT f.offense_team, f.inning, SUM(f.points) FROM named_rounds f {season} GROUP BY f.offense_team, f.inning",
    by_inning_title="Points by inning",
    game_log=(("bonn-die", ("rounds", "hit", "points", "won", "strikes", "outs", "calls")),),
)

# The one list of the games, in the order messages name them.
GAMES: dict[str, Game] = {game.name: game for game in (_DICEBALL, _DICE_BASEBALL, _BASEBALL, _BONN_DIE)}
KNOWN_RULES = tuple(GAMES)
SIMULATED = tuple(name for name, game in GAMES.items() if game.simulator)
LEAGUE_RULES = tuple(name for name, game in GAMES.items() if game.league)
STATS_TABLES: dict[str, Lazy] = {name: table for game in GAMES.values() for name, table in game.stats}
DEFAULT = "diceball"  # a game file without `rules=`
# Every `[leaders]` categories key a league may write, each once (games share their tables).
LEADER_TABLES: dict[str, Leaders] = {table.key: table for game in GAMES.values() for table in game.leaders}

_RULES_RE = re.compile(r"^\s*game\b[^\n#]*\brules=([a-z][a-z-]*)", re.MULTILINE)


def game_named(name: str) -> Game:
    """The game `rules=name`; an IllegalPlay names the games scorebook knows."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGameRules(f"unknown rules={name}; scorebook knows {', '.join(KNOWN_RULES)}") from None


def game_of_text(text: str) -> Game:
    """The game whose syntax a game file is written in, read before any parsing (its `game`
    statement's `rules=`). A name scorebook does not know is parsed as a baseball game, whose
    header check names it at its line and column."""
    found = _RULES_RE.search(text)
    return GAMES.get(found.group(1) if found else DEFAULT, GAMES[DEFAULT])


def game_of(replay: Any) -> Game:
    """The game of a replay (either engine's), by its header's `rules=`."""
    return GAMES[replay.game.header.rules]


def game_of_box(box: Any) -> Game:
    """The game of a box score (any game's), by its `rules`."""
    return GAMES[box.rules]


def either(names: tuple[str, ...]) -> str:
    """Names as a message lists them: `a, b or c`."""
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
