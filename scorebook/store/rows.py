"""Facts as table rows: what the store writes for each statement, built from the engine's
facts and nothing else. Pure Python, no database import, so that live scoring can use it on
its fast path (`store/live.py`) as well as the bulk importer (`store/db.py`)."""

from __future__ import annotations

from scorebook.engine.facts import Fact
from scorebook.engine.state import GameState
from scorebook.notation.model import Header
from scorebook.notation.format import format_fielders
from scorebook.notation.model import BASE_WORDS

FACT_COLUMNS = (
    "game_id", "seq", "line", "kind", "inning", "half", "batting_team", "fielding_team",
    "outs_before", "outs_after", "first_before", "second_before", "third_before",
    "first_after", "second_after", "third_after", "away_score", "home_score",
    "pitcher", "batter", "slot", "result", "pa", "ab", "hit", "bb", "ibb", "so", "sf", "sh",
    "gdp", "reached_on_error", "rbi", "error", "runs", "outs", "lob", "ends_half", "ends_game",
    "pitches", "location", "team", "player", "replaced", "position", "hbp", "errors",
)  # fmt: skip
RUN_COLUMNS = ("game_id", "seq", "n", "runner", "team", "pitcher", "pitching_team", "earned", "rbi")
OUT_COLUMNS = ("game_id", "seq", "n", "player", "team", "base", "fielders", "fielding_team", "batter", "box")
STEAL_COLUMNS = ("game_id", "seq", "n", "runner", "team", "base", "caught", "fielders")
EVENT_COLUMNS = ("game_id", "seq", "line", "text")
APPEARANCE_COLUMNS = ("game_id", "team", "player", "batted", "pitched")
# The child tables of a game, in the order they are written (and deleted in reverse).
TABLES = {"events": EVENT_COLUMNS, "facts": FACT_COLUMNS, "runs": RUN_COLUMNS, "outs": OUT_COLUMNS, "steals": STEAL_COLUMNS}


def rows(game_id: str, fact: Fact, teams: tuple[str, str]) -> dict[str, list[tuple]]:
    """The rows of every table for one fact (`teams`: the away and home team names)."""
    batting, fielding = teams[fact.batting], teams[1 - fact.batting]
    play = fact.play
    fact_row = (
        game_id, fact.seq, fact.line, fact.kind, fact.inning, fact.half, batting, fielding,
        fact.outs_before, fact.outs_after, *fact.bases_before, *fact.bases_after, *fact.score_after,
        fact.pitcher, fact.batter or None, fact.slot or None, fact.result or None,
        fact.pa, fact.ab, fact.hit, fact.bb, fact.ibb, fact.so, fact.sf, fact.sh,
        fact.gdp, fact.reached_on_error, fact.rbi, fact.error, len(fact.runs), len(fact.outs), fact.lob,
        fact.ends_half, fact.ends_game,
        play.pitches if play else None, play.location if play else None,
        teams[fact.team] if fact.team >= 0 else None, fact.player or None, fact.replaced or None, fact.position,
        fact.hbp, ",".join(map(str, fact.errors)),
    )  # fmt: skip
    return {
        "events": [(game_id, fact.seq, fact.line, fact.text)],
        "facts": [fact_row],
        "runs": [
            (game_id, fact.seq, n, r.runner, batting, r.pitcher, fielding, r.earned, r.rbi)
            for n, r in enumerate(fact.runs)
        ],
        "outs": [
            (game_id, fact.seq, n, o.player, batting, BASE_WORDS[o.base] if o.base else "plate",
             format_fielders(o.fielders), fielding, o.batter, o.box)
            for n, o in enumerate(fact.outs)
        ],  # fmt: skip
        "steals": [
            (game_id, fact.seq, n, s.runner, batting, BASE_WORDS[s.base], s.caught, format_fielders(s.fielders))
            for n, s in enumerate(fact.steals)
        ],
    }


def game_rows(game_id: str, facts: list[Fact], teams: tuple[str, str]) -> dict[str, list[tuple]]:
    """Every row of a whole game, table by table, for bulk inserts."""
    out: dict[str, list[tuple]] = {table: [] for table in TABLES}
    for fact in facts:
        for table, table_rows in rows(game_id, fact, teams).items():
            out[table].extend(table_rows)
    return out


def game_file_text(header: str, source: str | None, texts: list[str]) -> str:
    """A stored game as a game file: as imported while nothing was recorded on top, else its
    header and its statements, a blank line before each half-inning."""
    if source is not None:
        return source
    lines = [header.rstrip("\n")]
    for text in texts:
        if text.split()[0] in ("top", "bottom"):
            lines.append("")
        lines.append(text)
    return "\n".join(lines) + "\n"


def summary(state: GameState, teams: tuple[str, str], statements: int) -> dict[str, object]:
    """The game row's derived columns: status and score, from the engine's last state."""
    winner = teams[0] if state.score[0] > state.score[1] else teams[1]
    return {
        "status": "final" if state.over else "in progress",
        "away_score": state.score[0],
        "home_score": state.score[1],
        "winner": winner if state.over else "",
        "statements": statements,
    }


def appearances(game_id: str, header: Header, facts: list[Fact]) -> list[tuple]:
    """Who played in a game for each team: in the batting order (a starter or a substitute)
    and on the mound. One row per player: the games a player played are a count of rows."""
    played: dict[tuple[str, str], list[bool]] = {}
    for team in (0, 1):
        for entry in header.lineups[team]:
            played.setdefault((header.teams[team], entry.name), [False, False])[0] = True
        played.setdefault((header.teams[team], header.pitchers[team]), [False, False])[1] = True
    for fact in facts:
        if fact.kind == "sub":
            played.setdefault((header.teams[fact.team], fact.player), [False, False])[0] = True
        elif fact.kind == "pitcher":
            played.setdefault((header.teams[fact.team], fact.player), [False, False])[1] = True
    return [(game_id, team, player, batted, pitched) for (team, player), (batted, pitched) in played.items()]
