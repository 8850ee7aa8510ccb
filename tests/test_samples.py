"""Real games as fixtures: every sample checks, and its box score equals its golden file.

After a deliberate change to the box score, rewrite the golden files with
`SCOREBOOK_UPDATE_GOLDEN=1 pytest tests/test_samples.py` and review the diff."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scorebook.files import replay_game
from scorebook.notation import parse_game
from scorebook.reports.box import box_dict, box_score

from .conftest import BASEBALL_SAMPLES, OFFICIAL_SCORING, RULEBOOK_EXAMPLE

GOLDEN = Path(__file__).parent / "golden"
GAMES = BASEBALL_SAMPLES


def load(path: Path):
    return replay_game(parse_game(path.read_text(encoding="utf-8"), str(path)))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_sample_box_equals_its_golden_file(path: Path):
    box = box_dict(box_score(load(path)))
    golden = GOLDEN / f"{path.stem}.box.json"
    if os.environ.get("SCOREBOOK_UPDATE_GOLDEN"):
        golden.write_text(json.dumps(box, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert box == json.loads(golden.read_text(encoding="utf-8"))


COMPLETE = [p for p in GAMES if p not in (RULEBOOK_EXAMPLE, OFFICIAL_SCORING)]


@pytest.mark.parametrize("path", COMPLETE, ids=lambda p: p.stem)
def test_complete_samples_have_what_the_issue_asks(path: Path):
    game = load(path)
    facts = game.facts
    assert game.state.over and game.state.inning >= 9
    # The intentional walk is given "without rolling the die"; a bunt has its bunt die.
    assert all(f.play.has_dice for f in facts if f.pa and not f.ibb), "dice on every plate appearance"
    assert all(
        f.play.hit_dice for f in facts if f.pa and not (f.so or f.bb or f.play.bunt)
    ), "a hit location on every ball in play"
    assert any(f.kind == "pitcher" for f in facts), "a pitching change"
    assert any(f.kind == "sub" for f in facts), "a pinch hitter"
    assert any(f.gdp for f in facts), "a double play"
    assert any(f.play.code == "FC" for f in facts if f.pa), "a fielder's choice"
    assert any(f.error for f in facts), "an error"
    assert any(not s.caught for f in facts for s in f.steals), "a stolen base"
    assert any(s.caught for f in facts for s in f.steals), "a caught stealing"


def test_one_sample_ends_in_extra_innings_and_one_on_a_walk_off():
    endings = {p.stem: load(p).facts[-1] for p in COMPLETE}
    assert any(f.inning > 9 for f in endings.values())
    assert any(f.half == 1 and f.ends_game and f.outs_after < 3 for f in endings.values())


def test_the_official_scoring_sample_has_what_the_statistics_need():
    game = load(OFFICIAL_SCORING)
    facts = game.facts
    assert game.state.over and game.state.inning == game.state.innings == 3
    assert any(f.sf for f in facts), "a sacrifice fly"
    assert any(f.hbp for f in facts), "a hit by pitch"
    assert any(f.error for f in facts) and any(not r.earned for f in facts for r in f.runs), "an unearned run after an error"
    # A runner put on by the starter scores off the reliever: the run is the starter's.
    change = next(i for i, f in enumerate(facts) if f.kind == "pitcher")
    starter = facts[change].replaced
    assert any(r.pitcher == starter for f in facts[change:] for r in f.runs), "an inherited runner scoring off a reliever"
