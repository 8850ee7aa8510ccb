"""The problems scorebook reports about its input.

In baseball an *error* is a fielding play, so input problems are named for what went wrong:
``InvalidPlay`` when a statement does not follow the game-file grammar (found without any game
state), ``IllegalPlay`` when it is well formed but breaks a rule in the current game state.
Both carry where the problem is (``file:line:col``), the offending text and, for rule problems,
a short state string such as "top 3, 1 out, runners on 1st and 3rd".

Every other kind of failure has a class of its own below ``ScorebookProblem``, so that a caller
catches what it can handle (a web page answers ``NotFound`` with a 404) and lets the rest go up;
the command line prints any of them the same way. A class is named for what went wrong, not
for where: ``NoSuchTeam`` is raised by a league's definition, by the stats filters and by the
league report alike.
"""

from __future__ import annotations

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
    "NoSuchKey",
    "NoSuchLeague",
    "NoSuchLineup",
    "NoSuchPlayer",
    "NoSuchTeam",
    "NotAllowed",
    "NotFound",
    "NothingToRecord",
    "NothingToUndo",
    "SameGameStored",
    "ScorebookProblem",
    "StaleState",
    "StoredAlready",
    "UnknownGameRules",
    "UnknownStatistic",
]


_LONGEST_TOKEN = 80  # a token shown in full up to this length: a hostile one may be megabytes


class ScorebookProblem(Exception):
    """Base of every problem the CLI reports to the user (stderr, exit 1)."""

    def __init__(
        self,
        message: str,
        *,
        path: str = "",
        line: int = 0,
        col: int = 0,
        token: str = "",
        state: str = "",
        fix: str = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.col = col
        self.token = token
        self.state = state
        self.fix = fix  # what to write instead of the token, where there is one right answer

    def at(self, path: str = "", line: int = 0, col: int = 0) -> ScorebookProblem:
        """Fill in the location where the caller knows it better; returns self."""
        self.path = self.path or path
        self.line = self.line or line
        self.col = self.col or col
        return self

    @property
    def where(self) -> str:
        parts = [p for p in (self.path, self.line and str(self.line), self.col and str(self.col)) if p]
        return ":".join(parts)

    def __str__(self) -> str:
        text = self.message
        if self.token:
            token = self.token if len(self.token) <= _LONGEST_TOKEN else f"{self.token[: _LONGEST_TOKEN - 3]}..."
            text = f"`{token}`: {text}"
        if self.state:
            text = f"{text} [{self.state}]"
        return f"{self.where}: {text}" if self.where else text


class InvalidPlay(ScorebookProblem):
    """A statement that does not follow the game-file grammar (syntax, no game state)."""


class IllegalPlay(ScorebookProblem):
    """A well-formed statement that breaks a rule of the game in the current state."""


class UnknownGameRules(IllegalPlay):
    """`rules=` names a game scorebook does not keep."""


class InvalidLineup(IllegalPlay):
    """A lineup the rules do not allow: its number of batters, a player or a position twice."""


class InvalidLineupFile(ScorebookProblem):
    """A CSV lineup or roster file that does not read: its header, a row, a value."""


class InvalidToml(ScorebookProblem):
    """A TOML file (a league, a chart, a layout) that is not TOML."""


class InvalidChart(ScorebookProblem):
    """A Dice Baseball chart that does not give each pair of dice one result of the game."""


class InvalidLeague(ScorebookProblem):
    """A league definition that breaks a rule of its format, or that its stored games contradict."""


class InvalidLeagueGame(ScorebookProblem):
    """A game stored for a league that it does not fit: a team, rules or innings not the
    league's, or no open game of its schedule."""


class InvalidPlayoffs(ScorebookProblem):
    """A playoff bracket or series that cannot be played: a bracket not of 2, 4, 8 ... teams or
    of more teams than the league has, a series of an even number of games."""


class InvalidForfeit(ScorebookProblem):
    """A forfeit the schedule refuses: a winner not in the game, a game played already."""


class InvalidRetrosheet(ScorebookProblem):
    """A Retrosheet event file that does not read as a game scorebook can replay."""


class InvalidLayout(ScorebookProblem):
    """A printable layout that cannot hold what is asked of it (its columns, the batters)."""


class InvalidDecision(ScorebookProblem):
    """A simulated manager's answer that is not one of the decision's choices."""


class InvalidOptions(ScorebookProblem):
    """Options that do not go together, or do not fit the game or league they are used on."""


class InvalidStatsOption(ScorebookProblem, ValueError):
    """A stats option the frames cannot take: a grouping that is not player, team or league,
    a date that is not YYYY-MM-DD, innings not written as scorers write them."""


class UnknownStatistic(ScorebookProblem):
    """A column or leaders' category that the statistics do not have."""


class NotFound(ScorebookProblem):
    """Something asked for by name that is not there; the classes below say what."""


class NoSuchFile(NotFound):
    """A file that does not exist."""


class NoSuchGame(NotFound):
    """A game the store does not hold."""


class NoSuchLeague(NotFound):
    """A league the store does not hold."""


class NoSuchTeam(NotFound):
    """A team that is not the league's (or the store's)."""


class NoSuchPlayer(NotFound):
    """A player who never batted where he was looked for."""


class NoSuchLineup(NotFound):
    """A team with no stored game to take a lineup from."""


class NoScheduledGame(NotFound):
    """A league schedule without the game asked for, or with no open game left."""


class AmbiguousPlayer(ScorebookProblem):
    """A player's name that several teams' players have: the team must be named too."""


class CannotReadFile(ScorebookProblem):
    """A file that exists but cannot be read (permissions, not UTF-8 text)."""


class CannotWriteFile(ScorebookProblem):
    """A file that cannot be written, or would replace a different file of the same name."""


class CannotOpenStore(ScorebookProblem):
    """A database that cannot be opened (a wrong URL, no server, no such file for a command
    that only reads, a damaged file, another program's or an older scorebook's tables), or
    cannot do what is asked (live scoring on an in-memory database)."""


class CannotWriteStore(ScorebookProblem):
    """A database that cannot take what is to be stored: read-only, its disk full, locked by
    another program. Nothing of it is stored."""


class NamesCollide(ScorebookProblem):
    """Two names whose ids (their hashes, `store/rows.py`) are the same: the second is not stored."""


class StoredAlready(ScorebookProblem):
    """What is to be stored is stored already: a game of its id or of its content, a league,
    a league's schedule. Storing it again with `replace` replaces it."""


class SameGameStored(StoredAlready):
    """The very game, the same statements, is stored already: an import run again skips it."""


class NothingToRecord(ScorebookProblem):
    """A statement to record that holds no play."""


class NothingToUndo(ScorebookProblem):
    """An undo on a game that has no statement."""


class NothingToRedo(ScorebookProblem):
    """A redo with no statement taken back to give back, or the game changed since the undo."""


class CannotKeepRedo(ScorebookProblem):
    """An undo whose statement cannot be kept for redo: the scorer's data folder is not writable."""


class FinalGame(ScorebookProblem):
    """An undo that would reopen a game over, not confirmed."""


class StaleState(ScorebookProblem):
    """A statement made against a state of the game that is no longer its last: another
    scorer (the web, `scorebook record`) recorded or undid a statement in between."""


class NotAllowed(ScorebookProblem):
    """A write to the store without a scorer's key that admits it."""


class NoSuchKey(NotFound):
    """A scorer's key id the store does not hold."""
