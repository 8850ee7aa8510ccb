"""The game registry: every function an entry names exists, and the lists of games come from it."""

from __future__ import annotations

import dataclasses

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
