"""Property tests: round trips and the box-score invariants, on generated plays and games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorebook.engine import replay
from scorebook.notation import parse_game, parse_play
from scorebook.notation.format import format_play
from scorebook.notation.model import Advance, Play, Result
from scorebook.reports.box import box_score
from scorebook.sim import simulate_game

fielders = st.lists(st.integers(1, 9), min_size=1, max_size=4).map(tuple)
dice = st.integers(1, 6)


@st.composite
def plays(draw) -> Play:
    kind = draw(st.sampled_from(list(Result)))
    bases, seq = 0, ()
    if kind is Result.HIT:
        bases = draw(st.integers(1, 4))
        code = f"H{bases}"
    elif kind is Result.ERROR:
        bases, seq = draw(st.integers(1, 2)), (draw(st.integers(1, 9)),)
        code = f"{'2' if bases == 2 else ''}E{seq[0]}"
    elif kind is Result.SACRIFICE_BUNT:
        seq = draw(fielders)
        code = "SH" + "-".join(map(str, seq))
    elif kind is Result.FLY_OUT:
        seq = (draw(st.integers(7, 9)),)
        code = str(seq[0])
    elif kind is Result.GROUND_OUT:
        seq = draw(fielders.filter(lambda f: len(f) > 1 or f[0] < 7))
        code = "-".join(map(str, seq))
    else:
        code = kind.value
    advances = []
    for start in draw(st.lists(st.integers(0, 3), unique=True, max_size=4)):
        out = draw(st.booleans())
        end = draw(st.integers(max(start + 1, 1), 4))
        advances.append(Advance(start, end, out, draw(fielders) if out else (), 0, ""))
    pitches = draw(st.none() | st.text("123456", min_size=1, max_size=12))
    hit = draw(st.none() | st.integers(1, 6).flatmap(lambda n: st.tuples(st.just(n), *[dice] * n)))
    return Play(kind, code, bases, seq, draw(st.integers(0, 4)), tuple(advances), pitches, hit, 0)


def without_columns(play: Play) -> Play:
    return play._replace(
        col=0,
        annotation_cols=(),
        advances=tuple(a._replace(col=0, text="") for a in play.advances),
    )


@given(plays())
def test_a_formatted_play_parses_back_to_itself(play: Play):
    assert without_columns(parse_play(format_play(play))) == play


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_box_score_proof_and_run_totals(seed: int):
    box = box_score(replay(parse_game(simulate_game(seed))))
    for team in (0, 1):
        batting = box.team_batting(team)
        line = box.linescore[team]
        pa = sum(b.counts["PA"] for b in batting)
        runs = sum(b.counts["R"] for b in batting)
        opponents_outs = sum(p.counts["outs"] for p in box.team_pitching(1 - team))
        # The box-score proof: every batter who comes up scores, is left on base or is put out.
        assert pa == runs + line.LOB + opponents_outs
        # The line score, the batting lines and the pitching lines tell the same runs.
        assert line.R == runs == sum(r or 0 for r in line.runs)
        assert runs == sum(p.counts["R"] for p in box.team_pitching(1 - team))
        assert line.H == sum(b.counts["H"] for b in batting)
        assert sum(b.counts["AB"] for b in batting) == pa - sum(
            b.counts["BB"] + b.counts["SF"] + b.counts["SH"] for b in batting
        )
        assert all(p.counts["ER"] <= p.counts["R"] for p in box.pitching)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_a_random_game_ends_by_the_rules(seed: int):
    state = replay(parse_game(simulate_game(seed))).state
    assert state.over and state.score[0] != state.score[1] and state.inning >= 9
