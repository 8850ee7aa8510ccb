"""Spray charts of a league's regular season: the league's, a team's, a batter's, or the balls
hit off a pitcher, as the chart its game has (the registry's `Game.spray`: the Diceball
board, or the plate appearances by result), from the facts the store keeps."""

from __future__ import annotations

from scorebook.games import game_named
from scorebook.league.definition import League
from scorebook.problems import AmbiguousPlayer, InvalidOptions, NoSuchPlayer, NoSuchTeam
from scorebook.reports.spray import Result, Spray, outcome_of, spray_svg
from scorebook.store.db import Store


def league_spray(store: Store, league: str | League, team: str | None = None, player: str | None = None, pitcher: str | None = None) -> Spray:
    """One chart: the league's; with `team`, that team's batters'; with `player` (`NAME` or
    `NAME (TEAM)`), his; with `pitcher`, the balls hit off him. A league whose game has no
    chart (Bonn Die), a team not in it or a player who never batted (pitched) is a problem."""
    if isinstance(league, str):
        from scorebook.league.stored import load_league

        league = load_league(store, league)
    game = game_named(league.rules)
    if not game.spray:
        raise InvalidOptions(f"league {league.name} plays {game.title}, which has no balls in play to chart")
    if sum(1 for given in (team, player, pitcher) if given) > 1:
        raise InvalidOptions("a spray chart is of the league, or of one --team, --player or --pitcher: give one of them")
    names = [t.name for t in league.teams]
    if team and team not in names:
        raise NoSuchTeam(f"league {league.name} has no team {team!r}; its teams: {', '.join(names)}")
    board = game.spray == "board"
    if player or pitcher:
        name, team = player_and_team(store, league.name, player or pitcher or "", pitched=bool(pitcher))
        title = (f"Where {name} ({team}) hit the ball" if player else f"Where the balls hit off {name} ({team}) landed") if board else (
            f"{name} ({team}): plate appearances by result" if player else f"Batters facing {name} ({team}): plate appearances by result"
        )
    else:
        name = ""
        title = (f"Where {team} hit the ball" if team else f"Where the balls were hit: {league.title}") if board else (
            f"{team}: plate appearances by result" if team else f"{league.title}: plate appearances by result"
        )
    rows = store.plate_appearances(league.name, team or "", name if player else "", name if pitcher else "")
    counts: dict[tuple[int | None, str], int] = {}
    for location, hit, *flags, count in rows:
        key = (location if board else None, outcome_of(int(hit or 0), *map(bool, flags)))
        counts[key] = counts.get(key, 0) + count
    results = tuple(Result(location, outcome, count) for (location, outcome), count in sorted(counts.items(), key=lambda item: (item[0][0] or 0, item[0][1])))
    return Spray(title, game.spray, results)


def league_spray_svg(store: Store, league: str, team: str | None = None, player: str | None = None, pitcher: str | None = None) -> str:
    """`league_spray`'s chart as SVG text (a web page's, a file's)."""
    return spray_svg(league_spray(store, league, team, player, pitcher))


def player_sprays(store: Store, league: League, player: str) -> list[str]:
    """A player's charts as SVG text, for his page: where he hit the ball for each team he
    batted for, and where the balls hit off him landed for each he pitched for; none where the
    league's game has no chart."""
    if not game_named(league.rules).spray:
        return []
    return [
        league_spray_svg(store, league, **{role: f"{player} ({team})"})
        for role, pitched in (("player", False), ("pitcher", True))
        for team in store.player_teams(league.name, player, pitched)
    ]


def player_and_team(store: Store, league: str, player: str, pitched: bool = False) -> tuple[str, str]:
    """A player named as the game files name him, and his team: `NAME`, or `NAME (TEAM)` when
    two teams have a player of that name."""
    role = "pitched" if pitched else "batted"
    option = "--pitcher" if pitched else "--player"
    found = store.player_teams(league, player, pitched)
    if len(found) > 1:
        raise AmbiguousPlayer(f"{player!r} {role} for {len(found)} teams in league {league}: name one, " + " or ".join(f"{option} '{player} ({team})'" for team in found))
    if found:
        return player, found[0]
    name, _, team = player.removesuffix(")").rpartition(" (")
    if name and team in store.player_teams(league, name, pitched):
        return name, team
    raise NoSuchPlayer(f"{player!r} never {role} in league {league}'s regular season; name a player as the game files do (`NAME` or `NAME (TEAM)`)")
