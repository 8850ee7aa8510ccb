"""The game registry: every function an entry names exists, the lists of games come from it,
and no code outside a game's own modules and the registry tells the games apart."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from scorebook.games import GAMES, KNOWN_RULES, LEAGUE_RULES, SIMULATED, STATS_TABLES, Lazy, game_named, game_of_text
from scorebook.problems import IllegalPlay


@pytest.mark.parametrize("name", list(GAMES))
def test_every_function_an_entry_names_is_there(name):
    game = GAMES[name]
    named = [value for value in (getattr(game, f.name) for f in dataclasses.fields(game)) if isinstance(value, Lazy)]
    for lazy in named + [table for _, table in game.stats]:
        assert lazy.value is not None, lazy.spec
    assert game.default_innings in game.innings
    for lazy in [leaders.known for leaders in game.leaders] + [section for _, section in game.report_sections]:
        assert lazy.value is not None, lazy.spec
    assert {table for table, _ in game.report_sections} | {leaders.table for leaders in game.leaders} <= set(STATS_TABLES)


def test_the_lists_of_games_come_from_the_registry():
    assert KNOWN_RULES == ("diceball", "dice-baseball", "baseball", "bonn-die")
    assert SIMULATED == LEAGUE_RULES == ("diceball", "dice-baseball", "bonn-die")
    assert list(STATS_TABLES) == ["batting", "pitching", "fielding", "bonn-die"]
    known = "diceball, dice-baseball, baseball, bonn-die"
    with pytest.raises(IllegalPlay, match=f"unknown rules=pocket; scorebook knows {known}"):
        game_named("pocket")


def test_a_file_is_read_by_the_game_its_header_names():
    assert game_of_text('# a comment\ngame rules=bonn-die innings=2\naway "A"\n').name == "bonn-die"
    assert game_of_text("game innings=9\n").name == "diceball"  # no rules=: Diceball
    assert game_of_text("game rules=pocket\n").name == "diceball"  # parsed as baseball, refused at its rules=


PACKAGE = Path(__file__).resolve().parent.parent / "scorebook"
# Each game's own modules, whose classes no other module type-checks for.
GAME_MODULES = {
    "games/baseball.py", "games/diceball.py", "games/dice_baseball.py",
    "sim/diceball.py", "sim/dice_baseball.py",
    "notation/bonn_die.py", "engine/bonn_die.py", "engine/bonn_die_dice.py", "reports/bonn_die.py",
    "reports/bonn_die_sheet.py", "sim/bonn_die.py",
}  # fmt: skip
# Besides them the registry names the games, and three kinds of module that name one below it.
MAY_NAME_A_GAME = GAME_MODULES | {
    "games/registry.py",
    "importers/retrosheet.py", "importers/compare.py",  # Retrosheet's games are the official rules' (`baseball`)
    "engine/rules.py",  # the rules interface's defaults are the official rules, `name = "baseball"`
    "notation/syntax.py",  # a game file without `rules=` is Diceball's (the registry's DEFAULT says the same)
}  # fmt: skip


def _game_classes() -> set[str]:
    return {
        node.name
        for module in GAME_MODULES
        for node in ast.walk(ast.parse((PACKAGE / module).read_text("utf-8")))
        if isinstance(node, ast.ClassDef)
    }


def _tells_games_apart(tree: ast.AST, classes: set[str]):
    """Where a module names a game: a game's name as a string, or a type check on a game's class."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in GAMES:
            yield node.lineno, repr(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "issubclass"):
            named = {n.id if isinstance(n, ast.Name) else n.attr for arg in node.args[1:] for n in ast.walk(arg)
                     if isinstance(n, (ast.Name, ast.Attribute))}  # fmt: skip
            if named & classes:
                yield node.lineno, ast.unparse(node)


def test_only_a_games_own_modules_and_the_registry_name_it():
    classes = _game_classes()
    found = [
        f"scorebook/{module}:{line}: {what}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if (module := path.relative_to(PACKAGE).as_posix()) not in MAY_NAME_A_GAME
        for line, what in _tells_games_apart(ast.parse(path.read_text("utf-8")), classes)
    ]
    assert not found, "ask the game's registry entry instead:\n" + "\n".join(found)


def test_the_check_finds_a_game_named_outside_its_modules():
    code = 'if rules == "bonn-die" or isinstance(game.rules, DiceBaseball):\n    pass\n'
    found = sorted(what for _, what in _tells_games_apart(ast.parse(code), _game_classes()))
    assert found == ["'bonn-die'", "isinstance(game.rules, DiceBaseball)"]
