"""Earned runs: the half-inning reconstructed without the errors and passed balls (official
rule 9.16: "the Official Scorer shall reconstruct the inning without the errors (which exclude
catcher's interference) and passed balls, giving the benefit of the doubt always to the
pitcher in determining which bases would have been reached by runners had there been
errorless play").

The reconstruction (a `Shadow`) follows each runner by identity and takes every play in turn:

- A batter who reached on an error, or on a third strike or sacrifice bunt that an error or a
  passed ball let him survive, would have been out (rule 9.16(b)(3)): it counts the out and the
  runners move only as his out at first would have forced them. A batter safe on catcher's
  interference is on base in it, but his run is unearned (rule 9.16(b)(2) and its Comment: the
  scorer "shall not assume ... that such batter would have made an out").
- The play's own result acts on its bases: a hit moves its runners by the hit's bases (a home
  run scores them all), a walk or a batter's hit forces them on. A runner it has on the base he
  really started from moves as he really moved; one it has further back (an error took him on)
  moves as far as he really moved or as the result moves a runner from there, whichever is
  more, never past where he is in the game; one it still has on base who really scored on a
  misplay moves as the result moves him.
- On a play with an error or a passed ball, the batter and the runners take only the bases its
  result gives (the rest may be on the throw it drew), except a run batted in (rule 9.04(a):
  "an error is made on a play on which a runner from third base ordinarily would score"). A
  runner safe on an error on a fielder's choice, or caught stealing and safe on an error, would
  have been out (rule 9.16(c)).
- A runner whose advance would land him on or past the runner ahead of him stops a base behind.
- Every out really made is an out in it, unless the runner put out is one it does not have (he
  reached on an error: it counted his out already); a batter safe on a fielder's choice that
  retires such a runner would have been out himself, and is not in it either.

A run is earned when its runner scores in the reconstruction too, before its third out (or on
the play of the third out, when the third out lets runs count); once it has three outs, every
later run of the half is unearned. A run that scores while its runner is still on base in the
reconstruction is earned later if he scores there before its third out (the engine keeps it
pending, `Shadow.pending`). Where it is in doubt, the run is unearned: the benefit of the doubt
goes to the pitcher.
"""

from __future__ import annotations

from scorebook.engine.mechanics import Move
from scorebook.engine.rules import BATTER_RUNS, Rules
from scorebook.engine.state import Shadow
from scorebook.notation.model import HOME, Play, Result


def reconstruct(
    shadow: Shadow,
    moves: list[Move],
    uids: dict[int, int],
    play: Play | None,
    rules: Rules,
    *,
    batter_out: bool,
    interference: bool,
    runs_before_third_out: bool,
    batted_in: dict[int, bool],
) -> tuple[Shadow, set[int]]:
    """Carry a play into the reconstruction; returns it and the uids whose runs are earned.

    `uids` maps each move's start base (0 the batter) to its runner's uid; `batter_out`: the
    batter reached on a misplay and would have been out; `interference`: he reached on
    catcher's interference; `runs_before_third_out`: runs scoring on the play's own third
    out count; `batted_in`: by start base, the runs batted in (rule 9.04)."""
    moved = {uids[m.start]: m for m in moves if m.start in uids}
    misplayed = batter_out or any(m.on_error for m in moves)
    outs = shadow.outs
    ends: dict[int, int] = {}  # the runners' bases (HOME: scored) in the reconstruction after the play
    # A fielder's choice that retires a runner it does not have: the batter would have been out.
    ghost_out = _chosen(play) and any(m.out and not m.batter and uid not in shadow.bases for uid, m in moved.items())
    for base, uid in enumerate(shadow.bases, start=1):
        if uid is None:
            continue
        move = moved.get(uid)
        if move is not None and (move.out or (move.on_error and (move.caught or _chosen(play)))):  # rule 9.16(c)
            outs += 1
        else:
            ends[uid] = _runner_end(base, move, play, rules, misplayed, batted_in)
    batter = moves[0] if moves and moves[0].batter else None
    behind = 0  # the base the batter takes in the reconstruction: the runners up to it are forced on
    unearned = shadow.unearned
    if batter is not None:
        if batter.out or batter_out or ghost_out:
            outs += 1
            behind = 1 if batter_out and play is not None and play.result in BATTER_RUNS else 0
        else:
            behind = _batter_end(batter, play, misplayed)
            ends[uids[0]] = behind
            if interference:
                unearned = unearned | {uids[0]}
    _force(shadow.bases, ends, behind)
    allowed = shadow.outs < 3 and (outs < 3 or runs_before_third_out)
    earned = {uid for uid, end in ends.items() if end == HOME and allowed and uid not in unearned}
    bases: list[int | None] = [None, None, None]
    for uid, end in ends.items():
        if end < HOME:
            bases[end - 1] = uid
    new = Shadow(bases=(bases[0], bases[1], bases[2]), outs=min(outs, 3), pitcher=shadow.pitcher, unearned=unearned)
    return new, earned


def _runner_end(
    base: int, move: Move | None, play: Play | None, rules: Rules, misplayed: bool, batted_in: dict[int, bool]
) -> int:
    """Where a runner on `base` in the reconstruction ends there, before the forces; `move`:
    his real move, None when he is no longer on base in the game; `misplayed`: the play had an
    error or passed ball, so that bases beyond its result's may be on the throw it drew."""
    if play is not None:
        result_end = rules.default_end(play, base)
    else:  # a runner event: a steal's own base, before an error took him on
        result_end = base + max(0, move.stolen - move.start) if move is not None and move.stolen else base
    if move is None:
        return result_end
    gained = move.end - move.start
    if misplayed:
        # A run batted in despite the misplay (rule 9.04(a): "an error is made on a play on
        # which a runner from third base ordinarily would score") would have scored without it.
        if batted_in.get(move.start, False) and base == move.start:
            return move.end
        return min(result_end, base + gained)
    if base >= move.start:
        return min(HOME, base + gained)
    return min(move.end, max(base + gained, result_end))


def _chosen(play: Play | None) -> bool:
    """A fielder's choice: a runner who is safe on an error on it is the one the fielder chose
    to put out, and without the error would have been out."""
    return play is not None and play.result is Result.FIELDERS_CHOICE


def _force(bases: tuple[int | None, int | None, int | None], ends: dict[int, int], batter: int) -> None:
    """The runners the batter forces move up (each at least to the base past the one the runner
    behind him needs); then a runner who would land on or past the one ahead of him stops a base
    behind him: the benefit of the doubt goes to the pitcher."""
    needed = batter
    for base, uid in enumerate(bases, start=1):
        if uid is not None and uid in ends and base <= needed:
            ends[uid] = min(HOME, max(ends[uid], needed + 1))
            needed += 1
    ahead = HOME
    for uid in reversed(bases):
        if uid is not None and uid in ends:
            if ahead < HOME:
                ends[uid] = min(ends[uid], ahead - 1)
            ahead = ends[uid]


def _batter_end(batter: Move, play: Play | None, misplayed: bool) -> int:
    """The base the batter takes in the reconstruction: his own, except that on a play with a
    misplay he takes only the bases his result gives (the rest may be on the throw it drew)."""
    if not misplayed:
        return batter.end
    return play.bases if play is not None and play.result is Result.HIT else 1
