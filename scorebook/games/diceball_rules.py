"""Diceball!'s limits on who may be put out, by whom, and how runners move on a play: each check
quotes the rulebook passage it enforces (rules/diceball-rulebook.txt)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorebook.engine.rules import GROUND_BALLS
from scorebook.notation.model import BASE_WORDS, HOME, POSITION_NAMES, Play, Result, RunnerEvent, RunnerMove
from scorebook.problems import IllegalPlay

if TYPE_CHECKING:
    from scorebook.engine.mechanics import Move
    from scorebook.engine.state import GameState

CATCHER = 2
# The batter's own out comes first on these (a caught ball or the third strike); the runners'
# outs after it are the ones the rule on one out at a time is about.
_BATTER_FIRST = frozenset({Result.STRIKEOUT, Result.FLY_OUT, Result.INFIELD_FLY})
# Stolen Base: "If a runner is caught and put out at second base, write 2-4 ..., for third
# base, write 2-5."
CAUGHT_STEALING = {2: (CATCHER, 4), 3: (CATCHER, 5), HOME: (CATCHER,)}


def _illegal(message: str, move: Move) -> IllegalPlay:
    return IllegalPlay(message, col=move.col, token=move.text)


def bunted(play: Play) -> bool:
    """A good bunt: the ball "placed on the catcher's mitt" (a sacrifice is always one)."""
    return play.result is Result.SACRIFICE_BUNT or (play.bunt is not None and play.bunt >= 4)


def check_outs(play: Play, moves: list[Move], outs: list[Move], glove: int, passage: str) -> None:
    """The play's `outs` (of its `moves`) against the rulebook: that each starts with the `glove`
    that has the ball (0: the file does not show it; `passage` says why), the direct relay to the
    catcher, one out at a time unless forced, and no runner passing one put out ahead of him."""
    if glove:
        _check_gloves(play, outs, glove, passage)
    _check_own_base(outs)
    if play.result is Result.ERROR:
        raise _illegal("on an error every runner is safe (rulebook: Errors, \"there is an error and both runners are "
                       "safe\"; \"If the runner reaches the danger zone toward the next base, the runner is "
                       "automatically safe at that base\")", outs[0])  # fmt: skip
    if play.result is Result.HIT and len(outs) > 1:
        raise _illegal("on a base hit the ball is thrown to one base: one runner at most is put out (rulebook: The Ball "
                       "is Hit to a Star-Shaped Zone, \"The infielder then throws the ball to the appropriate base\")",
                       outs[1])  # fmt: skip
    _check_one_at_a_time(play, outs)
    if play.result in GROUND_BALLS:
        _check_throws_home(outs)
    _check_passing(moves, outs)


def _check_gloves(play: Play, outs: list[Move], glove: int, passage: str) -> None:
    for move in outs:
        if move.fielders and move.fielders[0] != glove and move.explicit:
            where = f"at {play.location}" if play.location else "on the catcher's mitt"
            raise _illegal(f"an out on this play starts with the glove {where} ({glove}), not {move.fielders[0]} "
                           f"(rulebook, {passage})", move)  # fmt: skip


def _check_throws_home(outs: list[Move]) -> None:
    """A Throw to Home Plate: "The relay to the catcher is always DIRECT: the defense cannot touch a
    base to put a runner out and then throw to home plate." The out at home is the fielder's
    throw to the catcher, and on a double play the other outs follow it (home, then first)."""
    home = next((m for m in outs if not m.batter and m.end == HOME), None)
    if home is None:
        return
    if home.fielders[-1:] != (CATCHER,) or len(home.fielders) > 2:
        raise _illegal(
            "the relay to the catcher is always DIRECT: the defense cannot touch a base to put a runner out and then "
            "throw to home plate; write the fielder's throw to the catcher, e.g. `3XH(6-2)` (rulebook: A Throw to "
            "Home Plate)",
            home,
        )
    for move in outs:
        if move is not home and move.fielders[: len(home.fielders)] != home.fielders:
            raise _illegal(
                f"the relay to the catcher is always DIRECT: the out at home comes first, then the catcher throws on; "
                f"write `{'-'.join(map(str, home.fielders))}-...` (rulebook: A Throw to Home Plate)",
                move,
            )


def _check_own_base(outs: list[Move]) -> None:
    """Safety Zone: "The defense may throw the ball to a base when the runner is on the green
    spaces. This forces the runner to slide into the base. The runner is then safe": a runner is
    never put out at the base he started from."""
    for move in outs:
        if not move.batter and move.end == move.start:
            raise _illegal(f"{move.who()} cannot be put out at his own base: on the green spaces he slides back safely "
                           "(rulebook: Safety Zone, \"The runner is then safe\")", move)  # fmt: skip


def _check_one_at_a_time(play: Play, outs: list[Move]) -> None:
    """Double Play: "Only one player can be put out at a time unless it is a forced out
    situation." A Throw to Home Plate: "If it is not a forced out, the ball will stay in the
    catcher's mitt. The other runners will be declared safe." Non-Forced Out: "All other runners
    are declared safe." The batter's own caught ball or third strike comes before."""
    thrown = [m for m in outs if not (m.batter and play.result in _BATTER_FIRST)]
    if len(thrown) < 2 or all(m.force_out for m in thrown):
        return
    move = next(m for m in thrown if not m.force_out)
    if move.end == HOME and play.result in GROUND_BALLS:
        why = ("A Throw to Home Plate: \"If it is not a forced out, the ball will stay in the catcher's mitt. The other "
               "runners will be declared safe.\"")  # fmt: skip
    else:
        why = "Non-Forced Out: \"All other runners are declared safe.\""
    raise _illegal(
        f"only one player can be put out at a time unless it is a forced out situation (rulebook: Double Play); "
        f"{move.who()} is not forced: {why}",
        move,
    )


def _check_passing(moves: list[Move], outs: list[Move]) -> None:
    """Moving the Players on the Board: "If there is more than one runner, they all move at the
    same speed": a runner behind one put out never gets to the base where he was put out."""
    for out in outs:
        for move in moves:
            if move.start < out.start and not move.out and move.end >= out.end:
                raise _illegal(
                    f"{move.who()} would pass {out.who()}, put out at {BASE_WORDS[out.end]}: \"If there is more than one "
                    "runner, they all move at the same speed\" (rulebook: Moving the Players on the Board)",
                    move,
                )


def check_caught_stealing(events: tuple[RunnerEvent, ...], missed_squeeze: bool) -> None:
    """Stolen Base: "If a runner is caught and put out at second base, write 2-4 ..., for third
    base, write 2-5": the catcher's throw. The Suicide Bunt: on the missed squeeze "The ball is
    spotted on the catcher's mitt ... (Please note that the ball does not move during this
    defensive play.)": the catcher's out alone, `CSH(2)`."""
    for event in events:
        if event.move is not RunnerMove.CAUGHT_STEALING:
            continue
        needed = CAUGHT_STEALING[event.base]
        if event.fielders != needed:
            written = f"CS{'H' if event.base == HOME else event.base}({'-'.join(map(str, needed))})"
            why = (
                "on a missed squeeze the ball does not move from the catcher's mitt (rulebook: The Suicide Bunt)"
                if missed_squeeze
                else "the catcher throws to the base (rulebook: Stolen Base, \"write 2-4 ... for third base, write 2-5\")"
            )
            raise IllegalPlay(f"{why}: write `{written}`", col=event.col, token=event.text)


def check_count_shows_the_events(state: GameState, play: Play) -> None:
    """The Regular Stolen Base (and the designated stealer's): "Foul ball. If the pitch is a foul
    ball, the runner may not move. Strike on a swing or ball. ... The offense then throws": each
    steal line during the plate appearance needs a pitch of 1, 4 or 5 in the batter's count. The
    Suicide Bunt: "Strike. The offense rolls a 1. The batter misses the ball: it is a strike on a
    swing": each missed squeeze needs a 1 there."""
    steals, squeezes = state.pitch_events
    pitches = play.pitches or ""
    col = play.annotation_col("pitches")
    token = f"pitches={pitches}"
    swings = pitches.count("1")
    if swings < squeezes:
        raise IllegalPlay(
            f"the missed squeeze is a strike on a swing, a 1 in the batter's count: pitches= has {swings} for "
            f"{squeezes} missed squeeze{'s' if squeezes > 1 else ''} (rulebook: The Suicide Bunt)",
            col=col,
            token=token,
        )
    on_pitches = swings + pitches.count("4") + pitches.count("5")
    if on_pitches < steals + squeezes:
        raise IllegalPlay(
            f"a steal is made on a pitch that is a strike on a swing or a ball (1, 4 or 5): pitches= has {on_pitches} "
            f"for {steals} steal{'s' if steals > 1 else ''}{' and the squeeze' if squeezes else ''} before it "
            "(rulebook: The Regular Stolen Base, \"If the pitch is a foul ball, the runner may not move\")",
            col=col,
            token=token,
        )


def check_positions(positions: tuple[int | None, ...], players: tuple[str, ...]) -> None:
    """The Game Board: "The gloves indicate the position of the defensive players", one at each:
    a position change may not leave two players at one position and none at another."""
    seen: dict[int, str] = {}
    for player, position in zip(players, positions):
        if position is None:
            continue
        if position in seen:
            empty = next((p for p in range(2, 10) if p not in positions), 0)  # the fielders' (1 is the mound)
            none = f", and position {empty} ({POSITION_NAMES[empty]}) none" if empty else ""
            raise IllegalPlay(
                f'position {position} ({POSITION_NAMES[position]}) has two players, "{seen[position]}" and "{player}"'
                f"{none}: one player plays each position (The Game Board: \"The gloves indicate the position of the "
                "defensive players\"); write the other player's move before the play"
            )
        seen[position] = player
