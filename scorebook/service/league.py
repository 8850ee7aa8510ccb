"""A league's standings, leaders, playoffs and report, from its stored games."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from scorebook.games import DEFAULT, STATS_TABLES, game_named
from scorebook.league.definition import League
from scorebook.problems import InvalidOptions, UnknownStatistic
from scorebook.reports.spray import Spray
from scorebook.store.db import Store

LEADER_COLUMNS = ("category", "rank", "player", "team", "value")
SERIES_COLUMNS = ("round", "title", "high_seed", "high", "low_seed", "low", "best_of", "high_wins", "low_wins", "winner")


def make_schedule(store: Store, name: str, rounds: int, *, replace: bool = False) -> list[dict]:
    """Make and store the league's round-robin schedule, `rounds` times over; returns the games
    stored before it that found no slot in it (extra games, which still count)."""
    from scorebook.league.schedule import round_robin
    from scorebook.league.stored import load_league, save_schedule

    league = load_league(store, name)
    slots = round_robin([t.name for t in league.teams], rounds, league.start)
    return save_schedule(store, league, slots, replace=replace)


def schedule_rows(store: Store, name: str) -> list[dict]:
    """The league's schedule, a row a game, each with the team that has the day off (`bye`)."""
    from scorebook.league.schedule import with_byes
    from scorebook.league.stored import load_league, schedule

    league = load_league(store, name)
    return with_byes(schedule(store, name), [t.name for t in league.teams])


def league_standings(store: Store, name: str) -> list[dict]:
    from scorebook.league.standings import standings
    from scorebook.league.stored import load_league, results

    definition = load_league(store, name)
    teams = [t.name for t in definition.teams]
    return standings(teams, results(store, name), definition.tiebreakers, cap=definition.run_differential_cap, seed=definition.seed)


def before_any_game(store: Store, name: str) -> str:
    """What the standings and the bracket say while no regular-season game of the league is
    final nor forfeited: that the teams stand by name, not by any tiebreaker; "" once one is."""
    from scorebook.league.stored import load_league, results

    load_league(store, name)  # an unknown league is refused as such
    if results(store, name):
        return ""
    return f"no game of league {name} played yet: the teams stand by name (scorebook simulate --league {name}, or import its games)"


def league_leaders(store: Store, name: str, top: int | None = None, *, playoffs: bool = False) -> list[dict]:
    """The league's leaders in its categories, in the regular season (or the playoffs). A rate
    needs the league's qualifier: so many plate appearances (innings, Bonn Die rounds) per game
    of the player's team, its games being those it played in the same stage (a forfeit, in
    which nobody batted, is not one)."""
    import polars as pl

    from scorebook.league.stored import load_league
    from scorebook.reports.render import DIGITS, cell
    from scorebook.stats import highest_first

    league = load_league(store, name)
    config = league.leaders
    top = top or int(config.get("top", 5))
    stage = "playoffs" if playoffs else ""
    rows = []
    for leaders in game_named(league.rules).leaders:
        frame_of = STATS_TABLES[leaders.table]
        per_game = float(config.get(leaders.per_game, leaders.per_game_default)) * leaders.scale
        frame = frame_of(store, league=name, stage=stage)
        team_games = frame_of(store, by="team", league=name, stage=stage).select("team", team_games="G")
        qualified = frame.join(team_games, on="team").filter(pl.col(leaders.column) >= per_game * pl.col("team_games"))
        for category in config.get(leaders.key, list(leaders.categories)):
            if category not in frame.columns:
                raise UnknownStatistic(f"league {name}: no {leaders.table} category {category}")
            eligible = (qualified if category in leaders.rates else frame).drop_nulls(category)
            # Equal values share a rank, the next one skipping as many places (1, 2, 2, 4).
            rank = pl.col(category).rank("min", descending=highest_first(eligible, category))
            ranked = eligible.with_columns(rank=rank).sort("rank", "player", "team")
            if ranked.height > top:  # the players tied at the last rank shown are all shown
                ranked = ranked.filter(pl.col("rank") <= ranked["rank"][top - 1])
            for row in ranked.iter_rows(named=True):
                value = row[category]
                shown = f"{value:.{DIGITS[category]}f}" if category in DIGITS else cell(value)
                rows.append({"category": category, "rank": row["rank"], "player": row["player"], "team": row["team"], "value": shown})
    return rows


def ties_beyond_top(rows: list[dict], top: int) -> list[str]:
    """What the leaders' rows (`league_leaders`) show beyond `top` in a category: the players
    tied at its last rank, each said, "HR: 3 tied at rank 5, all shown"."""
    notes = []
    for category in dict.fromkeys(row["category"] for row in rows):
        ranked = [row for row in rows if row["category"] == category]
        if len(ranked) > top:
            last = ranked[-1]["rank"]
            tied = sum(row["rank"] == last for row in ranked)
            notes.append(f"{category}: {tied} tied at rank {last}, all shown")
    return notes


# --- playoffs ------------------------------------------------------------------------------


def league_bracket(
    store: Store, name: str, teams: int | None, best_of: int | None, standings: list[dict] | None = None
) -> tuple[League, list[str], list]:
    """The league (its playoff format, or `teams` and `best_of`), its seeds from the standings
    (`standings`: as `league_standings` gave them, if the caller has them), and the bracket's
    rounds of series as far as the stored playoff games take them."""
    from scorebook.league.playoffs import bracket, check_format
    from scorebook.league.standings import Result
    from scorebook.league.stored import load_league
    from scorebook.store.db import game_summaries

    league = load_league(store, name)
    teams = league.playoff_teams if teams is None else teams
    best_of = league.best_of if best_of is None else best_of
    check_format(teams, best_of, len(league.teams))
    seeds = [row["team"] for row in standings or league_standings(store, name)][:teams]
    games = [
        Result(g.away, g.home, g.away_score, g.home_score)
        for g in game_summaries(store, name)
        if g.stage == "playoffs" and g.status == "final"
    ]
    return league, seeds, bracket(seeds, games, best_of)


def play_playoffs(store: Store, name: str, teams: int | None, best_of: int | None, seed: int) -> tuple[League, list[str], list]:
    """Simulate and store the playoff games still to play, a round's open series a game each
    in turn, until there is a champion; returns the bracket as `league_bracket` does."""
    from scorebook.league.playoffs import champion

    definition, seeds, rounds = league_bracket(store, name, teams, best_of)
    day = _last_day(store, name)
    while not champion(rounds):
        day += datetime.timedelta(days=1)  # a day a game of each open series, after the season
        for series in rounds[-1]:
            if not series.winner:
                _play_playoff_game(store, definition, series, seed, day.isoformat())
        definition, seeds, rounds = league_bracket(store, name, teams, best_of)
    return definition, seeds, rounds


def _last_day(store: Store, name: str) -> datetime.date:
    """The league's last day so far: of its schedule, or of a stored game (a playoff game
    played already, a game the schedule lacks), else the day before its season starts."""
    from scorebook.league.stored import load_league, schedule
    from scorebook.numbers import calendar_day

    written = [str(slot["date"]) for slot in schedule(store, name)] + [g.date for g in store.games() if g.league == name]
    days = [day for day in map(calendar_day, written) if day]
    return max(days, default=datetime.date.fromisoformat(load_league(store, name).start) - datetime.timedelta(days=1))


def _play_playoff_game(store: Store, league: League, series, seed: int, date: str) -> None:
    from scorebook.service.games import initials, play_and_store

    home_name = series.next_home()
    away_name = series.low[1] if home_name == series.high[1] else series.high[1]
    game_id = f"{league.name}-po{series.round}-{initials(series.high[1])}{initials(series.low[1])}-{series.played + 1}".lower()
    play_and_store(store, league, away_name, home_name, game_id, seed, date, stage="playoffs")


def round_title(round_series) -> str:
    return {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}.get(len(round_series), f"Round {round_series[0].round}")


def series_rows(rounds) -> list[dict]:
    """A row per series (`SERIES_COLUMNS`), round by round."""
    return [_series_row(series, round_title(round_series)) for round_series in rounds for series in round_series]


def _series_row(series, title: str) -> dict:
    (high_seed, high), (low_seed, low) = series.high, series.low
    return {
        "round": series.round, "title": title, "high_seed": high_seed, "high": high, "low_seed": low_seed, "low": low,
        "best_of": series.best_of, "high_wins": series.wins.get(high, 0), "low_wins": series.wins.get(low, 0),
        "winner": series.winner or None,
    }  # fmt: skip


# --- the league report ---------------------------------------------------------------------


def league_report(store: Store, name: str, teams: Sequence[str] = (), players: Sequence[str] = ()) -> bytes:
    """A league's report PDF from its stored regular-season games, as its standings count them
    (`reports.pdf.league_report_pdf`)."""
    from scorebook.league.stored import load_league
    from scorebook.reports.pdf import league_report_pdf

    definition = load_league(store, name)
    game = game_named(definition.rules)
    by_inning = league_charts(store, name, definition.rules)
    sprays = league_sprays(store, definition, teams, players)
    tables = league_report_stats(store, name, definition.rules)
    sections = [section(table) for (_, section), table in zip(game.report_sections, tables)]
    chart = (game.by_inning_title, by_inning)
    return league_report_pdf(definition.title, league_standings(store, name), league_leaders(store, name), sections, chart, sprays)


def league_report_stats(store: Store, name: str, rules: str) -> list:
    """The report's team tables, of the regular season: those its game's report shows (the
    baseball games: batting and pitching by team; Bonn Die: its team totals)."""

    regular = {"by": "team", "league": name, "stage": ""}
    return [STATS_TABLES[table](store, **regular) for table, _ in game_named(rules).report_sections]


def league_charts(store: Store, name: str, rules: str = DEFAULT) -> dict[str, list[int]]:
    """Runs (a Bonn Die league: points) by inning for each team, as its game counts them."""

    by_team: dict[str, list[int]] = {}
    for team, inning, points in store.by_inning(name, game_named(rules).by_inning):
        innings = by_team.setdefault(team, [])
        innings.extend([0] * (inning - len(innings)))
        innings[inning - 1] += points
    return dict(sorted(by_team.items()))


def league_sprays(store: Store, league: League, teams: Sequence[str], players: Sequence[str]) -> list[Spray]:
    """The report's spray charts: the league's, then each team's and each player's
    (regular-season games), as its game charts them; none for a game without (Bonn Die)."""
    from scorebook.service.spray import league_spray

    if not game_named(league.rules).spray:
        if teams or players:
            raise InvalidOptions(f"league {league.name} plays {game_named(league.rules).title}, which has no balls in play: no spray chart for a team or a player")
        return []
    return [league_spray(store, league), *(league_spray(store, league, team=t) for t in teams), *(league_spray(store, league, player=p) for p in players)]
