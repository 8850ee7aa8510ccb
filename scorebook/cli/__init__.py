"""Stage 4: the command line, a thin layer over the library. Every problem the library
reports (a ScorebookProblem) is printed to stderr with its file:line:col and exits 1."""

from scorebook.cli import demo, games, keys, league, live, odds, serve, sheet, sim, stats, store  # noqa: F401  (they register their commands)
from scorebook.cli.common import app


def main() -> None:
    app()


__all__ = ["app", "main"]
