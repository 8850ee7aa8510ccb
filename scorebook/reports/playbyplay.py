"""Play-by-play: each statement with the state after it (inning, outs, bases, score)."""

from __future__ import annotations

from scorebook.engine.core import Replay
from scorebook.engine.facts import (
    CALLED,
    HALF_START,
    PITCHING_CHANGE,
    PLATE_APPEARANCE,
    RESPONSIBLE,
    SUBSTITUTION,
    Fact,
)
from scorebook.engine.state import HALF_WORDS
from scorebook.notation.model import BASE_WORDS, POSITION_NAMES, TEAM_WORDS
from scorebook.reports.box import REACHES

COLUMNS = ("line", "inning", "event", "outs", "bases", "away", "home", "what happened")
ALIGN = "rllrrrrl"


def bases_text(bases: tuple[str | None, ...]) -> str:
    """`1-3` for runners on first and third, `---` for bases empty."""
    return "".join(str(b) if name else "-" for b, name in enumerate(bases, start=1))


def describe(f: Fact, teams: tuple[str, str]) -> str:
    if f.kind == HALF_START:
        return f"{teams[f.batting]} bat"
    if f.kind == SUBSTITUTION:
        pos = f" at {POSITION_NAMES[f.position]}" if f.position else ""
        if f.player == f.replaced and f.position is not None:  # a position change gives the position
            return f"{f.player} moves to {POSITION_NAMES[f.position]}"
        return f"{f.player} replaces {f.replaced} in slot {f.slot}{pos}"
    if f.kind == PITCHING_CHANGE:
        return f"{f.player} pitches for {teams[f.team]}, replacing {f.replaced}"
    if f.kind == RESPONSIBLE:
        return f"{f.bases_after[f.base - 1]} is charged to {f.player}, not {f.replaced}"
    if f.kind == CALLED:
        return "the umpire calls the game" + (f"; {f.lob} left on base" if f.lob else "")
    parts = [f"{f.batter}: {f.result}"] if f.kind == PLATE_APPEARANCE else []
    parts += [f"{s.runner} steals {BASE_WORDS[s.base]}" for s in f.steals if not s.caught]
    parts += [
        f"{o.player} out at {BASE_WORDS[o.base]} ({o.box})"
        for o in f.outs
        if not o.batter or (f.play is not None and f.play.result in REACHES)
    ]
    parts += [f"{r.runner} scores" + ("" if r.earned else " (unearned)") for r in f.runs]
    if f.ends_game:
        parts.append("game over")
    elif f.ends_half:
        parts.append(f"{f.lob} left on base")
    return "; ".join(parts)


def rows(replay: Replay) -> list[dict[str, object]]:
    teams = replay.game.header.teams
    return [
        {
            "line": f.line,
            "inning": f"{HALF_WORDS[f.half]} {f.inning}" if f.inning else "",
            "outs": f.outs_after,
            "bases": bases_text(f.bases_after),
            "away": f.score_after[0],
            "home": f.score_after[1],
            "event": f.text.split("#")[0].strip(),
            "what happened": describe(f, teams),
            "team": TEAM_WORDS[f.batting],
        }
        for f in replay.facts
    ]
