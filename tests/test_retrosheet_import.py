"""Real baseball as the proof: Retrosheet's 2019 files imported under rules=baseball give the
same batting and pitching lines as Chadwick's cwbox (chadwickpy)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.files import replay_text
from scorebook.importers.compare import compare, compare_fielding, cwbox_xml, reconstructed
from scorebook.importers.retrosheet import fewer_collections, import_game, read_file, team_names
from scorebook.notation.retrosheet import read_events, translate
from scorebook.notation.syntax import parse_game
from scorebook.problems import IllegalPlay, InvalidPlay, ScorebookProblem
from scorebook.reports.box import box_score
from scorebook.reports.playbyplay import describe
from scorebook.store.db import Store

from .conftest import HEADER, ROOT, play
from .test_retrosheet import CWBOX, mismatches
from .test_retrosheet import cwbox as cwbox_of

SEASON = ROOT.parent / "shared" / "retrosheet" / "2019"
needs_season = pytest.mark.skipif(not SEASON.exists(), reason="the Retrosheet 2019 files are not beside the project")


@pytest.mark.parametrize(
    ("event", "bases", "play", "runners"),
    [
        ("S9/L.1-2", (True, False, False), "H1 1-2", ""),
        ("64(1)3/GDP", (True, False, False), "6-4-3 1X2(6-4)", ""),
        ("54(1)/FO/G", (True, True, False), "FC 1X2(5-4) 2-2", ""),  # the runner forced out no longer pushes the one ahead
        ("8(B)84(2)/LDP", (False, True, False), "8 2X2(8-4)", ""),  # doubled off second
        ("8/F", (False, True, False), "8 2-2", ""),  # a runner not named stays
        ("D7/L.1-H(UR)", (True, False, False), "H2 1-H(UR)", ""),
        ("K+WP.1-2", (True, False, False), "SO", "WP 1-2"),  # the runner moved on the wild pitch, before the out
        ("K+SB2", (True, False, False), "SO", "SB2"),
        ("K+SB2.1-3(E2/TH)", (True, False, False), "SO", "SB2 1-3(E2)"),  # the steal first, then the strikeout
        ("K+CSH(2425)/DP", (True, False, True), "SO dp=yes", "CSH(2-4-2-5)"),
        ("E2/BG/SH.1-2", (True, False, False), "SH2 B-1(E2) 1-2", ""),
        ("FC1/BG/SH.3-H;1-2", (True, False, True), "SH1 B-1 1-2 3-H", ""),  # a sacrifice: no at-bat
        ("3E1/G", (False, False, False), "E1", ""),
        ("WP.3-H;1-2", (True, False, True), "", "WP 3-H 1-2"),
        ("CS2(24)", (True, False, False), "", "CS2(2-4)"),
        ("SBH(UR);SB2", (True, False, True), "", "SBH SB2 3-H(UR)"),  # the steal's mark on the runner's move
        ("OA/AP.3-H(E1/TH)(UR)(NR)", (False, False, True), "", "OA 3-H(E1)(UR)(NR)"),
        ("HP", (False, False, False), "HP", ""),
        ("S7.2XH(6E2)", (False, True, False), "H1 2-H(E2)", ""),  # only an error: the out is undone
        ("D9/G+.1-H;BX3(E9)(95/TH)", (True, False, False), "H2 BX3(9-5)(E9) 1-H", ""),  # on the error, then out
        ("E1/TH/SH.2-3;B-1", (False, True, False), "SH1 B-1(E1) 2-3", ""),  # the bunt thrown away: the error charged
        # What happened on a strikeout's or walk's pitch comes first, with the runners' moves.
        ("K+WP.B-1", (False, False, False), "SO B-1", "WP"),
        ("K+PB.2-3;B-1", (False, True, False), "SO B-1", "PB 2-3"),
        ("W+WP.3-H(NR);1-2", (True, False, True), "BB 1-2", "WP 3-H(NR)"),  # the walk's forced runner stays with it
        ("W+PB.2-3", (False, True, False), "BB", "PB 2-3"),
        ("W+SB3", (False, True, False), "BB", "SB3"),
        ("K+SB2.B-1(WP)", (True, False, False), "SO B-1", "SB2 WP"),  # the batter reached on a wild pitch
        ("K+E2.B-1", (False, False, False), "SO B-1(E2)", ""),
        ("W+E2.1-3", (True, False, False), "BB 1-3(E2)", ""),
        ("W+OA.3XH(2)", (False, False, True), "BB 3XH(2)", ""),  # out at home on ball four: the walk stands
        ("SB2.3-H(WP)(NR)", (True, False, True), "", "SB2 WP 3-H(NR)"),
        # Runners saved by an error: the error is charged (`PO1(E1)` stays put, `CS2(2-E6)` is safe at second).
        ("PO1(E1).1-2", (True, False, False), "", "PO1(E1) 1-2"),
        ("PO2(1E4)", (False, True, False), "", "PO2(1-E4)"),
        ("POCS2(13E6).1-2", (True, False, False), "", "CS2(1-3-E6) 1-2"),
        ("CSH(1E2)(UR)", (False, False, True), "", "CSH(1-E2) 3-H(UR)"),
        ("FLE3", (True, False, False), "", "FLE3"),  # an error on a foul fly: the count goes on
        ("K/NDP.1X2(24)", (True, False, False), "SO 1X2(2-4) dp=no", ""),  # the scorer's call: no double play
        ("S5#", (False, False, False), "H1", ""),  # the scorer's uncertainty: kept as a note, the play read without it
        ("S8.2X3(865);1-2#", (True, True, False), "H1 1-2 2X3(8-6-5)", ""),
        ("53/B", (False, False, False), "5-3", ""),  # a bunt, its trajectory not given
        ("16(1)/FO/SH.3-H", (True, False, True), "SH1 B-1 1X2(1-6) 3-H", ""),  # the scorer's sacrifice on a force-out
        ("D9/L9D.3-H(UR);2-H;B-1", (False, True, True), "H1 B-1 2-H 3-H(UR)", ""),  # game-ending: his bases (9.06(f))
        ("14E6/G.B-2", (False, False, False), "E6 B-2", ""),  # the pitcher's throw to the shortstop dropped: his error
    ],
)
def test_translate(event, bases, play, runners):
    translated = translate(event, bases)
    assert (translated.play, translated.runners) == (play, runners)


@pytest.mark.parametrize(
    ("event", "col", "message"),
    [
        ("K+ZZ", 3, "not what happens on a strikeout's or walk's pitch"),
        ("W+XX", 3, "not what happens on a strikeout's or walk's pitch"),
        ("PO4(..)", 1, "a pickoff is PO1, PO2 or PO3 with the fielders"),
        ("CS2", 1, "a caught stealing is CS2, CS3 or CSH with the fielders"),
        ("S8/ZZ", 4, "not an event modifier"),
        ("S8.1-2;1-3", 8, "the runner on 1st is moved twice"),
        ("S8.1-2(XX)", 7, "not an advance's note"),
        ("ZZ9", 1, "not a Retrosheet event"),
        ("S8+WP", 1, "only a strikeout or a walk takes `+`"),
        ("K+E2", 3, "an error on the pitch moves a runner"),
        ("WP.B-1", 1, "a runner event moves no batter"),
    ],
)
def test_translate_rejects_what_is_not_retrosheets_notation(event, col, message):
    with pytest.raises(InvalidPlay, match=re.escape(message)) as problem:
        translate(event, (True, False, False))
    assert problem.value.col == col


def test_translate_keeps_the_scorers_uncertainty_and_exceptional_plays_as_a_note():
    assert translate("SB2#", (True, False, False)).note == "uncertain, as Retrosheet writes it: SB2#"
    exceptional = translate("9!/F89XDW", (False, False, False))
    assert exceptional.note == "an exceptional play, as Retrosheet writes it: 9!/F89XDW"
    assert translate("SB2", (True, False, False)).note == ""


def test_translate_keeps_the_scorers_sacrifice_fly_call():
    assert translate("E7/F/SF.3-H;2-3;B-2", (False, True, True)).sf
    assert not translate("8/F.3-H(E8/TH)(UR)(NR)", (False, False, True)).sf


def _third_plate_appearance(event: str):
    """The fact of `event`, batted third in the top of the first after a triple and a walk."""
    records = [f"play,1,0,{r}" for r in ("a1,00,X,T8", "a2,00,X,W", f"a3,00,X,{event}")]
    _, replay = synthetic_game(records, batted=3, outs=2 if "DP" in event else 0)
    return [fact for fact in replay.facts if fact.pa][2]


def test_a_batter_obstructed_on_his_batted_ball_bats_the_run_in_as_cwbox():
    # MIL202104280: the batter-runner obstructed on his ground ball, awarded first; the run is the
    # batted ball's (rules 6.01(h)(1), 9.04(a)(1)). Without a batted ball (catcher's interference on
    # the pitch) only a run forced home is batted in (9.04(a)(2)).
    obstructed = _third_plate_appearance("C/E1/G34S.3-H;1-2;B-1")
    assert (obstructed.ab, obstructed.rbi, obstructed.result) == (False, 1, "CI*")
    assert _third_plate_appearance("C/E2.3-H;1-2;B-1").rbi == 0


def test_a_batter_tagged_off_first_after_a_force_did_not_ground_into_a_force_double_play():
    # MLN196106230: `46(1)/FO/DP...;BX1(3)`, the batter safe on the force and caught off first by
    # the hidden-ball trick: a double play, but no force double play (rule 9.04(b)(1)): his RBI, no GDP.
    tagged = _third_plate_appearance("46(1)/FO/DP.3-H;BX1(3)")
    assert (tagged.rbi, tagged.gdp, tagged.double_play) == (1, False, 2)
    grounded = _third_plate_appearance("46(1)3/GDP.3-H")
    assert (grounded.rbi, grounded.gdp, grounded.double_play) == (0, True, 2)


def test_a_strikeout_and_the_runner_caught_on_its_pitch_are_one_double_play():
    # `K+CS2(24)/DP` (ANA201904080): `CS2(2-4)` then `SO dp=yes`; one double play (rule 9.11),
    # counted once, credited to the catcher and the second baseman; no ground-ball double play.
    from scorebook.store.rows import fielding_credits

    header = BASEBALL
    game = play("top 1\nH1\nCS2(2-4)\nSO dp=yes", header)
    caught, struck = game.facts[-2:]
    assert (caught.double_play, struck.double_play, struck.gdp, struck.outs_after) == (0, 2, False, 2)
    assert box_score(game).double_plays == (0, 1)
    assert {row[1]: row[5] for row in fielding_credits(struck)} == {2: 1, 4: 1}
    assert translate("K+CS2(24)/DP", (True, False, False)).play == "SO dp=yes"
    with pytest.raises(IllegalPlay, match="dp=yes joins the play's outs with those of the runner events on its pitch"):
        play("top 1\nH1\nSB2\nSO dp=yes", header)  # no out on the pitch
    with pytest.raises(IllegalPlay, match="an official scorer's call"):
        play("top 1\nH1\nCS2(2-4)\nSO dp=yes")  # Diceball scores its double plays by its rules


@needs_season
def test_a_teams_home_games_match_cwbox_line_for_line():
    result = compare(SEASON, [SEASON / "2019ANA.EVA"])
    assert result.imported == result.games == 81
    assert result.lines > 2400 and result.mismatches == []
    assert result.earned_lines > 300 and result.earned_mismatches == []


# Every other season shared beside the project: (folder, games, lines and data,er records compared
# at least, the lines that differ from cwbox, each explained in docs/rules-decisions.md).
SEASONS = [
    ("2021", 2429, 82000, 21500, []),
    ("1977", 2103, 61000, 10600, []),
    ("1961", 1430, 43000, 6900, []),
    ("2021post", 37, 1400, 400, []),
    ("2021as", 1, 50, 17, []),
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("folder", "games", "lines", "earned", "differ"), SEASONS, ids=[s[0] for s in SEASONS])
def test_every_seasons_games_are_stored_and_match_cwbox_line_for_line(folder, games, lines, earned, differ):
    season = SEASON.parent / folder
    if not season.exists():
        pytest.skip(f"the Retrosheet files of {folder} are not beside the project")
    result = compare(season, sorted(season.glob("*.EV?")), folder[:4], jobs=2)
    assert result.games == result.imported == games and not result.not_imported
    assert result.lines > lines and result.mismatches == differ
    assert result.earned_lines > earned and result.earned_mismatches == []


@pytest.mark.slow
@needs_season
def test_the_whole_season_matches_cwbox_line_for_line_and_the_files_earned_runs():
    result = compare(SEASON, sorted(SEASON.glob("*.EV?")), jobs=2)
    assert result.games == result.imported == 2429 and not result.not_imported
    assert result.lines > 82000 and result.mismatches == []
    assert result.earned_lines > 21000 and result.earned_mismatches == []


@needs_season
def test_the_engines_earned_runs_without_the_scorers_marks_match_the_records():
    # The (UR) marks taken out, the engine reconstructs every inning (rule 9.16). The few left
    # are the scorer's judgment the notation cannot show (docs/rules-decisions.md).
    result = reconstructed(SEASON, [SEASON / "2019ANA.EVA"])
    assert result.imported == result.games == 81 and result.earned_lines > 700
    assert len(result.earned_mismatches) <= 9, result.earned_mismatches


@needs_season
def test_a_player_is_known_by_his_retrosheet_id_as_cwbox_knows_him():
    # NYN201904280: `sub,nimmb001,"Juan Lagares",1,6,7` is Brandon Nimmo moving to left field.
    result = compare(SEASON, [SEASON / "2019NYN.EVN"])
    assert result.imported == result.games == 81
    assert result.mismatches == [] and result.earned_mismatches == []


@needs_season
def test_import_command_stores_retrosheet_games(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'mlb.db'}"
    done = CliRunner().invoke(app, ["import", "--format", "retrosheet", str(SEASON / "2019ANA.EVA")], env={"SCOREBOOK_DB": url})
    assert done.exit_code == 0 and "imported 81 Retrosheet games" in done.output
    box = CliRunner().invoke(app, ["box", "ANA201904040"], env={"SCOREBOOK_DB": url})
    assert "Texas Rangers at Anaheim Angels" in box.output


@needs_season
def test_import_command_shares_the_files_among_worker_processes(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'mlb.db'}"
    files = [str(SEASON / "2019ANA.EVA"), str(SEASON / "2019NYN.EVN")]
    done = CliRunner().invoke(app, ["import", "--format", "retrosheet", "--jobs", "2", *files], env={"SCOREBOOK_DB": url})
    assert done.exit_code == 0 and "imported 162 Retrosheet games" in done.output


@needs_season
def test_an_imported_game_replays_from_its_written_file_to_the_same_facts():
    game = read_file(SEASON / "2019ANA.EVA")[0]
    text, replay = import_game(game, {}, "2019ANA.EVA")
    again = replay_text(text, game.id)

    def without_play_columns(facts):
        return [fact._replace(play=None) for fact in facts]

    assert without_play_columns(replay.facts) == without_play_columns(again.facts)
    assert replay.final == again.final


def cwbox_text(folder: Path, event_file: str, *, rosters: bool = True) -> list[str]:
    """cwbox's text box scores of an event file, as it prints them, one per game; `rosters`:
    whether it finds every team's roster (without, it warns)."""
    done = subprocess.run([CWBOX, "-Q", "-y", "2019", event_file], cwd=folder, capture_output=True, text=True, check=False)
    warnings = [line for line in done.stderr.splitlines() if not (not rosters and "could not find roster" in line)]
    assert done.returncode == 0 and warnings == [], done.stderr
    return done.stdout.split("\f")[:-1]  # each box ends with a form feed


def game_ids(event_file: Path) -> list[str]:
    return [line[3:] for line in event_file.read_text().splitlines() if line.startswith("id,")]


ANA = SEASON / "2019ANA.EVA"


@pytest.fixture(scope="module")
def ana_boxes(tmp_path_factory) -> tuple[dict[str, str], dict[str, str], Path]:
    """The Angels' home games of 2019 imported with every roster and the team file through the
    command line into a new store, exported back with it, and cwbox's box scores of the
    original and the export, by game id; and the export's folder."""
    folder = tmp_path_factory.mktemp("ana")
    env = {"SCOREBOOK_DB": f"sqlite:///{folder / 'mlb.db'}"}
    files = [str(ANA), *map(str, sorted(SEASON.glob("*.ROS"))), str(SEASON / "TEAM2019")]
    done = CliRunner().invoke(app, ["import", "--format", "retrosheet", *files], env=env)
    assert done.exit_code == 0, done.output
    ids = game_ids(ANA)
    done = CliRunner().invoke(app, ["export", *ids, "--format", "retrosheet", "-o", str(folder / "export")], env=env)
    assert done.exit_code == 0, done.output
    exported_ids = game_ids(folder / "export" / ANA.name)
    assert exported_ids == ids
    original = dict(zip(ids, cwbox_text(SEASON, ANA.name), strict=True))
    exported = dict(zip(ids, cwbox_text(folder / "export", ANA.name), strict=True))
    return original, exported, folder / "export"


@needs_season
@pytest.mark.parametrize("game_id", game_ids(ANA) if ANA.exists() else [])
def test_an_imported_game_exports_back_to_the_same_cwbox_box_score(game_id: str, ana_boxes):
    # Every one: the strikeouts with a runner caught on their pitch (ANA201904080 and three more,
    # `CS2(2-4)` then `SO dp=yes`) are written back as one record, `K+CS2(24)/DP`.
    # The whole text: header (day or night), names as the rosters split them, batting and
    # pitching lines, W L S, the pitchers who faced batters in an inning they left without an
    # out, E DP TP LOB 2B 3B HR SB CS SH SF HBP WP Balk PB, time and attendance.
    original, exported, _ = ana_boxes
    assert exported[game_id] == original[game_id]


@needs_season
def test_the_export_files_are_named_as_retrosheet_names_them_with_its_notice(ana_boxes):
    folder = ana_boxes[2]
    names = {p.name for p in folder.iterdir()}
    assert {"2019ANA.EVA", "TEAM2019", "ANA2019.ROS", "TEX2019.ROS", "NOTICE"} <= names
    assert "copyrighted by Retrosheet" in (folder / "NOTICE").read_text()
    assert (folder / "TEAM2019").read_text().splitlines()[:2] == ["TEX,A,Texas,Rangers", "ANA,A,Anaheim,Angels"]


def one_game_folder(folder: Path, game_id: str, *beside: str) -> Path:
    """One game of 2019ANA.EVA in a file of its own in `folder`, with some of the season's files
    beside it and Retrosheet's notice."""
    lines, keep = [], False
    for line in ANA.read_text().splitlines():
        keep = line == f"id,{game_id}" if line.startswith("id,") else keep
        lines += [line] if keep else []
    folder.mkdir()
    (folder / ANA.name).write_text("\n".join(lines) + "\n")
    for name in ("NOTICE", *beside):
        shutil.copy(SEASON / name if name != "NOTICE" else SEASON.parent / name, folder / name)
    return folder


@needs_season
def test_a_game_whose_folder_has_no_rosters_exports_without_them(tmp_path: Path):
    # cwbox names the players of the original as its event file does (and warns): the same of the
    # export, which writes back no roster rows the original did not have.
    folder = one_game_folder(tmp_path / "alone", "ANA201904050", "TEAM2019")
    env = {"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'mlb.db'}"}
    assert CliRunner().invoke(app, ["import", "--format", "retrosheet", str(folder / ANA.name)], env=env).exit_code == 0
    done = CliRunner().invoke(app, ["export", "ANA201904050", "--format", "retrosheet", "-o", str(tmp_path / "out")], env=env)
    assert done.exit_code == 0, done.output
    assert not list((tmp_path / "out").glob("*.ROS"))
    original = cwbox_text(folder, ANA.name, rosters=False)
    assert "Texas at Anaheim" in original[0] and "Tommy La Stella" in original[0]
    assert cwbox_text(tmp_path / "out", ANA.name, rosters=False) == original


@needs_season
def test_a_retrosheet_game_and_a_scorebook_game_export_together(tmp_path: Path):
    folder = one_game_folder(tmp_path / "one", "ANA201904050", "TEAM2019", "ANA2019.ROS", "TEX2019.ROS")
    url = f"sqlite:///{tmp_path / 'mlb.db'}"
    Store(url).import_file(ROOT / "samples" / "official-scoring.game")
    env = {"SCOREBOOK_DB": url}
    assert CliRunner().invoke(app, ["import", "--format", "retrosheet", str(folder / ANA.name)], env=env).exit_code == 0
    ours = next(g.id for g in Store(url).games() if g.id != "ANA201904050")
    done = CliRunner().invoke(app, ["export", ours, "ANA201904050", "--format", "retrosheet", "-o", str(tmp_path / "out")], env=env)
    assert done.exit_code == 0, done.output
    out = tmp_path / "out"
    assert cwbox_text(out, ANA.name) == cwbox_text(folder, ANA.name)
    ours_file = next(out.glob("*SBK.EVA"))
    replay = Store(url).replay(ours)
    assert mismatches([replay], cwbox_xml(out, [ours_file], ours_file.name[:4])) == []


def synthetic_records(plays: list[str], number: int = 0) -> list[str]:
    """A Retrosheet game's records: two designated-hitter lineups (A 1 ... A 9, H 1 ... H 9; the
    pitchers ap and hp) and the given play and sub records. Its first play record is on line 25."""
    starts = [f'start,{t}{n},"{t.upper()} {n}",{side},{n},{n if n > 1 else 10}' for side, t in enumerate("ah") for n in range(1, 10)]
    starts += ['start,ap,"Away Pitcher",0,0,1', 'start,hp,"Home Pitcher",1,0,1']
    return [f"id,TST20190401{number}", "info,visteam,AAA", "info,hometeam,HHH", "info,date,2019/04/01", *starts, *plays]


def synthetic_game(plays: list[str], batted: int, outs: int):
    """A Retrosheet game of two designated-hitter lineups, the given records in the top of the
    first (`batted` batters done, `outs` made) and then five innings' strikeouts, imported."""
    return import_game(read_events("\n".join(synthetic_records(finished(plays, batted, outs))))[0], {}, "test.EVA")


def finished(plays: list[str], batted: int = 0, outs: int = 0, innings: int = 5) -> list[str]:
    """`plays` in the top of the first (`batted` batters done, `outs` made), then the rest of a
    game of `innings` innings in which every batter strikes out, but the home team's first two,
    who homer: after five innings the home team leads, and the game is a regulation game."""
    slots = {(side, slot): f"{team}{slot}" for side, team in enumerate("ah") for slot in range(1, 10)}
    for record in plays:  # a substitute bats in his slot from then on
        fields = record.split(",")
        if fields[0] == "sub" and fields[4] != "0":
            slots[int(fields[3]), int(fields[4])] = fields[1]
    done, rest = [batted, 0], list(plays)

    def batter(side: int) -> str:
        done[side] += 1
        return slots[side, (done[side] - 1) % 9 + 1]

    for inning in range(1, innings + 1):
        for side in (0, 1):
            if (inning, side) == (1, 1):
                rest += [f"play,1,1,{batter(1)},00,X,HR/7", f"play,1,1,{batter(1)},00,X,HR/8"]
            rest += [f"play,{inning},{side},{batter(side)},00,X,K" for _ in range(3 - (outs if (inning, side) == (1, 0) else 0))]
    return rest


def test_a_pitcher_moved_to_the_field_after_his_relievers_record_stays_in_the_game():
    records = ["play,1,0,a1,00,X,8/F", 'sub,r1,"Reliever",1,0,1', "play,1,0,a2,00,,NP", 'sub,hp,"Home Pitcher",1,3,3', "play,1,0,a2,00,X,7/F"]
    game_text, replay = synthetic_game(records, batted=2, outs=2)
    assert game_text.index('sub home 3 "Home Pitcher":3') < game_text.index('pitcher home "Reliever"')
    second = next(fact for fact in replay.facts if fact.batter == "A 2")
    assert replay.state.teams[1].players[2] == "Home Pitcher" and second.pitcher == "Reliever"


def test_a_count_taken_over_is_charged_by_the_count_at_the_change():
    plays = [
        "play,1,0,a1,02,CC,NP",
        'sub,ph,"Pinch Hitter",0,1,11',
        "play,1,0,ph,02,CC.S,K",  # left with two strikes: the strikeout is A 1's (rule 9.15(b))
        "play,1,0,a2,00,,NP",
        'sub,r1,"First Reliever",1,0,1',
        "play,1,0,a2,20,BB,NP",
        'sub,r2,"Second Reliever",1,0,1',
        "play,1,0,a2,30,BB.BB,W",  # relieved at 2-0: the walk is the first reliever's (rule 9.15(a))
        "play,1,0,a3,10,B,NP",
        'sub,r3,"Third Reliever",1,0,1',
        "play,1,0,a3,30,B.BBB,W",  # relieved at 1-0: the walk is the new pitcher's
    ]
    game_text, replay = synthetic_game(plays, batted=3, outs=1)
    # The game file says where each change came in the count; the engine charges by it.
    assert 'sub away 1 "Pinch Hitter" count=0-2' in game_text and "charged=" not in game_text
    assert 'pitcher home "First Reliever"\n' in game_text and 'pitcher home "Second Reliever" count=2-0' in game_text and 'pitcher home "Third Reliever" count=1-0' in game_text
    strikeout, walk, second_walk = [fact for fact in replay.facts if fact.pa][:3]
    assert (strikeout.batter, walk.pitcher, second_walk.pitcher) == ("A 1", "First Reliever", "Third Reliever")


BASEBALL = HEADER.replace("rules=diceball", "rules=baseball")


@pytest.mark.parametrize(
    ("body", "pitcher", "batter"),
    [
        ('pitcher home "R" count=2-1\nBB', "HP", "A1"),  # 9.16(h): behind in the count, the starter's walk
        ('pitcher home "R" count=3-2\nIBB', "HP", "A1"),
        ('pitcher home "R" count=1-1\nBB', "R", "A1"),  # even or ahead: the reliever's
        ('pitcher home "R" count=3-1\nH1', "R", "A1"),  # any other result: the reliever's
        ('H1\npitcher home "R" count=3-1\nSB2\nBB', "HP", "A2"),  # a steal during it keeps the count
        ('sub away 1 "PH" count=1-2\nSO', "HP", "A1"),  # 9.15(b): two strikes, the strikeout is A1's
        ('sub away 1 "PH" count=2-1\nSO', "HP", "PH"),
        ('sub away 1 "PH" count=0-2\nBB', "HP", "PH"),
    ],
)
def test_a_change_during_a_plate_appearance_charges_it_by_the_count(body: str, pitcher: str, batter: str):
    fact = play(f"top 1\n{body}", BASEBALL).facts[-1]
    assert (fact.pitcher, fact.batter) == (pitcher, batter)


def test_the_count_is_cleared_when_the_plate_appearance_ends():
    game = play('top 1\npitcher home "R" count=2-0\nSO\nBB', BASEBALL)
    assert [(f.pitcher, f.batter) for f in game.facts[-2:]] == [("R", "A1"), ("R", "A2")]
    line = next(line for line in box_score(game).team_pitching(1) if line.player == "R")
    assert (line.counts["BB"], line.counts["SO"]) == (1, 1)


@pytest.mark.parametrize(
    ("body", "header", "problem"),
    [
        ('pitcher away "R" count=1-1\nBB', BASEBALL, "Away is batting, its pitcher faces none now"),
        ('sub away 2 "PH" count=1-1\nSO', BASEBALL, "a pinch hitter taking the place of the batter up, A1"),
        ('pitcher home "R" count=1-1\nBB charged=pitcher', BASEBALL, "charged=pitcher, but with the pitcher changed at 1-1"),
        ('SO\nSO\nSO\npitcher home "R" count=1-1', BASEBALL, "between half-innings there is none"),
        ('pitcher home "R" count=2-1\nBB', HEADER, "rules=diceball rolls a plate appearance whole"),
    ],
)
def test_a_count_where_no_plate_appearance_can_take_it_is_refused(body: str, header: str, problem: str):
    with pytest.raises(IllegalPlay, match=re.escape(problem)):
        play(f"top 1\n{body}", header)


def test_a_count_out_of_range_is_no_count():
    with pytest.raises(InvalidPlay, match="count= is the batter's balls"):
        play('top 1\npitcher home "R" count=4-1\nBB', BASEBALL)


def test_an_imported_games_file_is_the_one_its_text_parses_to():
    plays = ["play,1,0,a1,00,X,S8", "play,1,0,a2,00,X,D7.1-H", 'sub,pr,"Pinch Runner",0,2,12', "play,1,0,a3,00,X,WP.2-3"]
    game_text, replay = synthetic_game(plays, batted=2, outs=0)
    assert "H2* 1-H" in game_text
    assert replay.game == parse_game(game_text, "TST201904010")


def test_a_sub_record_naming_a_known_id_otherwise_is_that_player():
    plays = ["play,1,0,a1,00,X,8/F", 'sub,h6,"Someone Else",1,6,7', "play,1,0,a2,00,X,7/F"]
    game_text, replay = synthetic_game(plays, batted=2, outs=2)
    assert 'sub home 6 "H 6":7' in game_text and "Someone Else" not in game_text
    assert replay.state.teams[1].positions[5] == 7


@needs_season
def test_roster_files_register_their_players_and_the_team_file_is_taken_as_given(tmp_path: Path):
    from sqlalchemy import text

    from scorebook.store.db import Store

    url = f"sqlite:///{tmp_path / 'mlb.db'}"
    files = [str(SEASON / name) for name in ("ANA2019.ROS", "TEAM2019")]
    done = CliRunner().invoke(app, ["import", "--format", "retrosheet", *files], env={"SCOREBOOK_DB": url})
    assert done.exit_code == 0 and "registered the players of 1 team roster" in done.output
    with Store(url).engine.connect() as db:
        names = db.execute(text("SELECT p.name FROM players p JOIN teams t ON t.id = p.team_id WHERE t.name = 'Anaheim Angels'")).scalars().all()
    rows = (SEASON / "ANA2019.ROS").read_text().splitlines()
    assert len(names) == len(rows) and "Cody Allen" in names and "Mike Trout" in names


def test_the_import_runs_the_garbage_collector_less_often_and_restores_its_thresholds():
    import gc

    before = gc.get_threshold()
    with fewer_collections(5000):
        assert gc.get_threshold() == (5000, *before[1:])
    assert gc.get_threshold() == before
    with pytest.raises(ValueError), fewer_collections():
        raise ValueError("a problem in the middle of an import")
    assert gc.get_threshold() == before


def test_errors_wild_pitches_passed_balls_and_steals_on_the_pitch_are_in_the_facts():
    plays = [
        "play,1,0,a1,00,X,S8",
        "play,1,0,a2,01,F,FLE3",  # the first baseman drops a foul fly
        "play,1,0,a2,01,F,PO1(E1).1-2",  # the pickoff throw gets away
        "play,1,0,a2,01,F,CS3(2E5)",  # caught stealing but for the third baseman's error (rule 9.07(h))
        "play,1,0,a2,22,BBSS,K+WP.B-1",  # strike three a wild pitch: the batter reaches
        "play,1,0,a3,12,BSS,K+PB",
        "play,1,0,a4,30,BBBB,W+WP.3-H(NR);1-2",  # the run scores on the wild pitch, the runner forced on the walk
    ]
    game_text, replay = synthetic_game(plays, batted=4, outs=1)
    facts = replay.facts
    assert [fact.errors for fact in facts if fact.errors] == [(3,), (1,), (5,)]
    pitches = [(event.text, fact.pitcher) for fact in facts for event in fact.events if event.text in ("WP", "PB")]
    assert pitches == [("WP", "Home Pitcher"), ("PB", "Home Pitcher"), ("WP", "Home Pitcher")]
    assert [(s.runner, s.base, s.caught) for fact in facts for s in fact.steals] == [("A 1", 3, True)]
    assert "WP 3-H(NR)\nBB 1-2" in game_text and "PB\nSO\n" in game_text
    box = box_score(replay)
    assert box.linescore[1].E == 3 and box.linescore[0].R == 1 and box.team_batting(0)[0].counts["CS"] == 1
    walk = next(fact for fact in facts if fact.batter == "A 4")
    assert walk.bases_after == ("A 4", "A 2", None)  # A 2 forced to second on the walk


@needs_season
def test_a_teams_home_games_wild_pitches_and_passed_balls_match_cwbox():
    result = compare_fielding(SEASON, [SEASON / "2019ANA.EVA"])
    assert result.games == 81 and result.wild_pitches > 40 and result.passed_balls > 5
    assert [m for m in result.mismatches if not m.startswith("E ")] == []


@needs_season
def test_a_teams_home_games_errors_match_cwbox():
    result = compare_fielding(SEASON, [SEASON / "2019ANA.EVA"])
    assert result.games == 81 and result.errors > 80
    assert result.mismatches == []


@needs_season
def test_a_rain_shortened_official_game_is_final():
    game = next(g for g in read_file(SEASON / "2019NYN.EVN") if g.id == "NYN201908220")  # called in the 8th for rain
    text, replay = import_game(game, team_names(SEASON), "2019NYN.EVN")
    assert text.endswith("\ncalled\n") and replay.final and box_score(replay).status == "final"
    assert replay.state.score == (0, 2)


def test_an_imported_game_that_stops_early_is_called_and_stored_final(tmp_path: Path):
    from sqlalchemy import text

    from scorebook.store.db import Store

    path = tmp_path / "rain.EVA"
    path.write_text("\n".join(synthetic_records(finished([]))) + "\n")
    url = f"sqlite:///{tmp_path / 'rain.db'}"
    done = CliRunner().invoke(app, ["import", "--format", "retrosheet", str(path)], env={"SCOREBOOK_DB": url})
    assert done.exit_code == 0 and done.output == "imported 1 Retrosheet game from 1 file; 0 skipped (stored already), 0 refused\n"  # no blank line before it
    with Store(url).engine.connect() as db:
        assert db.execute(text("SELECT status, away_score, home_score FROM games")).one() == ("final", 0, 2)


def import_bad(tmp_path: Path, records: list[str]) -> tuple[str, str, int]:
    """An event file of a bad game and a good one imported: (the file, the output, the games stored)."""
    from sqlalchemy import text

    from scorebook.store.db import Store

    path = tmp_path / "bad.EVA"
    path.write_text("\n".join(records + synthetic_records(finished([]), number=1)) + "\n")
    url = f"sqlite:///{tmp_path / 'bad.db'}"
    done = CliRunner().invoke(app, ["import", "--format", "retrosheet", str(path)], env={"SCOREBOOK_DB": url})
    assert done.exit_code == 1 and done.output.endswith("imported 1 Retrosheet game from 1 file; 0 skipped (stored already), 1 refused\n")
    with Store(url).engine.connect() as db:
        stored = db.execute(text("SELECT id FROM games")).scalars().all()
    assert stored == ["TST201904011"]  # the good game; nothing of the bad one
    return str(path), done.output, len(stored)


def replaced(old: str, new: str):
    """A change to a game's records: the record `old` written `new`."""
    return lambda records: [new if record == old else record for record in records]


def first_play(record: str):
    """A change to a game's records: its first play record (line 25) replaced by `record`."""
    return lambda records: records[:24] + [record] + records[25:]


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (replaced('start,a1,"A 1",0,1,10', 'start,a1,"A 1",0,1'), "5:19", (
            'a start record is start,PLAYER,"NAME",TEAM,SLOT,POSITION (TEAM 0 away or 1 home, SLOT 0-9, POSITION 1-12): '
            "5 fields after `start`, not 4")),
        (replaced('start,a1,"A 1",0,1,10', 'start,a1,"A 1",2,1,10'), "5:16", "`2`: field 3 of a start record does not fit"),
        (lambda records: [r for r in records if r != "info,hometeam,HHH"], "1:4",
         "`TST201904010`: game TST201904010 has no `info,hometeam` record: it gives the home team's code"),
        (replaced("info,hometeam,HHH", "info,hometeam,"), "3:15", "`info,hometeam` gives the home team's code"),
        (first_play("play,1,0,a1,00,X,K+ZZ"), "25:20", "`ZZ`: TST201904010: not what happens on a strikeout's"),
        (first_play("play,1,0,a1,00,X,W+XX"), "25:20", "`XX`: TST201904010: not what happens on a strikeout's"),
        (first_play("play,1,0,a1,00,X,PO4(..)"), "25:18", "`PO4(..)`: TST201904010: a pickoff is PO1, PO2 or PO3"),
        (first_play("play,1,0,a1,00,X,S8.3-H"), "25:18",
         "`S8.3-H`: TST201904010: read as `H1 3-H`: there is no runner on 3rd [top 1, 0 outs, bases empty]"),
        (first_play("play,1,0,a2,00,X,K"), "25:10", "`a2`: TST201904010: A 2 bats, but the batting order has A 1 up"),
        (first_play("garbage,1"), "25:1", "`garbage`: not a Retrosheet record"),
        (first_play("radj,a1,2"), "25:1", (
            '`radj,a1,2`: TST201904010: read as `placed 2 "A 1"`: a runner is placed on base to start an extra '
            "half-inning")),
        (first_play("presadj,hp,2"), "25:1", (
            '`presadj,hp,2`: TST201904010: read as `responsible 2 "Home Pitcher"`: there is no runner on 2nd')),
        (lambda records: [*records[:24], "play,1,0,a1,00,X,W", "presadj,ap,1", *records[25:]], "26:1", (
            '`presadj,ap,1`: TST201904010: read as `responsible 1 "Away Pitcher"`: "Away Pitcher" has not pitched for HHH')),
        (lambda records: records[:40], "40:18", (
            "`K`: TST201904010: its records stop at top 3, 2 outs, bases empty, so the umpire called it there; but a game "
            "called before five innings")),
    ],
)
def test_a_bad_record_is_reported_at_its_line_and_column_and_its_game_not_stored(tmp_path: Path, change, where, message):
    path, output, _ = import_bad(tmp_path, change(synthetic_records(finished([]))))
    assert output.startswith(f"{path}:{where}: {message}")


def test_a_line_before_the_first_game_is_the_files_problem(tmp_path: Path):
    path = tmp_path / "junk.EVA"
    path.write_text("garbage\n" + "\n".join(synthetic_records(finished([]))) + "\n")
    done = CliRunner().invoke(app, ["import", "--format", "retrosheet", str(path)], env={"SCOREBOOK_DB": f"sqlite:///{tmp_path / 'j.db'}"})
    assert done.exit_code == 1 and done.output.startswith(f"{path}:1:1: `garbage`: not a Retrosheet game's record")


@needs_season
@pytest.mark.parametrize(("change", "exit_code"), [("", 0), ("data,er,harvm001,", 1)])
def test_the_season_bench_fails_when_a_figure_differs(tmp_path: Path, change: str, exit_code: int):
    """The bench on one real game (its folder's team and roster files beside it, and the data's
    NOTICE); with a pitcher's `data,er` record changed the proof fails and the bench exits 1."""
    import shutil
    import subprocess
    import sys

    for name in ("TEAM2019", "ANA2019.ROS", "TEX2019.ROS"):
        shutil.copy(SEASON / name, tmp_path / name)
    shutil.copy(SEASON.parent / "NOTICE", tmp_path / "NOTICE")
    lines = (SEASON / "2019ANA.EVA").read_text().splitlines()
    game = lines[: next(n for n, line in enumerate(lines) if n and line.startswith("id,"))]  # ANA201904040
    if change:
        game = [line.rpartition(",")[0] + ",9" if line.startswith(change) else line for line in game]
    (tmp_path / "2019ANA.EVA").write_text("\n".join(game) + "\n")
    bench = ROOT / "bench" / "retrosheet_season.py"
    command = [sys.executable, str(bench), "--retrosheet", str(tmp_path), "--jobs", "1"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == exit_code, done.stderr
    assert "1 of 1 games imported" in done.stdout and ("1 differ" in done.stdout) == bool(change)


def extra_inning_game(top_of_the_eighth: list[str]) -> tuple[str, object]:
    """A seven-inning game (`info,innings,7`, a doubleheader's of 2021) scoreless through seven,
    every batter striking out; then `top_of_the_eighth` (the away team's a4 leads off), and the
    home team's h4-h6 strike out."""
    records = synthetic_records([])
    records.insert(4, "info,innings,7")
    for inning in range(1, 8):
        for side, team in enumerate("ah"):
            records += [f"play,{inning},{side},{team}{(3 * (inning - 1) + n) % 9 + 1},00,X,K" for n in range(3)]
    records += top_of_the_eighth + [f"play,8,1,h{n},00,X,K" for n in (4, 5, 6)]
    return import_game(read_events("\n".join(records))[0], {}, "test.EVA")


def test_a_seven_inning_game_goes_to_extra_innings_with_a_runner_placed_on_second_whose_run_is_unearned():
    text, replay = extra_inning_game(["radj,a3,2", "play,8,0,a4,00,X,S8.2-H(UR)", "play,8,0,a5,00,X,K", "play,8,0,a6,00,X,K",
                                      "play,8,0,a7,00,X,K"])  # fmt: skip
    assert "game rules=baseball innings=7 " in text and '\ntop 8\nplaced 2 "A 3"\nH1* 2-H(UR)\n' in text
    box = box_score(replay)
    assert replay.final and (box.linescore[0].R, box.linescore[1].R) == (1, 0)
    batting = {line.player: line.counts for line in box.batting}
    assert (batting["A 3"]["R"], batting["A 3"]["PA"], batting["A 4"]["RBI"]) == (1, 3, 1)  # placed: no PA
    home_pitcher = next(line.counts for line in box.pitching if line.player == "Home Pitcher")
    assert (home_pitcher["R"], home_pitcher["ER"]) == (1, 0)  # the scorer's mark
    # Without the marks: he reached as on an error.
    reconstructed = replay_text(text.replace(" earned=marks", "").replace("(UR)", ""), "t.game")
    assert next(line.counts["ER"] for line in box_score(reconstructed).pitching if line.player == "Home Pitcher") == 0


def test_a_walk_stands_when_the_runner_caught_stealing_on_ball_four_makes_the_third_out():
    text, replay = extra_inning_game(["radj,a3,2", "play,8,0,a4,00,X,D7.2-H", "play,8,0,a5,00,X,K", "play,8,0,a6,00,X,K",
                                      "play,8,0,a7,00,X,W+CS3(25)#"])  # fmt: skip
    assert "\nBB  # uncertain, as Retrosheet writes it: W+CS3(25)#\nCS3(2-5)\n" in text
    walker = next(line.counts for line in box_score(replay).batting if line.player == "A 7")
    assert (walker["PA"], walker["BB"], walker["SO"]) == (3, 1, 2)  # two strikeouts before it


def test_a_team_that_batted_out_of_turn_bats_on_from_the_slot_its_ladj_record_gives():
    # 1977SDN: `ladj,0,7` before the improper batter's play; no appeal, his play stands.
    records = ["play,1,0,a1,00,X,K", "ladj,0,7", "play,1,0,a7,00,X,S8", "ladj,0,2", "play,1,0,a2,00,X,K"]
    text, replay = synthetic_game(records, batted=2, outs=2)  # a3 bats next
    assert "\nSO\nup away 7\nH1\nup away 2\nSO 1-1\n" in text
    batting = {line.player: line.counts for line in box_score(replay).batting}
    assert (batting["A 7"]["H"], batting["A 1"]["PA"], batting["A 3"]["PA"]) == (1, 2, 2)  # on from slot 3


def test_a_runner_charged_to_another_pitcher_by_a_presadj_record_scores_against_him(tmp_path: Path):
    # A 1 walks off the starter; the reliever comes in and `presadj,hr,1` charges A 1 to him: the
    # run A 1 scores on A 2's double is the reliever's (without the record, the starter's).
    records = ["play,1,0,a1,00,X,W", "play,1,0,a2,00,,NP", 'sub,hr,"Home Reliever",1,0,1', "presadj,hr,1",
               "play,1,0,a2,00,X,D7.1-H"]  # fmt: skip
    text, replay = synthetic_game(records, batted=2, outs=0)
    assert '\nBB\npitcher home "Home Reliever"\nresponsible 1 "Home Reliever"\nH2* 1-H\n' in text
    charged = next(fact for fact in replay.facts if fact.kind == "responsible")
    assert (charged.player, charged.replaced, charged.base, charged.team) == ("Home Reliever", "Home Pitcher", 1, 1)
    assert describe(charged, ("AAA", "HHH")) == "A 1 is charged to Home Reliever, not Home Pitcher"
    pitching = {line.player: line.counts for line in box_score(replay).pitching}
    assert (pitching["Home Pitcher"]["R"], pitching["Home Reliever"]["R"], pitching["Home Reliever"]["ER"]) == (0, 1, 1)
    assert box_score(replay_text(text, "t.game")).pitching == box_score(replay).pitching  # the game file says it all
    without = [record for record in records if not record.startswith("presadj")]
    pitching = {line.player: line.counts for line in box_score(synthetic_game(without, batted=2, outs=0)[1]).pitching}
    assert (pitching["Home Pitcher"]["R"], pitching["Home Reliever"]["R"]) == (1, 0)
    exported = cwbox_of([replay], tmp_path)  # the export writes the record back, and cwbox reads it as we do
    assert re.search(r"\nsub,relih001,.*\npresadj,relih001,1\nplay,1,0,", next(tmp_path.glob("*.EVA")).read_text())
    assert mismatches([replay], exported) == []


def test_a_game_called_with_the_score_tied_stands_as_a_tie_before_2007_and_is_refused_since():
    tied = [r.replace("HR/7", "S7").replace("HR/8", "S8.1-2") for r in synthetic_records(finished([]))]  # 0-0
    text, replay = import_game(read_events("\n".join(tied).replace("2019/04/01", "1961/04/01"))[0], {}, "test.EVA")
    assert text.endswith("\ncalled\n") and replay.final
    suspended = "a regulation game called with the score tied becomes a suspended game"
    with pytest.raises(ScorebookProblem, match=re.escape(suspended)):
        import_game(read_events("\n".join(tied))[0], {}, "test.EVA")


def test_a_home_team_that_bats_first_is_the_away_team_of_the_stored_game():
    # ANA202108101 (`info,htbf,true`): a makeup game in which the home team batted first.
    def swapped(record: str) -> str:
        fields = record.split(",")
        at = {"start": 3, "play": 2}.get(fields[0])
        if at is not None:
            fields[at] = "1" if fields[at] == "0" else "0"
        return ",".join(fields)

    records = [swapped(record) for record in synthetic_records(finished([]))]
    records.insert(4, "info,htbf,true")
    game = read_events("\n".join(records))[0]
    text, replay = import_game(game, {}, "test.EVA")
    assert '\naway "HHH"\nhome "AAA"\nlineup away "A 1"' in text and replay.final
    assert game.players()["a1"] == (0, "A 1") and game.codes() == ("HHH", "AAA")


@pytest.mark.skipif(not (SEASON.parent / "2021").exists(), reason="the Retrosheet 2021 files are not here")
def test_games_with_a_placed_runner_and_batting_out_of_turn_export_to_cwboxs_box_score(tmp_path: Path):
    # The Yankees' 2021 home games with extra innings (radj), 1977SDN's batting out of turn (ladj).
    chosen = [("2021", "2021NYA.EVA", lambda game: any(fields[0] == "radj" for _, fields in game.records)),
              ("1977", "1977SDN.EVN", lambda game: game.id == "SDN197704290")]  # fmt: skip
    for folder, name, wanted in chosen:
        season = SEASON.parent / folder
        if not season.exists():
            continue
        teams = team_names(season)
        games = [import_game(game, teams, name)[1] for game in read_file(season / name) if wanted(game)]
        (tmp_path / folder).mkdir()
        assert games and mismatches(games, cwbox_of(games, tmp_path / folder)) == []
