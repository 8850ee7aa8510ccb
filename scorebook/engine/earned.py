"""Earned runs: the half-inning reconstructed without the errors (official rule 9.16).

The shadow follows each runner by identity. A batter who reached on an error is not in it
(he would have been out, so the shadow counts an out instead) and the runners move only as
that out would have forced them. Elsewhere a runner moves in the shadow as many bases as he
really moved. A run is earned when its runner also scores in the shadow before the shadow's
third out; once the shadow has three outs every later run of the half is unearned. Where the
reconstruction is in doubt the run is unearned: the benefit of the doubt goes to the pitcher.
"""

from __future__ import annotations

from scorebook.engine.mechanics import Move
from scorebook.engine.state import Shadow
from scorebook.notation.model import HOME


def _positions(shadow: Shadow) -> dict[int, int]:
    return {uid: base for base, uid in enumerate(shadow.bases, start=1) if uid is not None}


def _rebuild(positions: dict[int, int], order: list[int], outs: int) -> Shadow:
    """Bases from positions; a runner who would land on or behind the one ahead of him in
    the shadow pushes that runner on (order: the real runners from last to lead)."""
    bases: list[int | None] = [None, None, None]
    behind = 0
    for uid in order:
        base = positions.get(uid)
        if base is None or base >= HOME:
            continue
        base = min(max(base, behind + 1), 3)
        if bases[base - 1] is None:
            bases[base - 1] = uid
        behind = base
    return Shadow((bases[0], bases[1], bases[2]), outs)


def reconstruct(
    shadow: Shadow,
    moves: list[Move],
    uids: dict[int, int],
    *,
    batter_uid: int,
    on_error: bool,
    runs_before_third_out: bool,
) -> tuple[Shadow, set[int]]:
    """Apply a play to the shadow; returns the new shadow and the uids whose runs are earned.

    `uids` maps each move's start base to its runner's uid; `on_error` says the batter reached
    on an error; `runs_before_third_out` says runs could score on the play's own third out."""
    positions = _positions(shadow)
    outs_before = shadow.outs
    outs = outs_before
    if on_error:
        outs += 1
        pushed = 1  # the batter, who would have been out at first, still forced the runners
        for base in (1, 2, 3):
            uid = shadow.bases[base - 1]
            if uid is None or base > pushed:
                break
            positions[uid] = base + 1
            pushed = base + 1
        for move in moves:  # a runner really put out is gone; the shadow counted its out
            if move.out and uids.get(move.start) in positions:
                del positions[uids[move.start]]
    else:
        ghosts_out = False
        for move in moves:
            if move.batter:
                outs += move.out
                continue
            uid = uids.get(move.start)
            if uid is None:
                continue
            if uid not in positions:
                ghosts_out = ghosts_out or move.out
                continue
            if move.out:
                del positions[uid]
                outs += 1
            elif not move.on_error:  # bases taken on an error (or a passed ball) are not in it
                positions[uid] = min(HOME, positions[uid] + move.end - move.start)
        batter = moves[0] if moves and moves[0].batter else None
        # A batter safe on a fielder's choice that retires a runner who reached on an error
        # takes that runner's place: without the error he would have been the one thrown out.
        if batter is not None and not batter.out and not ghosts_out:
            positions[batter_uid] = batter.end
    earned = set()
    allowed = outs < 3 or runs_before_third_out
    for move in moves:
        uid = uids.get(move.start)
        if uid is None or not move.scores:
            continue
        if outs_before < 3 and allowed and positions.get(uid, 0) >= HOME:
            earned.add(uid)
        positions.pop(uid, None)
    order = [uids[m.start] for m in sorted(moves, key=lambda m: m.end) if m.start in uids and not m.out]
    return _rebuild(positions, order, outs), earned
