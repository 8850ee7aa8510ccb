"""League games in the store. The store only persists; these say whether a game may count for
its league (two of its teams, its rules and innings) and give it its place in the schedule,
inside the game's own transaction (`Store.write`'s `check` and `place`, as
`league.stored.LeagueWriter` passes them)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.engine import Connection

from scorebook.league.definition import League
from scorebook.notation.syntax import tokenize
from scorebook.problems import InvalidLeagueGame, ScorebookProblem
from scorebook.store import schema
from scorebook.store.db import Prepared


def fill_slot(db: Connection, row: dict[str, object], path: str = "", *, replace: bool = False) -> int | None:
    """A league game takes its place in the schedule: a slot of the same teams, home and away
    the same, holding no game; the one on its date if there is one, else the first still to be
    played. A forfeited slot is the game's only with `replace`, which puts the game in the
    forfeit's place: a slot counts once, its game or its forfeit. A game with no such slot is
    refused, as it would count beside the schedule; with `replace` it takes an open slot of its
    teams the other way round (they swapped parks), else it is an extra game, counted with no
    slot. Returns the slot's number (None: a league with no schedule, or an extra game). `row`
    is the game's row in the games table."""
    slots = schema.ScheduledGame.__table__  # type: ignore[attr-defined]
    if db.execute(select(slots.c.number).where(slots.c.league == row["league"]).limit(1)).first() is None:
        return None
    pair = (slots.c.away.in_([row["away"], row["home"]])) & (slots.c.home.in_([row["away"], row["home"]]))
    meetings = db.execute(select(slots).where(slots.c.league == row["league"], pair).order_by(slots.c.number)).all()
    same_way = [slot for slot in meetings if slot.away == row["away"] and not slot.game_id]
    other_way = [slot for slot in meetings if slot.away != row["away"] and not slot.game_id and not slot.forfeit]
    if not same_way and not replace:
        raise _no_open_slot(row, path, meetings, other_way)
    if not (same_way or other_way):
        return None
    free = same_way or other_way
    on_its_date = [slot for slot in free if slot.date == row["date"]]
    slot = (on_its_date or [slot for slot in free if not slot.forfeit] or free)[0]
    if slot.forfeit and not replace:
        line, col = _header_place(str(row.get("header", "")), "game", "league=")
        raise InvalidLeagueGame(
            f"game {slot.number} of league {row['league']} ({slot.away} at {slot.home}, {slot.date}) was forfeited to "
            f"{slot.forfeit}; both would count. Import this game with --replace to put it in the forfeit's place",
            path=path, line=line, col=col,
        )  # fmt: skip
    where = (slots.c.league == row["league"]) & (slots.c.number == slot.number)
    db.execute(slots.update().where(where).values(game_id=row["id"], forfeit=""))
    return slot.number


def _no_open_slot(row: dict[str, object], path: str, meetings: list, other_way: list) -> ScorebookProblem:
    """The problem of a league game that finds no open slot of its teams, home and away as it
    has them: the teams' slots, and what to do."""
    game, league = f"{row['away']} at {row['home']}", row["league"]
    if other_way:
        slot = other_way[0]
        why = (
            f"league {league}'s schedule has no open game {game}; game {slot.number} ({slot.date}) is "
            f"{slot.away} at {slot.home}, still to be played. If the teams swapped parks, import this game with "
            f"--replace to play it as game {slot.number}; if the file has away and home the wrong way round, mend it"
        )
    else:
        held = ", ".join(f"{slot.number} ({slot.game_id or 'forfeited'})" for slot in meetings)
        why = (
            f"league {league}'s schedule has no open game between {row['away']} and {row['home']}"
            + (f" (theirs: {held})" if held else "")
            + "; stored, this game would count beside the schedule. Import it with --replace to count it as an "
            f"extra game, or take league={league} off for a game outside the league"
        )
    line, col = _header_place(str(row.get("header", "")), "game", "league=")
    return ScorebookProblem(f"{game}: {why}", path=path, line=line, col=col)


def require_league_game(league: League, game: Prepared) -> None:
    """A league game is between two of the league's teams, played by the league's rules and
    regulation innings: a team it does not name would stand in no standings, and a game of
    another length or game would count beside its own."""
    for key, wanted in (("rules", league.rules), ("innings", league.innings)):
        if game.row[key] != wanted:
            line, col = _header_place(str(game.row["header"]), "game", f"{key}=")
            raise InvalidLeagueGame(
                f"{key}={game.row[key]}: league {game.league} plays {league.rules}, {league.innings} innings, and counts "
                f"only its own games: write {key}={wanted}, or take league={game.league} off for a game outside it",
                path=game.path, line=line, col=col,
            )  # fmt: skip
    teams = [team.name for team in league.teams]
    for side in ("away", "home"):
        if game.row[side] not in teams:
            line, col = _header_place(str(game.row["header"]), side)
            raise InvalidLeagueGame(
                f"{game.row[side]} is not a team of league {game.league}, whose teams are {', '.join(teams)}: "
                f"name one of them, or add the team to the league's TOML and `scorebook league create --replace` it",
                path=game.path, line=line, col=col,
            )  # fmt: skip


def _header_place(header: str, keyword: str, starting: str = "") -> tuple[int, int]:
    """Where a game's header has the statement `keyword` (its line; the column of its first
    word beginning with `starting`, or of the statement): a problem's place in the file."""
    for number, line in enumerate(header.splitlines(), start=1):
        tokens = tokenize(line)
        if tokens and tokens[0][0] == keyword:
            return number, next((col for word, col in tokens[1:] if word.startswith(starting)), tokens[0][1])
    return 0, 0


