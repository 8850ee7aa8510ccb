"""The win-probability line of a Diceball game page: the model (games/diceball_win.py) and its
SVG (reports/winprob.py)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from scorebook.games.diceball_win import extra_inning, game_line, half_runs, home_win_chance, transitions
from scorebook.reports.winprob import win_line_svg
from scorebook.store.db import Store


@pytest.mark.parametrize("innings", [9, 7, 3])
def test_equal_teams_start_even(innings):
    assert home_win_chance(1, 0, 0, 0, 0, innings) == pytest.approx(0.5, abs=1e-9)
    assert extra_inning() == pytest.approx(0.5, abs=1e-9)


def test_each_plate_appearance_and_half_inning_is_a_whole_chance():
    for bases in range(8):
        assert sum(chance for chance, *_ in transitions(bases)) == pytest.approx(1, abs=1e-12)
        for outs in range(3):
            assert sum(half_runs(outs, bases)) == pytest.approx(1, abs=1e-9)
    assert half_runs(3, 7)[0] == 1  # three outs: no more runs


POINTS = [(inning, half, outs, bases) for inning in (1, 5, 9, 10) for half in (0, 1) for outs in range(3) for bases in (0, 1, 5, 7)]


@pytest.mark.parametrize("point", POINTS)
def test_the_chance_grows_with_the_home_teams_lead(point):
    chances = [home_win_chance(*point, lead) for lead in range(-6, 7)]
    assert all(a <= b + 1e-12 for a, b in pairwise(chances))
    assert all(0 <= c <= 1 for c in chances)
    assert chances[-1] > chances[0]


def test_runners_help_the_team_at_bat_and_outs_hurt_it():
    for lead in (-1, 0, 1):
        top = [home_win_chance(3, 0, 0, bases, lead) for bases in (0, 1, 3, 7)]
        assert top == sorted(top, reverse=True)  # the away team's runners: the home team's chance falls
        bottom = [home_win_chance(3, 1, outs, 0, lead) for outs in range(3)]
        assert bottom == sorted(bottom, reverse=True)  # the home team's outs: its chance falls


def test_the_end_of_a_game_is_certain():
    assert home_win_chance(9, 1, 0, 0, 1) == 1  # the walk-off
    assert home_win_chance(9, 0, 3, 0, 1) == 1  # ahead after the top of the ninth: no bottom
    assert home_win_chance(9, 1, 3, 0, -1) == 0  # behind after the bottom of the ninth
    assert home_win_chance(12, 1, 3, 0, 0) == pytest.approx(0.5)  # tied after the twelfth: one more, even
    assert home_win_chance(8, 1, 3, 0, -1) > 0  # behind after eight: the ninth is still to play


def test_a_stored_games_line_starts_even_and_ends_with_its_winner(tmp_path):
    from scorebook.sim import simulate_baseball

    store = Store(f"sqlite:///{tmp_path / 'win.db'}")
    path = tmp_path / "g.game"
    for seed in range(1, 6):
        path.write_text(simulate_baseball(seed, "diceball"), encoding="utf-8")
        game_id = store.import_file(path).game_id
        game = store.replay(game_id)
        line = game_line(game)
        away, home = game.state.score
        assert line[0] == pytest.approx(0.5)
        assert line[-1] == (1.0 if home > away else 0.0)
        assert len(line) == 1 + sum(f.kind in ("pa", "runners") for f in game.facts)


def test_the_svg_escapes_the_names_and_draws_a_point_a_play():
    svg = win_line_svg([0.5, 0.6, 0.2, 1.0], "<script>alert(1)</script>", 'A "B" & C')
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "&quot;B&quot; &amp; C" in svg
    points = re.search(r'points="([^"]+)"', svg).group(1).split()
    ys = [float(p.split(",")[1]) for p in points]
    assert len(points) == 4 and ys[3] < ys[0] < ys[2]  # 100% at the top, 0% at the bottom
    assert "A &quot;B&quot; &amp; C 100%" in svg
