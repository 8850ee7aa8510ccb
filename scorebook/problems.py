"""The problems scorebook reports about its input.

In baseball an *error* is a fielding play, so input problems are named for what went wrong:
``InvalidPlay`` when a statement does not follow the game-file grammar (found without any game
state), ``IllegalPlay`` when it is well formed but breaks a rule in the current game state.
Both carry where the problem is (``file:line:col``), the offending text and, for rule problems,
a short state string such as "top 3, 1 out, runners on 1st and 3rd".
"""

from __future__ import annotations


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
            text = f"`{self.token}`: {text}"
        if self.state:
            text = f"{text} [{self.state}]"
        return f"{self.where}: {text}" if self.where else text


class InvalidPlay(ScorebookProblem):
    """A statement that does not follow the game-file grammar (syntax, no game state)."""


class IllegalPlay(ScorebookProblem):
    """A well-formed statement that breaks a rule of the game in the current state."""
