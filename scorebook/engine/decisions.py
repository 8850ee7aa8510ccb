"""Pitcher decisions by the official rules, from a final game's facts: the win and the loss
(rule 9.17), the save (9.19), MLB's hold and blown save, and the starts, games finished,
complete games, shutouts (9.18) and quality starts.

A pure function of the facts, as the box score is: the store writes its result beside the
facts, and the reports print it without deciding anything themselves. Where the rules leave a
call to the scorer's judgment (the "most effective" reliever, a "brief" relief, a save for
pitching "effectively"), docs/rules-decisions.md ("Pitcher decisions") says what is decided."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorebook.engine.core import Replay
from scorebook.engine.facts import CALLED, PLATE_APPEARANCE, RUNNERS, Fact
from scorebook.notation.model import Header

_ON_THE_MOUND = frozenset({PLATE_APPEARANCE, RUNNERS, CALLED})
DECISION_COUNTS = ("W", "L", "SV", "HLD", "BS", "GS", "GF", "CG", "SHO", "QS")


class Decision(NamedTuple):
    """One pitcher's decisions in one game (each 0 or 1, in the order of DECISION_COUNTS)."""

    team: int
    pitcher: str
    W: int = 0
    L: int = 0
    SV: int = 0
    HLD: int = 0
    BS: int = 0
    GS: int = 0
    GF: int = 0
    CG: int = 0
    SHO: int = 0
    QS: int = 0

    def counts(self) -> dict[str, int]:
        return {key: getattr(self, key) for key in DECISION_COUNTS}


class _Stint:
    """A pitcher's time on the mound: what the decisions read of it."""

    def __init__(self, team: int, pitcher: str, order: int) -> None:
        self.team, self.pitcher, self.order = team, pitcher, order
        self.outs = 0
        self.earned = 0  # earned runs charged to him
        self.runs = 0  # runs charged to him
        self.earned_while_in = 0  # earned runs scored while he pitched, whoever answers for them (9.17(c))
        self.entry_lead: int | None = None  # his team's lead when he faced his first batter
        self.entry_tying_run_near = False  # the tying run on base, at bat or on deck then
        self.entry_on_base = 0  # the runners on base then
        self.entry_inning, self.entry_outs = 0, 0
        self.relinquished = False  # his team's lead gone (tied or behind) while he pitched

    @property
    def save_situation(self) -> bool:
        """Rule 9.19(c)(1)-(2) at his entry: a lead of three runs or fewer, or the tying run on
        base, at bat or on deck. Whether he goes on to pitch three innings, (c)(3), is known
        only at the end."""
        lead = self.entry_lead
        return lead is not None and lead > 0 and (lead <= 3 or self.entry_tying_run_near)


def starters_innings(innings_on_defense: int) -> int:
    """The complete innings a starter must pitch for the win (rule 9.17(b)): five in a game of
    six innings or more on defense, four in one of five; in the dice games' shorter games, one
    fewer than the game's innings on defense (at least one), the rule's own step from six to
    five carried on down (docs/rules-decisions.md). None (0 innings on defense): an exhibition."""
    return max(1, min(5, innings_on_defense - 1)) if innings_on_defense else 0


def decisions_of(replay: Replay, exhibition: bool = False) -> tuple[Decision, ...]:
    """A replayed game's decisions (see `game_decisions`)."""
    return game_decisions(replay.game.header, replay.facts, replay.final, exhibition)


def game_decisions(header: Header, facts: Sequence[Fact], final: bool, exhibition: bool = False) -> tuple[Decision, ...]:
    """A game's decisions, by the save rule of the year of its `date=`; `exhibition` for an
    All-Star game (a Retrosheet file's `info,gametype,allstar`: the game file has no word for it)."""
    return decide(facts, header.pitchers, final, _year(header.option("date")), exhibition)


def _year(date: str) -> int:
    return int(date[:4]) if date[:4].isdigit() else 0


def decide(
    facts: Sequence[Fact], starters: tuple[str, str], final: bool, year: int = 0, exhibition: bool = False
) -> tuple[Decision, ...]:
    """Every pitcher's decisions in a game, by team and in the order they pitched; none for a
    game that is not over (its decisions are not made until the end). `year`: the season, for
    the save rule then in force (0: today's); `exhibition`: an All-Star game, where a starter
    needs no number of innings for the win (9.17(b)'s comment)."""
    return _decided(facts, starters, final, year, exhibition)[0]


def win_rule(replay: Replay, exhibition: bool = False) -> str:
    """The passage of rule 9.17 the winning pitcher of a replayed game was chosen by (one of
    WIN_RULES), "" where no one won: what a comparison with another scorer's record reports."""
    return _decided(replay.facts, replay.game.header.pitchers, replay.final, 0, exhibition)[1]


# How the winning pitcher is chosen (`_winning_pitcher`), by the passage of rule 9.17 that decides.
OF_RECORD = "9.17(a): the pitcher of record when his team took the lead it kept"
STARTER_SHORT = "9.17(b): the starter short of his innings, the most effective reliever"
BRIEF_RELIEF = "9.17(c): a brief, ineffective relief, the most effective reliever after him"
WIN_RULES = (OF_RECORD, STARTER_SHORT, BRIEF_RELIEF)


def _decided(
    facts: Sequence[Fact], starters: tuple[str, str], final: bool, year: int, exhibition: bool
) -> tuple[tuple[Decision, ...], str]:
    if not final:
        return (), ""
    rule = ""
    game = _Walk(facts, starters)
    stints, score = game.teams, game.score
    decisions = {s: dict.fromkeys(DECISION_COUNTS, 0) for team in stints for s in team}
    for team in (0, 1):
        _appearances(stints[team], decisions, score[1 - team])
    winner = 0 if score[0] > score[1] else 1 if score[1] > score[0] else -1
    if winner >= 0 and game.lead_taken is not None and game.record_when_ahead is not None:
        fact, before = game.lead_taken
        innings = 0 if exhibition else game.defense[winner]
        winning, rule = _winning_pitcher(game.record_when_ahead, stints[winner], innings)
        decisions[winning]["W"] = 1
        go_ahead = fact.runs[before[1 - winner] - before[winner]]
        losing = game.by_name[1 - winner].get(go_ahead.pitcher)
        if losing is not None:
            decisions[losing]["L"] = 1
        _save(stints[winner], winning, decisions, year)
    for pitched in stints:
        _holds_and_blown_saves(pitched, decisions)
    return tuple(Decision(s.team, s.pitcher, **decisions[s]) for team in stints for s in team), rule


class _Walk:
    """One pass over a game's facts (a box score pays for it): each team's pitchers in the order
    they first pitched with what they did, the innings each team took the field, and the last
    time a team went ahead, with its pitcher of record then."""

    def __init__(self, facts: Sequence[Fact], starters: tuple[str, str]) -> None:
        self.teams: tuple[list[_Stint], list[_Stint]] = ([_Stint(0, starters[0], 0)], [_Stint(1, starters[1], 0)])
        self.by_name = [{starters[0]: self.teams[0][0]}, {starters[1]: self.teams[1][0]}]
        self.defense = [0, 0]  # innings in the field
        self.score = (0, 0)
        self.lead_taken: tuple[Fact, tuple[int, int]] | None = None  # the fact and the score before it
        self.record_when_ahead: _Stint | None = None
        of_record = [self.teams[0][0], self.teams[1][0]]  # each team's pitcher who last faced a batter
        fielded = [0, 0]  # the last inning each team took the field in
        for f in facts:
            if f.kind not in _ON_THE_MOUND:
                continue
            batting = f.batting
            fielding = 1 - batting
            stint = self._stint(fielding, f.pitcher)
            of_record[fielding] = stint
            if f.inning != fielded[fielding]:
                fielded[fielding] = f.inning
                self.defense[fielding] += 1
            before, after = self.score, f.score_after
            self.score = after
            if stint.entry_lead is None:
                _enter(stint, f, before[fielding] - before[batting])
            if f.outs:
                stint.outs += len(f.outs)
            if f.runs:
                self._runs(f, stint, fielding)
                if before[fielding] > before[batting] and after[fielding] <= after[batting]:
                    stint.relinquished = True
                if before[batting] <= before[fielding] and after[batting] > after[fielding]:
                    self.lead_taken, self.record_when_ahead = (f, before), of_record[batting]

    def _stint(self, team: int, pitcher: str) -> _Stint:
        stint = self.by_name[team].get(pitcher)
        if stint is None:
            stint = self.by_name[team][pitcher] = _Stint(team, pitcher, len(self.teams[team]))
            self.teams[team].append(stint)
        return stint

    def _runs(self, f: Fact, pitching: _Stint, fielding: int) -> None:
        for run in f.runs:
            pitching.earned_while_in += run.earned
            charged = self.by_name[fielding].get(run.pitcher)
            if charged is not None:
                charged.runs += 1
                charged.earned += run.earned


def _enter(stint: _Stint, f: Fact, lead: int) -> None:
    on_base = sum(runner is not None for runner in f.bases_before)
    stint.entry_lead, stint.entry_on_base = lead, on_base
    stint.entry_tying_run_near = lead <= on_base + 2
    stint.entry_inning, stint.entry_outs = f.inning, f.outs_before


def _appearances(team: list[_Stint], decisions: dict[_Stint, dict[str, int]], runs_against: int) -> None:
    """GS, GF, CG, SHO (rule 9.18) and QS: a quality start is six innings or more with three
    earned runs or fewer."""
    starter, last = team[0], team[-1]
    decisions[starter]["GS"] = 1
    decisions[starter]["QS"] = int(starter.outs >= 18 and starter.earned <= 3)
    if last is starter:
        decisions[starter]["CG"] = 1
    else:
        decisions[last]["GF"] = 1
    # 9.18: the pitcher of the whole game, or one who came in in the first inning with none
    # out before a run scored and pitched all the rest of it.
    came_in_first = len(team) == 2 and last.entry_inning == 1 and last.entry_outs == 0
    if runs_against == 0 and (last is starter or came_in_first):
        decisions[last]["SHO"] = 1


def _winning_pitcher(of_record: _Stint, team: list[_Stint], innings_on_defense: int) -> tuple[_Stint, str]:
    """Rule 9.17(a) to (c): the pitcher of record when his team took the lead it kept; a
    starter short of his innings gives the win to the most effective reliever (9.17(b)); a
    brief and ineffective relief (less than an inning: two earned runs scored, or the lead
    lost), to the most effective of the relievers after him who pitched effectively, two
    innings without a run (9.17(c), as the Retrosheet seasons' scorers apply it)."""
    relievers = team[1:]
    if of_record is team[0]:
        if of_record.outs >= 3 * starters_innings(innings_on_defense) or not relievers:
            return of_record, OF_RECORD
        return max(relievers, key=_effectiveness), STARTER_SHORT
    if of_record.outs < 3 and (of_record.earned_while_in >= 2 or of_record.relinquished):
        later = relievers[relievers.index(of_record) + 1 :]
        effective = [stint for stint in later if stint.outs >= 6 and not stint.runs]
        if effective:
            return max(effective, key=_effectiveness), BRIEF_RELIEF
    return of_record, OF_RECORD


def _effectiveness(stint: _Stint) -> tuple[int, int]:
    """9.17(b)'s "most effective" reliever, as the scorers of the Retrosheet seasons judge
    him: his outs, less two for each run charged to him and two for each reliever before him
    (the first to hold the lead counts for more); between equals, the earlier."""
    return (stint.outs - 2 * stint.runs - 2 * (stint.order - 1), -stint.order)


def _save(team: list[_Stint], winning: _Stint, decisions: dict[_Stint, dict[str, int]], year: int) -> None:
    """Rule 9.19: the pitcher who finishes the win, is not its winning pitcher, gets an out,
    and came in with the lead and (1) three runs or fewer of it and pitched an inning, (2) the
    tying run on base, at bat or on deck, or (3) pitched three innings."""
    last = team[-1]
    if last is team[0] or last is winning or last.outs < 1 or last.relinquished:
        return
    if _saved(last, last.entry_lead or 0, year):
        decisions[last]["SV"] = 1


def _saved(stint: _Stint, lead: int, year: int) -> bool:
    """The save rule of the season: today's since 1975; in 1973 and 1974, the tying or winning
    run on base or at bat, or three innings; the first one, of 1969, only asked him to come in
    with the lead and keep it (Retrosheet credits the saves of earlier seasons by it)."""
    if lead <= 0:
        return False
    if year and year < 1973:
        return True
    if year and year < 1975:
        return lead <= stint.entry_on_base + 1 or stint.outs >= 9
    return (lead <= 3 and stint.outs >= 3) or stint.entry_tying_run_near or stint.outs >= 9


def _holds_and_blown_saves(team: list[_Stint], decisions: dict[_Stint, dict[str, int]]) -> None:
    """MLB's hold: a reliever who comes in in a save situation, gets an out and leaves with the
    lead, not finishing the game (nor winning it); its blown save: one who comes in in a save
    situation and lets the tying run score."""
    for stint in team[1:]:
        if not stint.save_situation:
            continue
        if stint.relinquished:
            decisions[stint]["BS"] = 1
        elif stint is not team[-1] and stint.outs >= 1 and not decisions[stint]["W"]:
            decisions[stint]["HLD"] = 1
