"""Facts as table rows: what the store writes for each statement, built from the engine's
facts and nothing else. Pure Python, no database import, so that live scoring can use it on
its fast path (`store/live.py`) as well as the bulk importer (`store/db.py`)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from scorebook.engine.facts import Fact
from scorebook.engine.state import GameState
from scorebook.notation.format import format_fielders
from scorebook.notation.model import BASE_WORDS, Header, RunnerMove

if TYPE_CHECKING:
    from scorebook.engine.bonn_die import BonnDieReplay
    from scorebook.engine.core import Replay

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
CHANCE_COLUMNS = (
    "game_id", "seq", "n", "player", "team", "position", "putouts", "assists", "errors", "dp", "tp", "pb", "sb", "cs",
)  # fmt: skip
EVENT_COLUMNS = ("game_id", "seq", "line", "text")
# A game's statements as stored, in order: what a replay, `record` and the scoring page read
# (the driver's own parameter mark, `?`, which PostgreSQL's callers write `%s`).
STATEMENTS = "SELECT text FROM events WHERE game_id = ? ORDER BY seq"
APPEARANCE_COLUMNS = ("game_id", "team", "player", "batted", "pitched")
ROUND_COLUMNS = (
    "game_id", "seq", "line", "inning", "half", "offense_team", "defense_team", "offense_player", "defense_player",
    "free_roll", "offense_call", "defense_call", "offense_combo", "defense_combo", "offense_value", "defense_value",
    "points", "strikes", "roll", "out", "winner", "free_rolls_won", "free_rolls_to_defense", "guard_take",
    "halts_spent", "tag", "negated", "away_score", "home_score",
)  # fmt: skip
# The child tables of a game, in the order they are written (and deleted in reverse).
TABLES = {
    "events": EVENT_COLUMNS, "facts": FACT_COLUMNS, "runs": RUN_COLUMNS, "outs": OUT_COLUMNS, "steals": STEAL_COLUMNS,
    "chances": CHANCE_COLUMNS, "rounds": ROUND_COLUMNS,
}  # fmt: skip
NAMES = "names"  # each team's and player's name, once: the tables above hold its id
NAME_COLUMNS = ("id", "text")
COLUMNS = {NAMES: NAME_COLUMNS, **TABLES, "appearances": APPEARANCE_COLUMNS}
# The columns of the tables above that hold a name's id; `store/schema.py`'s views give them
# back as text (`named_facts`), for the statistics, reports and web to read. A 1 MB name in a
# lineup was copied into a few hundred rows of a game (#18).
NAMED_COLUMNS = {
    "facts": ("batting_team", "fielding_team", "first_before", "second_before", "third_before", "first_after",
              "second_after", "third_after", "pitcher", "batter", "team", "player", "replaced"),
    "runs": ("runner", "team", "pitcher", "pitching_team"),
    "outs": ("player", "team", "fielding_team"),
    "steals": ("runner", "team"),
    "chances": ("player", "team"),
    "rounds": ("offense_team", "defense_team", "offense_player", "defense_player", "winner"),
}  # fmt: skip
_ID_BYTES = 8  # a signed 64-bit id (PostgreSQL BIGINT): two names of a store share one with odds of 1 in 10^10
_KNOWN_IDS = 100_000  # names whose ids are kept: a season has a few thousand


def name_id(name: str) -> int:
    """A name's id: the first 8 bytes of its BLAKE2b hash, so that a worker process writes its
    rows with no database at hand."""
    digest_ = hashlib.blake2b(name.encode("utf-8", "surrogatepass"), digest_size=_ID_BYTES).digest()
    return int.from_bytes(digest_, "big", signed=True)


class _Ids(dict):
    """Names' ids, each computed once (a name is in every row of its game): `ID[name]`, and
    None for no name (None or "")."""

    def __missing__(self, name: str) -> int:
        if len(self) >= _KNOWN_IDS:
            self.clear()
            self.update(_NO_NAME)
        found = self[name] = name_id(name)
        return found


_NO_NAME = {None: None, "": None}
ID = _Ids(_NO_NAME)
_BLANK = name_id("")  # a Bonn Die round won by nobody: its winner, the name ""


def names_rows(names: Iterable[str]) -> list[tuple]:
    """The names table's rows of the names given."""
    return [(ID[name], name) for name in dict.fromkeys(names) if name]


def insert_statement(table: str, columns: tuple[str, ...], mark: str) -> str:
    """The INSERT of a table's rows with the driver's parameter mark; a name stored already
    is left as it is."""
    values = ", ".join([mark] * len(columns))
    conflict = " ON CONFLICT (id) DO NOTHING" if table == NAMES else ""
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({values}){conflict}"


def rows(game_id: str, fact: Fact, teams: tuple[str, str]) -> dict[str, list[tuple]]:
    """The rows of every table for one fact (`teams`: the away and home team names), the names
    table's among them (live scoring: a substitute is a new name)."""
    out = fact_rows(game_id, fact, teams)
    named = [*teams, fact.pitcher, fact.batter, fact.player, fact.replaced, *fact.bases_before, *fact.bases_after]
    named += [c.player for c in fact.chances] + ([fact.fielders[1]] if fact.fielders else [])
    out[NAMES] = names_rows(named)  # runners and the put out are on base or at bat, named above
    return out


def fact_rows(game_id: str, fact: Fact, teams: tuple[str, str]) -> dict[str, list[tuple]]:
    """The statements' tables' rows for one fact, each name as its id (`ID`)."""
    batting, fielding = ID[teams[fact.batting]], ID[teams[1 - fact.batting]]
    first, second, third = fact.bases_before
    first_after, second_after, third_after = fact.bases_after
    play = fact.play
    fact_row = (
        game_id, fact.seq, fact.line, fact.kind, fact.inning, fact.half, batting, fielding,
        fact.outs_before, fact.outs_after, ID[first], ID[second], ID[third], ID[first_after], ID[second_after],
        ID[third_after], *fact.score_after, ID[fact.pitcher], ID[fact.batter], fact.slot or None, fact.result or None,
        fact.pa, fact.ab, fact.hit, fact.bb, fact.ibb, fact.so, fact.sf, fact.sh,
        fact.gdp, fact.reached_on_error, fact.rbi, fact.error, len(fact.runs), len(fact.outs), fact.lob,
        fact.ends_half, fact.ends_game,
        play.pitches if play else None, play.location if play else None,
        ID[teams[fact.team]] if fact.team >= 0 else None, ID[fact.player], ID[fact.replaced], fact.position,
        fact.hbp, ",".join(map(str, fact.errors)),
    )  # fmt: skip
    return {
        "events": [(game_id, fact.seq, fact.line, fact.text)],
        "facts": [fact_row],
        "runs": [
            (game_id, fact.seq, n, ID[r.runner], batting, ID[r.pitcher], fielding, r.earned, r.rbi)
            for n, r in enumerate(fact.runs)
        ],
        "outs": [
            (game_id, fact.seq, n, ID[o.player], batting, BASE_WORDS[o.base] if o.base else "plate",
             format_fielders(o.fielders), fielding, o.batter, o.box)
            for n, o in enumerate(fact.outs)
        ],
        "steals": [
            (game_id, fact.seq, n, ID[s.runner], batting, BASE_WORDS[s.base], s.caught, format_fielders(s.fielders))
            for n, s in enumerate(fact.steals)
        ],
        "chances": [(game_id, fact.seq, n, ID[row[0]], fielding, *row[1:]) for n, row in enumerate(fielding_credits(fact))],
    }


def fielding_credits(fact: Fact) -> list[tuple[str, int, int, int, int, int, int, int, int, int]]:
    """Each fielder's part in a statement: (player, position, PO, A, E, DP, TP, PB, SB, CS). A
    double or triple play is credited to each fielder with a putout or an assist in it (official
    rule 9.11); a passed ball, and each base stolen or runner caught stealing, to the catcher,
    who has a row of his own for them where he had no chance on the play."""
    plays = fact.double_play
    credits = {
        c.position: [c.player, c.position, c.putouts, c.assists, c.errors,
                     int(plays == 2 and (c.putouts + c.assists) > 0), int(plays == 3 and (c.putouts + c.assists) > 0), 0, 0, 0]
        for c in fact.chances
    }  # fmt: skip
    for position in {p for fielders in fact.pitch_outs for p in fielders}:  # `dp=yes`: the pitch's outs' fielders
        credit = credits.setdefault(position, [fact.fielders[position - 1] if fact.fielders else "", position, 0, 0, 0, 0, 0, 0, 0, 0])
        credit[5:7] = [int(plays == 2), int(plays == 3)]
    passed = sum(event.move is RunnerMove.PASSED_BALL for event in fact.events)
    stolen = sum(not s.caught for s in fact.steals)
    caught = len(fact.steals) - stolen
    if passed or fact.steals:
        catcher = credits.setdefault(2, [fact.fielders[1] if fact.fielders else "", 2, 0, 0, 0, 0, 0, 0, 0, 0])
        catcher[7:] = [passed, stolen, caught]
    return [tuple(credits[p]) for p in sorted(credits)]  # type: ignore[misc]


def game_rows(game_id: str, facts: list[Fact], teams: tuple[str, str]) -> dict[str, list[tuple]]:
    """Every statements' table's row of a whole game, table by table, for bulk inserts."""
    out: dict[str, list[tuple]] = {table: [] for table in TABLES}
    for fact in facts:
        for table, table_rows in fact_rows(game_id, fact, teams).items():
            out[table].extend(table_rows)
    return out


def replay_rows(game_id: str, game: Replay) -> dict[str, list[tuple]]:
    """A baseball game's rows: every fact's, who played (the appearances table) and the names
    (its teams and players: everyone its rows name)."""
    header = game.game.header
    out = game_rows(game_id, game.facts, header.teams)
    out["appearances"] = appearances(game_id, header, game.facts)
    out[NAMES] = names_rows([*header.teams, *(name for players in replay_players(game).values() for name in players)])
    return out


def replay_players(game: Replay) -> dict[str, list[str]]:
    """Each team's players in a baseball game: the lineups', the starting pitchers' and those
    who came in."""
    header = game.game.header
    names: list[set[str]] = [set(), set()]
    for team in (0, 1):
        names[team].update(entry.name for entry in header.lineups[team])
        names[team].add(header.pitchers[team])
    for fact in game.facts:
        if fact.player and fact.team >= 0:
            names[fact.team].add(fact.player)
    return {team: sorted(wanted) for team, wanted in zip(header.teams, names)}


def bonn_die_rows(game_id: str, game: BonnDieReplay) -> dict[str, list[tuple]]:
    """A Bonn Die game's rows: its statements, and a row per round (the rounds table)."""
    teams = [ID[team] for team in game.game.header.teams]
    events = [(game_id, f.seq, s.line, s.text) for f, s in zip(game.facts, game.game.statements)]
    rounds = [
        (
            game_id, f.seq, f.line, f.inning, f.half, teams[f.offense], teams[1 - f.offense], ID[f.offense_player],
            ID[f.defense_player], f.free_roll, f.offense_call, f.defense_call, f.offense_call.split(":")[0],
            f.defense_call.split(":")[0], f.offense_value, f.defense_value, f.points, f.strikes, f.roll, f.out,
            _BLANK if f.winner is None else teams[f.winner], f.free_rolls_won, f.free_rolls_to_defense, f.guard_take,
            f.halts_spent, f.tag, f.negated, *f.score,
        )
        for f in game.facts
        if f.kind == "round"
    ]  # fmt: skip
    # No appearances rows: those are the baseball games' batting orders and mounds; a Bonn Die
    # player's games are counted from the rounds.
    names = [*game.game.header.teams, *(name for players in bonn_die_players(game).values() for name in players)]
    return {NAMES: [(_BLANK, ""), *names_rows(names)], "events": events, "rounds": rounds}


def bonn_die_players(game: BonnDieReplay) -> dict[str, list[str]]:
    """Each team's players in a Bonn Die game: those the header names and those who threw."""
    teams = game.game.header.teams
    names: dict[str, set[str]] = {team: {player} for team, player in zip(teams, game.game.header.players)}
    for f in game.facts:
        if f.kind == "round":
            names[teams[f.offense]].add(f.offense_player)
            names[teams[1 - f.offense]].add(f.defense_player)
    return {team: sorted(players) for team, players in names.items()}


def game_file_text(header: str, source: str | None, texts: list[str]) -> str:
    """A stored game as a game file: as imported while nothing was recorded on top, else its
    header and its statements, a blank line before each half-inning."""
    if source is not None:
        return source
    lines = [header.rstrip("\n")]
    for text in texts:
        if opens_half(text):
            lines.append("")
        lines.append(text)
    return "\n".join(lines) + "\n"


def opens_half(text: str) -> bool:
    return text.split()[0] in ("top", "bottom")


def line_after(last: int, text: str) -> int:
    """The line `text` takes appended to a game file (`game_file_text`) of `last` lines: the
    next, or after a blank line for a half-inning. Stored lines are the exported file's."""
    return last + (2 if opens_half(text) else 1)


def digest(text: str) -> str:
    """A game's content, hashed without its comments, spacing and id: the same game twice."""
    words = (line.split("#", 1)[0].split() for line in text.splitlines())
    lines = (" ".join(w for w in line if not w.startswith("id=")) for line in words)
    return hashlib.sha256("\n".join(line for line in lines if line).encode()).hexdigest()


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
