"""Fuzz: whatever the text, scorebook answers with its own problem types and never crashes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorebook.files import replay_game
from scorebook.notation import parse_game
from scorebook.problems import ScorebookProblem

from .conftest import HEADER
from .fuzz_kinds import KINDS, mutate
from .fuzz_kinds import answer as answer_kind

TOKENS = [
    "SO", "BB", "IBB", "H1", "H2", "H3", "H4", "IF", "FC", "E4", "2E5", "SH1-3", "8", "7", "9", "3", "4-3",
    "6-4-3", "5-4-3", "1-3", "B-2", "BX2(8-4)", "1-2", "1-3", "1-H", "2-3", "2-H", "3-H", "1X2(6-4)",
    "2XH(9-2)", "3XH(8-2)", "SB2", "SB3", "SBH", "CS2(2-4)", "CS3(2-5)", "*", "**", "pitches=6",
    "pitches=21241", "pitches=4444", "hit=3:453", "hit=1:1", "hit=6:666666", "top", "bottom", "1", "2",
    "sub", "away", "home", "pitcher", '"Name"', '"A2"', "#", "",
]
lines = st.lists(st.sampled_from(TOKENS), max_size=6).map(" ".join)


def answer(text: str) -> None:
    try:
        replay_game(parse_game(text, "fuzz.game"))
    except ScorebookProblem as problem:
        assert str(problem).startswith("fuzz.game")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_a_game_or_a_problem(text: str):
    answer(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(lines, max_size=40))
def test_any_sequence_of_plays_is_a_game_or_a_problem(body: list[str]):
    answer(HEADER + "top 1\n" + "\n".join(body))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(TOKENS[:40]), min_size=1, max_size=3).map("".join), st.integers(0, 30))
def test_glued_tokens_are_a_play_or_a_problem(token: str, prefix: int):
    answer(HEADER + "top 1\n" + "BB\n" * (prefix % 5) + token)


# Every kind of file scorebook reads (#18), from valid files mutated and from any text: only
# scorebook's own problems come out, each naming the file and the line (tests/fuzz_kinds.py;
# bench/fuzz.py runs 100,000 inputs of each kind by hand).
FILE_KINDS = sorted(KINDS)


@pytest.mark.parametrize("kind", FILE_KINDS)
def test_every_kinds_seeds_read(kind: str):
    assert answer_kind(kind, KINDS[kind][1]()[0]) is None


@pytest.mark.parametrize("kind", FILE_KINDS)
@settings(max_examples=300, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_mutation_of_a_valid_file_is_read_or_a_problem_with_its_place(kind: str, data):
    seed = data.draw(st.sampled_from(KINDS[kind][1]()))
    answer_kind(kind, mutate(seed, data.draw(st.randoms(use_true_random=False))))


@pytest.mark.parametrize("kind", FILE_KINDS)
@settings(max_examples=100, deadline=timedelta(seconds=5))
@given(text=st.text(st.characters(codec="utf-8"), max_size=300))
def test_any_text_of_any_kind_is_read_or_a_problem_with_its_place(kind: str, text: str):
    answer_kind(kind, text)
