"""Issue 5's check: `scorebook stats batting --by player --format json` on the imported samples
equals lines worked out by hand from the game files, by reading them play by play (the comment
on each line says what was counted). Three teams are unique to one sample each, so their lines
over all the samples are that game's: Team 1 and Team 2 (samples/rulebook-example.game), the
Mill Street Grays (samples/walk-off.game, nine innings), the Canal Herons and Lake Otters
(samples/official-scoring.game: a sacrifice fly, a hit by pitch, unearned runs, an inherited
runner). The Harbor Gulls play in three samples: their one-run-game lines are read with --game."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from scorebook.cli import app

from .conftest import BASEBALL_SAMPLES

runner = CliRunner()
COUNTS = ("G", "PA", "AB", "R", "H", "2B", "3B", "HR", "RBI", "BB", "IBB", "HBP", "SO", "SB", "CS", "SF", "SH", "TB")
RATES = ("AVG", "OBP", "SLG", "OPS")
NA = None  # a rate whose denominator is 0: AVG and SLG with no at-bat
NONE = (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), (NA, NA, NA, NA)  # in the order, never up
OUT = (0.0, 0.0, 0.0, 0.0)  # no hit, no walk

# AVG = H/AB; OBP = (H+BB+HBP)/(AB+BB+HBP+SF); SLG = TB/AB; OPS = OBP+SLG (of the unrounded rates).
BATTING = {
    # samples/rulebook-example.game, its first inning (the game stops there).
    #                          G PA AB  R  H 2B 3B HR RBI BB IBB HBP SO SB CS SF SH TB      AVG    OBP    SLG    OPS
    ("Batter A", "Team 1"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # SO
    ("Batter B", "Team 1"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), OUT),  # 9
    ("Batter C", "Team 1"): ((1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0), (NA, 1.0, NA, NA)),  # BB, scores on E's single
    ("Batter D", "Team 1"): ((1, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2), (1.0, 1.0, 2.0, 3.0)),  # H2, out at home
    ("Batter E", "Team 1"): ((1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1), (1.0, 1.0, 1.0, 2.0)),  # H1*
    ("Batter F", "Team 1"): NONE,
    ("Batter G", "Team 1"): NONE,
    ("Batter H", "Team 1"): NONE,
    ("Batter I", "Team 1"): NONE,
    ("Batter A", "Team 2"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0), OUT),  # E4 (an at-bat), SB2, CS3
    ("Batter B", "Team 2"): ((1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0), (NA, 1.0, NA, NA)),  # BB, scores on C's double
    ("Batter C", "Team 2"): ((1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2), (1.0, 1.0, 2.0, 3.0)),  # H2*, scores on D's single
    ("Batter D", "Team 2"): ((1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1), (1.0, 1.0, 1.0, 2.0)),  # H1*, left on base
    ("Batter E", "Team 2"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # SO
    ("Batter F", "Team 2"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), OUT),  # 1-3
    ("Batter G", "Team 2"): NONE,
    ("Batter H", "Team 2"): NONE,
    ("Batter I", "Team 2"): NONE,
    # samples/walk-off.game, the home team, inning by inning (no substitutes).
    #                                   G PA AB  R  H 2B 3B HR RBI BB IBB HBP SO SB CS SF SH TB     AVG    OBP    SLG    OPS
    ("Cy Ewing", "Mill Street Grays"): ((1, 4, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1), (0.25, 0.25, 0.25, 0.5)),  # SO, 8, H1 (out at 2nd on the DP), SO
    ("Pia Drew", "Mill Street Grays"): ((1, 4, 3, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1), (0.333, 0.5, 0.333, 0.833)),  # SO, H1 (out on the FC), 6-4-3, BB
    ("Fay Cote", "Mill Street Grays"): ((1, 4, 4, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 1), (0.25, 0.25, 0.25, 0.5)),  # 6-3, SO, SO, the walk-off H1*
    ("Pia Ewing", "Mill Street Grays"): ((1, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # 4-3, SO, 8
    ("Ida Kerr", "Mill Street Grays"): ((1, 3, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), (0.333, 0.333, 0.333, 0.667)),  # H1 out stretching, FC, 8-3
    ("Dee Brook", "Mill Street Grays"): ((1, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # 8-3, SO, IF
    ("Hal Moss", "Mill Street Grays"): ((1, 3, 3, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2), (0.333, 0.333, 0.667, 1.0)),  # 9-3, H2 out at 3rd, 6-3
    ("Max Abel", "Mill Street Grays"): ((1, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # 5-3, SO, 6-3
    ("Cy Abel", "Mill Street Grays"): ((1, 3, 1, 1, 1, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1), (1.0, 1.0, 1.0, 2.0)),  # H1 SB2, BB (out at 3rd), BB and the winning run
    # samples/official-scoring.game (three innings, the official rules).
    #                              G PA AB  R  H 2B 3B HR RBI BB IBB HBP SO SB CS SF SH TB      AVG    OBP    SLG    OPS
    ("Ann Pike", "Canal Herons"): ((1, 2, 2, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1), (0.5, 0.5, 0.5, 1.0)),  # H1 and scores on the sac fly; 4-3*
    ("Bea Cole", "Canal Herons"): ((1, 2, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 4), (1.0, 1.0, 4.0, 5.0)),  # HP (no at-bat, on base); H4*
    ("Cal Dunn", "Canal Herons"): ((1, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), OUT),  # 8, 7
    ("Dee Ford", "Canal Herons"): ((1, 2, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 2), (1.0, 0.5, 2.0, 2.5)),  # the sac fly 9* (no at-bat, in OBP's denominator: 1/2); H2
    ("Eve Gale", "Canal Herons"): ((1, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0), OUT),  # SO, SO
    ("Fay Hale", "Canal Herons"): ((1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0), (NA, 1.0, NA, NA)),  # BB, out at 2nd on the DP
    ("Gus Ives", "Canal Herons"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), OUT),  # 6-4-3
    ("Hal Jory", "Canal Herons"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), OUT),  # 8
    ("Ike Kemp", "Canal Herons"): ((1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3), (1.0, 1.0, 3.0, 4.0)),  # H3, scores on Ann's ground out
    ("Kim Moor", "Lake Otters"): ((1, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # E6 (an at-bat) and scores; SO
    ("Lee Nash", "Lake Otters"): ((1, 2, 2, 1, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 3), (1.0, 1.0, 1.5, 2.5)),  # H2 and scores; H1*
    ("Max Oday", "Lake Otters"): ((1, 2, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0), OUT),  # 6-3* (a run on an out); 6-4-3 (none)
    ("Ned Park", "Lake Otters"): ((1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1), (1.0, 1.0, 1.0, 2.0)),  # H1* and scores on Pat's double
    ("Oli Quinn", "Lake Otters"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # SO
    ("Pat Rowe", "Lake Otters"): ((1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2), (1.0, 1.0, 2.0, 3.0)),  # H2*
    ("Quin Sims", "Lake Otters"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), OUT),  # 7
    ("Ray Tate", "Lake Otters"): ((1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0), (NA, 1.0, NA, NA)),  # BB, scores off the reliever
    ("Sam Vale", "Lake Otters"): ((1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), (1.0, 1.0, 1.0, 2.0)),  # H1, left on third
}

# samples/one-run-game.game, the visitors (Ora Ewing and Max Irwin came in for Max Frost and Cy Lowe).
#                         G PA AB  R  H 2B 3B HR RBI BB IBB HBP SO SB CS SF SH TB      AVG    OBP    SLG    OPS
HARBOR_GULLS = {
    ("Gus Brook", "Harbor Gulls"): ((1, 5, 5, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2), (0.2, 0.2, 0.4, 0.6)),  # H2, SO, SO, 9, 9
    ("Max Frost", "Harbor Gulls"): ((1, 3, 3, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 2), (0.667, 0.667, 0.667, 1.333)),  # H1 SB2, SO, H1
    ("Pia Gray", "Harbor Gulls"): ((1, 4, 4, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 1), (0.25, 0.25, 0.25, 0.5)),  # SO, SO, H1* out at 2nd, 4-3
    ("Cy Irwin", "Harbor Gulls"): ((1, 4, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), (0.25, 0.25, 0.25, 0.5)),  # IF, H1, 7, 4-3
    ("Cy Lowe", "Harbor Gulls"): ((1, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # 5-3, SO, 7
    ("Pia Hart", "Harbor Gulls"): ((1, 4, 4, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2), (0.5, 0.5, 0.5, 1.0)),  # H1, H1 CS2, 5-3, FC
    ("Ned Kerr", "Harbor Gulls"): ((1, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0), OUT),  # SO, SO, 9, 9
    ("Ora Abel", "Harbor Gulls"): ((1, 4, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1), (0.25, 0.25, 0.25, 0.5)),  # SO, SO, H1, E3
    ("Hal Lowe", "Harbor Gulls"): ((1, 4, 4, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), (0.25, 0.25, 0.25, 0.5)),  # 1-3, H1 and the run, IF, E4
    ("Ora Ewing", "Harbor Gulls"): ((1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0), OUT),  # SO
    ("Max Irwin", "Harbor Gulls"): ((1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1), (1.0, 1.0, 1.0, 2.0)),  # H1, out on the FC
}

# The teams' lines of official-scoring: the sacrifice fly in OBP's denominator (6/14, not 6/13).
TEAMS = {
    #                 G PA  AB R  H 2B 3B HR RBI BB IBB HBP SO SB CS SF SH TB     AVG    OBP    SLG    OPS
    "Canal Herons": ((1, 14, 11, 3, 4, 1, 1, 1, 3, 1, 0, 1, 2, 0, 0, 1, 0, 10), (0.364, 0.429, 0.909, 1.338)),
    "Lake Otters": ((1, 12, 11, 4, 5, 2, 0, 0, 4, 1, 0, 0, 2, 0, 0, 0, 0, 7), (0.455, 0.5, 0.636, 1.136)),
}

PITCHING_COLUMNS = ("G", "outs", "IP", "BF", "H", "R", "ER", "BB", "SO", "HR", "ERA", "WHIP", "K/9", "BB/9")
DECISION_COLUMNS = ("W", "L", "SV", "HLD", "BS", "GS", "GF", "CG", "SHO", "QS")
# ERA = ER x the game's regulation innings / IP (9 in the rulebook's example, 3 in official-scoring).
# Decisions: the Lake Otters win official-scoring 4-3, ahead from Ned Park's run in the first
# (the second of three, Jan Lowe's) to the end: Tom Wirt pitched it all (W, CG; a three-inning
# game asks two innings of a starter), Jan Lowe lost it, Uma Yale finished it behind (GF, no save).
# The rulebook's example is one inning, not over: no decisions yet.
NO_DECISIONS = (0,) * 10
PITCHING = {
    #                           G outs  IP   BF  H  R ER BB SO HR    ERA  WHIP  K/9 BB/9  W L SV HLD BS GS GF CG SHO QS
    ("Pitcher 2", "Team 2"): (1, 3, "1.0", 5, 2, 1, 1, 1, 1, 0, 9.0, 3.0, 9.0, 9.0, *NO_DECISIONS),  # Batter C's run, earned: 1 x 9 / 1
    ("Pitcher 1", "Team 1"): (1, 3, "1.0", 6, 2, 2, 2, 1, 1, 0, 18.0, 3.0, 9.0, 9.0, *NO_DECISIONS),  # without the E4 both runs score: earned
    # Tom Wirt: Ann's run (top 1), Ike's and Bea's (top 3), all earned: 3 x 3 / 3.0.
    ("Tom Wirt", "Lake Otters"): (1, 9, "3.0", 14, 4, 3, 3, 1, 2, 1, 3.0, 1.67, 6.0, 3.0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0),
    # Jan Lowe: Kim's run (reached on the error) and Ned's (after the would-be third out) unearned,
    # Lee's earned; then Ray, whom he walked, scores off Uma Yale: his run, earned. 2 x 3 / 1.0.
    ("Jan Lowe", "Canal Herons"): (1, 3, "1.0", 9, 4, 4, 2, 1, 1, 0, 6.0, 5.0, 9.0, 9.0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0),
    ("Uma Yale", "Canal Herons"): (1, 3, "1.0", 3, 1, 0, 0, 0, 1, 0, 0.0, 1.0, 9.0, 0.0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0),  # SO, H1 (Ray's run not his), DP
}


def expected(line: tuple[tuple, tuple], **keys: str) -> dict:
    """A batting line as the JSON has it: the keys, the counts, the rates."""
    counts, rates = line
    return keys | dict(zip(COUNTS, counts)) | dict(zip(RATES, rates))


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory) -> dict[str, str]:
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path_factory.mktemp('by-hand') / 'samples.db'}"}
    done = runner.invoke(app, ["import", *map(str, BASEBALL_SAMPLES)], env=env)
    assert done.exit_code == 0 and f"imported {len(BASEBALL_SAMPLES)} games" in done.stdout, done.output
    return env


def stats(env: dict[str, str], *args: str) -> list[dict]:
    done = runner.invoke(app, ["stats", *args, "--format", "json"], env=env)
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def test_batting_by_player_as_json_on_the_imported_samples_is_the_hand_count(samples_db):
    rows = stats(samples_db, "batting", "--by", "player")
    teams = {team for _, team in BATTING}
    by_hand = {(player, team): expected(line, player=player, team=team) for (player, team), line in BATTING.items()}
    assert {(r["player"], r["team"]): r for r in rows if r["team"] in teams} == by_hand


def test_one_games_batting_is_the_hand_count(samples_db):
    rows = stats(samples_db, "batting", "--by", "player", "--game", "one-run-game", "--team", "Harbor Gulls")
    by_hand = {(player, team): expected(line, player=player, team=team) for (player, team), line in HARBOR_GULLS.items()}
    assert {(r["player"], r["team"]): r for r in rows} == by_hand


def test_team_batting_counts_the_sacrifice_fly_in_obp(samples_db):
    rows = {r["team"]: r for r in stats(samples_db, "batting", "--by", "team", "--game", "official-scoring")}
    assert rows == {team: expected(line, team=team) for team, line in TEAMS.items()}


def test_pitching_by_hand_with_unearned_runs_and_an_inherited_runner(samples_db):
    rows = {(r["player"], r["team"]): r for r in stats(samples_db, "pitching", "--by", "player")}
    for key, line in PITCHING.items():
        assert rows[key] == dict(zip(("player", "team"), key)) | dict(zip(PITCHING_COLUMNS + DECISION_COLUMNS, line)), key


def test_fielding_of_official_scoring_by_hand(samples_db):
    rows = stats(samples_db, "fielding", "--by", "player", "--game", "official-scoring")
    assert {(r["player"], r["pos"]): (r["PO"], r["A"], r["E"]) for r in rows} == {
        # Canal Herons: Ann's E6 and her part in the 6-3 and the 6-4-3; Bea's putout at second and assist on it.
        ("Ann Pike", 6): (0, 2, 1), ("Bea Cole", 4): (1, 1, 0), ("Dee Ford", 3): (2, 0, 0),
        ("Hal Jory", 2): (2, 0, 0), ("Gus Ives", 7): (1, 0, 0),
        # Lake Otters: the catcher's two strikeouts; Max at second in the 6-4-3 and on the 4-3.
        ("Kim Moor", 8): (2, 0, 0), ("Oli Quinn", 9): (1, 0, 0), ("Ray Tate", 2): (2, 0, 0),
        ("Lee Nash", 6): (0, 1, 0), ("Max Oday", 4): (1, 2, 0), ("Ned Park", 3): (2, 0, 0), ("Quin Sims", 7): (1, 0, 0),
    }  # fmt: skip
