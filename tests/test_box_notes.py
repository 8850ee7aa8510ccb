"""The box score as newspapers print it: positions beside the names, substitutes under their
slot with their notes, team totals and the notes lines; each note's counts equal to cwbox's
(chadwickpy) for every Angels home game of 2019."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from scorebook.files import replay_text
from scorebook.importers.compare import cwbox_xml
from scorebook.importers.retrosheet import import_game, read_file, team_names
from scorebook.reports.box import box_csv, box_dict, box_notes, box_score, box_table

from .test_retrosheet_import import ANA, SEASON, needs_season

# cwbox's counts behind each note it prints: a batter's (`batting`), a fielder's (`fielding`,
# summed over his positions), a pitcher's (summed over his stints), the team's (`players`).
BATTER = {"2B": "d", "3B": "t", "HR": "hr", "RBI": "bi", "SB": "sb", "CS": "cs", "SF": "sf", "SH": "sh"}
PITCHER = {"WP": "wp", "BK": "bk", "HBP": "hb"}
TEAM = {"DP": "dp", "TP": "tp", "LOB": "lob"}


def cwbox_notes(game) -> Counter:
    """One cwbox box score's note counts: (note, team side or player id) -> count."""
    counts: Counter = Counter()
    for side, players in enumerate(game.iter("players")):
        for note, key in TEAM.items():
            counts[note, side] += int(players.get(key, 0))
    for player in game.iter("player"):
        batting = player.find("batting")
        for note, key in BATTER.items():
            counts[note, player.get("id")] += int(batting.get(key)) if batting is not None else 0
        for fielding in player.iter("fielding"):
            counts["E", player.get("id")] += int(fielding.get("e"))
    for pitcher in game.iter("pitcher"):
        for note, key in PITCHER.items():
            counts[note, pitcher.get("id")] += int(pitcher.get(key))
        if pitcher.get("xb"):  # `* Pitched to 2 batters in 5th`
            counts["relieved: batters", pitcher.get("id")] = int(pitcher.get("xb"))
            counts["relieved: inning", pitcher.get("id")] = int(pitcher.get("xbinn"))
    for ball in game.iter("passedball"):
        counts["PB", ball.get("catcher")] += 1
    return +counts


def our_notes(box, ids: dict[tuple[int, str], str]) -> Counter:
    """Our box score's note counts, keyed as `cwbox_notes` keys them."""
    counts: Counter = Counter()
    for note, entries in box_notes(box).items():
        for entry in entries:
            side = box.teams.index(entry["team"])
            if note == "Pitches-strikes":  # the import keeps no pitch sequences: nothing to compare
                continue
            counts[note, side if "player" not in entry else ids[side, entry["player"]]] += entry["count"]
    for line in box.pitching:
        if line.note:
            counts["relieved: batters", ids[line.team, line.player]] = line.inning_batters
            counts["relieved: inning", ids[line.team, line.player]] = line.inning
    return +counts


@needs_season
def test_every_note_count_of_the_angels_home_games_equals_cwboxs():
    theirs = {box.get("game_id"): cwbox_notes(box) for box in cwbox_xml(SEASON, [ANA], "2019").iter("boxscore")}
    teams = team_names(SEASON)
    differences, compared = [], 0
    for game in read_file(ANA):
        _, replay = import_game(game, teams, str(ANA))
        ids = {(side, name): pid for pid, (side, name) in game.players().items()}
        ours = our_notes(box_score(replay), ids)
        compared += sum(theirs[game.id].values())
        differences.extend(
            f"{game.id} {key}: ours {ours[key]} cwbox {theirs[game.id][key]}"
            for key in sorted({*ours, *theirs[game.id]}, key=str)
            if ours[key] != theirs[game.id][key]
        )
    assert len(theirs) == 81 and compared > 2000
    # The strikeouts with a runner caught on their pitch (`K+CS2(24)/DP`, four games) included:
    # the import writes `CS2(2-4)` then `SO dp=yes`, one double play, as cwbox counts it.
    assert differences == []


EXTRA_INNINGS = Path(__file__).parent.parent / "samples" / "extra-innings.game"


def test_the_box_score_prints_positions_substitutes_totals_and_notes_as_newspapers_do():
    text = EXTRA_INNINGS.read_text().replace("game rules=", "game umpire=Joe_West,Jim_Joyce scorer=Ann_Lee rules=", 1)
    box = box_score(replay_text(text, "extra-innings.game"))
    shown = box_table(box)
    for line in (
        "1 Hal Ewing cf",
        "  c-Lou Frost ph-ss",  # under his slot's starter, his note's letter before him
        "  a-Cy Moss ph-lf",
        "a-batted for Bo Abel in the 7th.",
        "b-batted for Jo Brook in the 13th.",
        "Totals               51  6  10",
        "DP: River Kings 3, Old Town Owls 1.",
        "LOB: River Kings 13, Old Town Owls 7.",
        "RBI: Gus Jones 3, Ann Irwin 3, Bo Drew 2, Ned Ewing 2, Lou Brook.",
        "Umpires: Joe West, Jim Joyce.",
        "Scorer: Ann Lee.",
    ):
        assert line in shown, line
    data = box_dict(box)
    assert data["totals"]["away"]["AB"] == 51 and data["totals"]["away"]["H"] == 10
    assert data["notes"]["DP"] == [{"team": "River Kings", "count": 3}, {"team": "Old Town Owls", "count": 1}]
    assert data["officials"] == {"umpires": "Joe West, Jim Joyce", "scorer": "Ann Lee"}
    line_score = box_csv(box).split("\n\n")[0].splitlines()
    assert line_score[0].endswith(",DP,TP,notes") and "DP: River Kings 3." in line_score[1]
