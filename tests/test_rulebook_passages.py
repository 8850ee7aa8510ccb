"""The rulebook passage by passage (tests/rulebook/): for each rule a game file that keeps it and
one that breaks it. Each illegal file's first line says where it is rejected and the rule's words:
`# expect: LINE:COL words`; nothing of it is kept (the replay raises)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorebook.files import read_game
from scorebook.problems import IllegalPlay

FOLDER = Path(__file__).parent / "rulebook"
LEGAL = sorted(FOLDER.glob("*-legal.game"))
ILLEGAL = sorted(FOLDER.glob("*-illegal.game"))


def load(path: Path):
    return read_game(path)[1]


def test_every_passage_has_both_files():
    stems = {p.name.removesuffix("-legal.game") for p in LEGAL}
    assert stems == {p.name.removesuffix("-illegal.game") for p in ILLEGAL} and len(stems) >= 20


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_a_legal_file_checks(path: Path):
    assert load(path).facts


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.stem)
def test_an_illegal_file_is_rejected_where_it_breaks_the_rule(path: Path):
    where, words = path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# expect: ").split(" ", 1)
    with pytest.raises(IllegalPlay) as caught:
        load(path)
    assert str(caught.value).startswith(f"{path}:{where}: "), str(caught.value)
    assert words in caught.value.message, str(caught.value)


def test_the_bare_double_play_with_the_bases_loaded_is_home_then_first():
    # Double Play: "If the bases are loaded, then the ball may be thrown first to home plate and
    # then to first base": `1-2-3` puts out the runner from third at home and the batter; no run.
    fact = load(FOLDER / "bare-double-play-bases-loaded-legal.game").facts[-1]
    assert fact.runs == () and [o.base for o in fact.outs] == [4, 1] and fact.bases_after == (None, "A3", "A2")


def test_no_runner_moves_on_a_force_third_out():
    # Baseball Basics: "A run cannot be scored on a third out that is a forced out"; the half is
    # over at the force, so the runner from first, who is not written, stays on first.
    fact = load(FOLDER / "force-third-out-legal.game").facts[-1]
    assert fact.ends_half and fact.bases_after == ("A4", None, None) and fact.lob == 2
