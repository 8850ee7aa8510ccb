"""Every record, mark, modifier and event code of Retrosheet's event-file format
(https://www.retrosheet.org/eventfile.htm) read: each one in a small hand-written game, and
what it is read as. Those the reader reads and scores nothing of say why in
docs/rules-decisions.md (The Retrosheet import: the format, record by record)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorebook.cli import app
from scorebook.importers.retrosheet import origin
from scorebook.notation.retrosheet import read_events
from scorebook.reports.box import box_score

from .test_retrosheet_import import finished, synthetic_game, synthetic_records

_RUNNER_EVENTS = re.compile(r"BK|CS|DI|OA|PB|WP|PO|SB|FLE")
S8 = "S8"  # a single before the event: a runner on first


def read_as(before: list[str], event: str, outs: int) -> str:
    """The statements the game file has for `event` (joined by ` | `), played in the top of the
    first after `before` (A 1, A 2 ... bat in turn); `outs`: the outs made by then."""
    events = [*before, event]
    records = [f"play,1,0,a{n},00,X,{e}" for n, e in enumerate(events, start=1)]
    batted = len(events) - (_RUNNER_EVENTS.match(event) is not None)
    text, replay = synthetic_game(records, batted=batted, outs=outs)
    assert replay.final
    plays = text.split("\ntop 1\n", 1)[1].splitlines()[len(before) :]
    return " | ".join(plays[: 2 if " | " in _READ.get(event, "") else 1])


# Every modifier the format lists, each on a play it fits: (the plays before, the event, the
# outs by then, the statements it is read as).
MODIFIERS = [
    ([], "63/AP", 1, "6-3"),  # an appeal play
    ([], "53/B", 1, "5-3"),  # a bunt, its trajectory not given
    ([], "53/BG", 1, "5-3"),
    ([], "2/BP", 1, "2"),
    ([], "2/BF", 1, "2"),
    ([], "53/BL", 1, "5-3"),
    ([S8], "1(1)3/BGDP", 2, "1-3 1X2(1)"),
    ([S8], "1(B)16(1)/BPDP", 2, "1 1X1(1-6)"),
    ([], "2/BINT", 1, "2"),  # the batter's interference: the catcher's putout
    ([], "63/BOOT", 1, "6-3"),  # batting out of turn (what comes of it is the ladj record's)
    ([S8], "S8/BR.1X2(4)", 1, "H1 1X2(4)"),  # the runner hit by the batted ball: the putout by rule 9.09(c)
    ([], "K/C", 1, "SO"),  # a called third strike
    ([], "63/COUB", 1, "6-3"),  # courtesy batter, fielder, runner (the 19th century's)
    ([], "63/COUF", 1, "6-3"),
    ([S8], "K/COUR", 1, "SO 1-1"),
    ([S8], "8(B)84(1)/DP", 2, "8 1X2(8-4)"),
    ([], "C/E2", 0, "CI"),  # E$: the fielder of an interference
    ([], "8/F", 1, "8"),
    ([S8], "8(B)83(1)/FDP", 2, "8 1X1(8-3)"),
    ([], "3/FINT", 1, "3"),  # fan interference
    ([], "5/FL", 1, "5"),
    ([S8], "64(1)/FO.B-1", 1, "FC B-1 1X2(6-4)"),
    ([], "63/G", 1, "6-3"),
    ([S8], "64(1)3/GDP", 2, "6-4-3 1X2(6-4)"),
    ([S8, "S8.1-2"], "5(2)4(1)3/GTP", 3, "5-4-3 1X2(4) 2X3(5)"),
    ([], "6/IF", 1, "6"),
    ([], "2/INT", 1, "2"),
    ([], "HR/F7/IPHR", 0, "H4*"),
    ([], "6/L", 1, "6"),
    ([S8], "6(B)63(1)/LDP", 2, "6 1X1(6-3)"),
    ([S8, "S8.1-2"], "6(B)65(2)63(1)/LTP", 3, "6 1X1(6-3) 2X2(6-5)"),
    ([], "63/MREV", 1, "6-3"),  # a manager's challenge
    ([S8], "K/NDP.1X2(24)", 2, "SO 1X2(2-4) dp=no"),
    ([S8], "S7/OBS.1-3", 0, "H1 1-3"),
    ([], "4/P", 1, "4"),
    ([S8], "S8/PASS.BX1(8)", 1, "H1 BX1(8) 1-1"),
    ([S8], "S9/R4.1-3", 0, "H1 1-3"),  # a relay with no out made
    ([S8], "4(1)/RINT.B-1", 1, "FC B-1 1X2(4)"),
    (["T8"], "8/SF.3-H", 1, "8* 3-H"),
    ([S8], "13/SH.1-2", 1, "SH1-3 1-2"),
    ([S8], "S8/TH.1-3;B-2", 0, "H1 B-2 1-3"),
    ([S8], "S8/TH3.1-3;B-2", 0, "H1 B-2 1-3"),
    ([S8, "S8.1-2"], "5(2)4(1)3/TP", 3, "5-4-3 1X2(4) 2X3(5)"),
    ([], "2/UINT", 1, "2"),  # the umpire's interference
    ([], "63/UREV", 1, "6-3"),  # an umpire's review
    ([], "S8/G6MD+", 0, "H1"),  # the trajectory and location
    ([], "8/F8XD", 1, "8"),
    ([], "53/BG25-", 1, "5-3"),
]

# Every event code the format lists, with the marks and the advances' notes.
EVENTS = [
    ([], "8", 1, "8"),  # $: a fielded out
    ([], "63", 1, "6-3"),
    ([S8], "64(1)3", 2, "6-4-3 1X2(6-4)"),  # $(%)$
    ([], "99", 1, "?"),  # the fielders not known (1961, 1977): the out, no fielder credited
    ([S8], "99(1)/FO", 1, "FC 1X2(?)"),
    ([S8], "99#", 1, "? 1-1  # uncertain, as Retrosheet writes it: 99#"),  # the runner not forced: he holds
    ([S8], "99/SH.1-2", 1, "SH? 1-2"),
    ([], "C/E1", 0, "CI"),  # interference (rule 6.01(c)); the error is the catcher's
    ([], "S7", 0, "H1"),
    ([], "D7", 0, "H2"),
    ([], "T9", 0, "H3"),
    ([], "DGR", 0, "H2"),
    ([], "E6", 0, "E6"),
    ([S8], "FC6", 0, "FC"),
    ([S8], "FC6.1X2(64);B-1", 1, "FC B-1 1X2(6-4)"),
    ([], "FLE2", 0, "FLE2"),
    ([], "H", 0, "H4*"),
    ([], "HR", 0, "H4*"),
    ([], "H9", 0, "H4*"),
    ([], "HR9", 0, "H4*"),
    ([], "HP", 0, "HP"),
    ([], "K", 1, "SO"),
    ([], "K23", 1, "SO"),  # the third strike dropped, the batter thrown out
    ([], "K+WP.B-1", 0, "WP | SO B-1"),
    ([], "K+PB.B-1", 0, "PB | SO B-1"),
    ([], "K+E2.B-1", 0, "SO B-1(E2)"),
    ([S8], "K+SB2", 1, "SB2 | SO"),
    ([S8], "K+CS2(24)", 2, "CS2(2-4) | SO"),
    ([S8], "K+PO1(13)", 2, "PO1(1-3) | SO"),
    ([S8], "K+POCS2(14)", 2, "CS2(1-4) | SO"),
    ([S8], "K+DI.1-2", 1, "DI 1-2 | SO"),
    ([S8], "K+OA.1-2", 1, "SO 1-2"),
    ([], "I", 0, "IBB"),
    ([], "IW", 0, "IBB"),
    ([], "W", 0, "BB"),
    ([S8], "W+SB2", 0, "SB2 | BB"),
    ([S8], "W+WP.1-2", 0, "WP | BB 1-2"),
    ([S8], "IW+WP.1-2", 0, "WP | IBB 1-2"),
    ([S8], "W+PB.1-2", 0, "PB | BB 1-2"),
    ([S8], "W+CS2(24)", 1, "CS2(2-4) | BB"),
    ([S8], "W+POCS2(14)", 1, "CS2(1-4) | BB"),
    ([S8], "W+PO1(E1).1-2", 0, "PO1(E1) 1-2 | BB"),
    ([S8], "W+DI.1-3", 0, "DI 1-3 | BB"),
    ([S8], "W+OA.1-3", 0, "BB 1-3"),
    ([S8], "BK.1-2", 0, "BK 1-2"),
    ([S8], "CS2(24)", 1, "CS2(2-4)"),
    (["T8"], "CSH(12)", 1, "CSH(1-2)"),
    ([S8], "CS2(2E4).1-3", 0, "CS2(2-E4) 1-3"),
    ([S8], "DI.1-2", 0, "DI 1-2"),
    ([S8], "OA.1-2", 0, "OA 1-2"),
    ([S8], "PB.1-2", 0, "PB 1-2"),
    ([S8], "WP.1-2", 0, "WP 1-2"),
    ([S8], "PO1(13)", 1, "PO1(1-3)"),
    ([S8], "PO1(E3).1-3", 0, "PO1(E3) 1-3"),
    ([S8], "POCS2(14)", 1, "CS2(1-4)"),
    ([S8], "SB2", 0, "SB2"),
    ([S8], "POSB2", 0, "SB2"),  # a steal on a pickoff throw (Chadwick reads it as a steal)
    ([S8, "S8.1-2"], "SB3;SB2", 0, "SB3 SB2"),
    (["T8"], "SBH", 0, "SBH"),
    # The advances' notes.
    ([S8], "S8.1-3(UR)", 0, "H1 1-3(UR)"),
    (["T8"], "63.3-H(NR)", 1, "6-3 3-H(NR)"),
    (["T8"], "E6.3-H(RBI)", 0, "E6* 3-H(RBI)"),
    (["T8"], "S8.3-H(TUR)", 0, "H1* 3-H(TUR)"),
    ([S8], "S8.1-3(THH)", 0, "H1 1-3"),
    ([S8], "S8.1-3(WP)", 0, "WP | H1 1-3"),
    ([S8], "S8.1-3(PB)", 0, "PB | H1 1-3"),
    ([S8], "S8.1-3(E8/TH)", 0, "H1 1-3(E8)"),
    ([S8], "S8.1-2(INT)", 0, "H1 1-2"),
    ([S8], "S8.1X3(85/INT)", 1, "H1 1X3(8-5)"),
    ([S8], "S8.1X3(85/OBS)", 1, "H1 1X3(8-5)"),
    ([S8], "SB2.1-3(E2/TH2)", 0, "SB2 1-3(E2)"),
    # The scorer's marks: the event read without them, kept as the statement's note.
    ([], "S8!", 0, "H1  # an exceptional play, as Retrosheet writes it: S8!"),
    ([], "S8?", 0, "H1  # uncertain, as Retrosheet writes it: S8?"),
    ([], "S8#", 0, "H1  # uncertain, as Retrosheet writes it: S8#"),
    ([S8], "S8.1-3;B-2?", 0, "H1 B-2 1-3  # uncertain, as Retrosheet writes it: S8.1-3;B-2?"),
]
_READ = {event: written for _, event, _, written in MODIFIERS + EVENTS}


@pytest.mark.parametrize(("before", "event", "outs", "written"), MODIFIERS + EVENTS, ids=list(_READ))
def test_every_modifier_and_event_code_of_the_format_is_read(before: list[str], event: str, outs: int, written: str):
    assert read_as(before, event, outs) == written


def test_an_out_by_fielders_not_known_credits_no_fielder_as_cwbox():
    """`99`: the batter out and the pitcher's out, but no putout or assist for anyone (cwbox's
    fielding lines credit none; the right fielder is not credited `9-9`)."""
    records = ["play,1,0,a1,00,X,99#", "play,1,0,a2,00,X,S8", "play,1,0,a3,00,X,99(1)/FO"]
    _, replay = synthetic_game(records, batted=3, outs=2)
    first, _, third = [fact for fact in replay.facts if fact.pa][:3]
    assert (len(first.outs), len(third.outs), third.bases_after[0]) == (1, 1, "A 3")
    assert (first.chances, third.chances) == ((), ())
    assert next(p for p in box_score(replay).pitching if p.team == 1).counts["outs"] == 15


def test_the_records_every_game_may_have_are_read_through_the_import_command(tmp_path: Path):
    """version, every documented info field, com, data,er, badj and padj, a `??` count and a
    no play: one game through `scorebook import --format retrosheet`, stored whole."""
    from sqlalchemy import text

    from scorebook.store.db import Store

    infos = ["info,number,0", "info,starttime,1:05PM", "info,daynight,day", "info,usedh,true", "info,umphome,umpa901",
             "info,ump1b,umpb901", "info,ump2b,umpc901", "info,ump3b,umpd901", "info,umplf,(none)", "info,umprf,(none)",
             "info,howscored,park", "info,pitches,pitches", "info,oscorer,scora901", "info,temp,72",
             "info,winddir,ltor",
             "info,windspeed,8", "info,fieldcond,dry", "info,precip,none", "info,sky,sunny", "info,timeofgame,150",
             "info,attendance,30000", "info,site,TST01", "info,wp,hp", "info,lp,ap", "info,save,", "info,gwrbi,h1",
             "info,edittime,2019/04/02 10:00AM", "info,inputtime,2019/04/02 10:00AM",
             "info,inputprogvers,\"version 7RS(19)\"",
             "info,inputter,someone", "info,translator,someone", "info,scorer,someone", "info,gametype,regular",
             "info,tiebreaker,2", "info,innings,9"]  # fmt: skip
    plays = ['com,"a comment, with a comma"', "badj,a1,L", "padj,hp,L", "play,1,0,a1,??,,NP", "play,1,0,a1,??,,S8",
             'com,"$A 1 singles"']  # fmt: skip
    records = synthetic_records(finished(plays, batted=1))
    records[1:1] = ["version,2", *infos]
    records += ["data,er,ap,2", "data,er,hp,0"]
    path = tmp_path / "2019TST.EVA"
    path.write_text("\n".join(records) + "\n")
    url = f"sqlite:///{tmp_path / 'r.db'}"
    done = CliRunner().invoke(app, ["import", "--format", "retrosheet", str(path)], env={"SCOREBOOK_DB": url})
    assert done.exit_code == 0, done.output
    with Store(url).engine.connect() as db:
        assert db.execute(text("SELECT id, status FROM games")).all() == [("TST201904010", "final")]
    game = read_events(path.read_text(), str(path))[0]
    assert game.earned == {"ap": 2, "hp": 0} and game.info["inputprogvers"] == "version 7RS(19)"
    assert set(origin(game, tmp_path).records) >= {i.replace('"', "") for i in infos}  # written back on export
    replay = synthetic_game(plays, batted=1, outs=0)[1]
    single = next(line.counts for line in box_score(replay).batting if line.player == "A 1")
    assert (single["PA"], single["H"]) == (2, 1)  # the no play is no plate appearance
