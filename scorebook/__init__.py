"""scorebook: scorekeeping, box scores and statistics for tabletop dice-baseball.

Stages, one direction: `notation` (parse) -> `engine` (+ `games` rules) -> facts -> `reports`.

The public operations are this package's names (`__all__`; docs/python-api.md shows each):

    >>> import scorebook
    >>> game = scorebook.replay_file("samples/one-run-game.game")
    >>> scorebook.box_dict(scorebook.box_score(game))["status"]
    'final'

Every problem is a `ScorebookProblem`, of a class that says what went wrong (`NoSuchGame`,
`IllegalPlay` ...; see scorebook/problems.py). The operations are imported on first use, so
that `import scorebook` stays cheap: recording a play does not load polars or SQLAlchemy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from scorebook.problems import (
    AmbiguousPlayer,
    CannotOpenStore,
    CannotReadFile,
    CannotWriteFile,
    CannotWriteStore,
    IllegalPlay,
    InvalidChart,
    InvalidDecision,
    InvalidForfeit,
    InvalidLayout,
    InvalidLeague,
    InvalidLeagueGame,
    InvalidLineup,
    InvalidOptions,
    InvalidPlay,
    InvalidPlayoffs,
    InvalidRetrosheet,
    InvalidStatsOption,
    InvalidToml,
    NoScheduledGame,
    NoSuchFile,
    NoSuchGame,
    NoSuchLeague,
    NoSuchLineup,
    NoSuchPlayer,
    NoSuchTeam,
    NotFound,
    NothingToRecord,
    NothingToUndo,
    SameGameStored,
    ScorebookProblem,
    StoredAlready,
    UnknownGameRules,
    UnknownStatistic,
)

if TYPE_CHECKING:  # what the lazy names below are, for type checkers and editors
    from os import PathLike

    from scorebook.engine.bonn_die import BonnDieReplay
    from scorebook.engine.core import Replay
    from scorebook.files import replay_text
    from scorebook.league.definition import read_league
    from scorebook.league.stored import load_league, save_league
    from scorebook.stats import batting, fielding, pitching
    from scorebook.stats import bonn_die as bonn_die_stats
    from scorebook.store.db import Store

__version__ = "0.1.0"

# The operations that live in the stages' modules: name -> (module, its name there), imported
# when first asked for.
_LAZY = {
    "replay_text": ("scorebook.files", "replay_text"),
    "Store": ("scorebook.store.db", "Store"),
    "batting": ("scorebook.stats", "batting"),
    "pitching": ("scorebook.stats", "pitching"),
    "fielding": ("scorebook.stats", "fielding"),
    "bonn_die_stats": ("scorebook.stats", "bonn_die"),
    "read_league": ("scorebook.league.definition", "read_league"),
    "save_league": ("scorebook.league.stored", "save_league"),
    "load_league": ("scorebook.league.stored", "load_league"),
    "standings": ("scorebook.service.league", "league_standings"),
    "leaders": ("scorebook.service.league", "league_leaders"),
}

# The operations (docs/python-api.md) and every problem class (problems.py).
__all__ = [
    "AmbiguousPlayer",
    "CannotOpenStore",
    "CannotReadFile",
    "CannotWriteFile",
    "CannotWriteStore",
    "IllegalPlay",
    "InvalidChart",
    "InvalidDecision",
    "InvalidForfeit",
    "InvalidLayout",
    "InvalidLeague",
    "InvalidLeagueGame",
    "InvalidLineup",
    "InvalidOptions",
    "InvalidPlay",
    "InvalidPlayoffs",
    "InvalidRetrosheet",
    "InvalidStatsOption",
    "InvalidToml",
    "NoScheduledGame",
    "NoSuchFile",
    "NoSuchGame",
    "NoSuchLeague",
    "NoSuchLineup",
    "NoSuchPlayer",
    "NoSuchTeam",
    "NotFound",
    "NothingToRecord",
    "NothingToUndo",
    "SameGameStored",
    "ScorebookProblem",
    "Store",
    "StoredAlready",
    "UnknownGameRules",
    "UnknownStatistic",
    "__version__",
    "batting",
    "bonn_die_stats",
    "box_csv",
    "box_dict",
    "box_score",
    "box_table",
    "fielding",
    "leaders",
    "load_league",
    "pitching",
    "read_league",
    "replay_file",
    "replay_text",
    "save_league",
    "standings",
]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'scorebook' has no attribute {name!r}")
    module, attribute = _LAZY[name]
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value  # asked once: the next time is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


def replay_file(path: str | PathLike[str]) -> Replay | BonnDieReplay:
    """Read and replay a game file of any game, Bonn Die too; the chart a Dice Baseball game
    names is read beside the file. A problem carries the file, line and column."""
    from pathlib import Path

    from scorebook.files import read_game

    return read_game(Path(path))[1]


def box_score(game: Replay | BonnDieReplay) -> Any:
    """A replayed game's box score: `reports.box.BoxScore`, or a Bonn Die game's own
    (`reports.bonn_die.BonnDieBox`)."""
    from scorebook.games import game_of

    return game_of(game).box_score(game)


def box_table(box: Any) -> str:
    """A box score as text for a terminal, as `scorebook box` prints it."""
    from scorebook.games import game_of_box

    return game_of_box(box).box_table(box)


def box_dict(box: Any) -> dict[str, object]:
    """A box score as plain data (`scorebook box --format json`)."""
    from scorebook.games import game_of_box

    return game_of_box(box).box_dict(box)


def box_csv(box: Any) -> str:
    """A box score as CSV tables (`scorebook box --format csv`)."""
    from scorebook.games import game_of_box

    return game_of_box(box).box_csv(box)
