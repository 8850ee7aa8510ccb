"""Bonn Die's rules of the dice (`rules/bonn-die.txt`): the four bases and their values, the eight
combinations found in six dice, a call and its value, and which calls match.

Pure functions over small immutable values; the engine (`engine/bonn_die.py`) asks these and
holds no rule of the dice itself. Every reading of the terse text is written in
`docs/rules-decisions.md` ("Bonn Die") and made in one named place here.
"""

from __future__ import annotations

from collections import Counter

from scorebook.notation.bonn_die import Base, Call, Combo, Dice, Die
from scorebook.problems import IllegalPlay

# "Initial Center 3 · Corner 0 / Second 2 · 1 / Primary 1 · 2 / Final 0 · 3"
CENTER_VALUES = (3, 2, 1, 0)
CORNER_VALUES = (0, 1, 2, 3)
# "All-based hands (Sixes, House, Doubles) pick All-Base or Single-Base."
ALL_BASED = frozenset((Combo.SIXES, Combo.HOUSE, Combo.DOUBLES))
# "Center or Corner, unless the combination only has one of those": the table's third column.
POSITIONS = {
    Combo.SIXES: ("center", "corner"),
    Combo.FIVES: ("center", "corner"),
    Combo.FOURS: ("corner",),
    Combo.HOUSE: ("corner",),
    Combo.TRIAD: ("center", "corner"),
    Combo.TRIPLES: ("corner",),
    Combo.DOUBLES: ("center",),
    Combo.STRAIGHT: ("center",),
}
# "Sixes and Fives then pick Face Points or No Face Points."
FACE_COMBOS = frozenset((Combo.SIXES, Combo.FIVES))
# "Fives and Fours only count dice that belong to the combination": how many of a face they take.
OF_A_KIND = {Combo.SIXES: 6, Combo.FIVES: 5, Combo.FOURS: 4}


def combinations(dice: Dice) -> dict[Combo, int]:
    """Every combination the six dice hold, each with its face (the repeated number for Sixes,
    Fives and Fours; the lowest face otherwise).

    Decision (covering): a hand holds every smaller combination of a kind it contains: Sixes
    holds Fives and Fours, Fives holds Fours, House holds Fours ("Fours covered by House / Fives /
    Sixes, and Fives covered by Sixes"). Triples are three pairs of three different faces and
    Doubles two triples of two different faces, so a House is not Triples."""
    counts = Counter(die.face for die in dice)
    shape = sorted(counts.values(), reverse=True)
    most, top = counts.most_common(1)[0]
    found: dict[Combo, int] = {}
    for combo, needed in OF_A_KIND.items():
        if top >= needed:
            found[combo] = most
    if shape == [4, 2]:
        found[Combo.HOUSE] = most
    if shape == [2, 2, 2]:
        found[Combo.TRIPLES] = min(counts)
    if shape == [3, 3]:
        found[Combo.DOUBLES] = min(counts)
    low = min(counts)
    if all(counts.get(low + step) == n for step, n in enumerate((3, 2, 1))) and len(counts) == 3:
        found[Combo.TRIAD] = low  # "Three, next pair, next single": 3,3,3,4,4,5
    if len(counts) == 6:
        found[Combo.STRAIGHT] = 1
    return found


def counted_dice(dice: Dice, combo: Combo, face: int, base: Base | None) -> list[Die]:
    """The dice a call counts: the combination's own dice, on the called base (Single-Base or a
    single-based hand) or on every base (All-Base).

    Decision (Single-Base): a one-base call counts only the combination's dice that lie on that
    base; the others score nothing ("Single-based calls pick one base"). Fives and Fours count at
    most five and four dice of their face ("only count dice that belong to the combination")."""
    if combo in OF_A_KIND:
        own = [die for die in dice if die.face == face and (base is None or die.base == base)]
        return own[: OF_A_KIND[combo]]
    return [die for die in dice if base is None or die.base == base]


def call_value(dice: Dice, call: Call) -> int:
    """A call's points: each counted die's position value on its base, plus the face once for
    Sixes and Fives with Face Points ("added once, not multiplied by the number of dice")."""
    face = combinations(dice)[call.combo]
    values = CENTER_VALUES if position(call) == "center" else CORNER_VALUES
    points = sum(values[die.base] for die in counted_dice(dice, call.combo, face, call.base))
    return points + (face if call.face else 0)


def check_call(dice: Dice, call: Call) -> None:
    """A call must be one the dice and the combination's row of the table allow."""
    held = combinations(dice)
    if call.combo not in held:
        have = ", ".join(c.title for c in held) or "no combination"
        raise IllegalPlay(f"the dice do not hold {call.combo.title} (they hold {have})")
    if call.base is None and call.combo not in ALL_BASED:
        raise IllegalPlay(f"{call.combo.title} is single-based: call one base (initial, second, primary or final), not all")
    if call.position is None and len(POSITIONS[call.combo]) > 1:
        raise IllegalPlay(f"say center or corner: {call.combo.title} may be called either way, e.g. `{call.text}:center`")
    if position(call) not in POSITIONS[call.combo]:
        raise IllegalPlay(f"{call.combo.title} is called {' or '.join(POSITIONS[call.combo])} only")
    if call.face and call.combo not in FACE_COMBOS:
        raise IllegalPlay(f"face points are for Sixes and Fives only, not {call.combo.title}")
    if call.base is not None and not counted_dice(dice, call.combo, held[call.combo], call.base):
        # Decision: a one-base call on a base holding none of the combination's dice is refused.
        raise IllegalPlay(f"no die of the {call.combo.title} lies on {call.base.word}; call a base that holds some")


def legal_calls(dice: Dice) -> list[Call]:
    """Every call the dice and the table allow (what `check_call` accepts), for a player to choose from."""
    found = []
    for combo, face in combinations(dice).items():
        bases: list[Base | None] = [None] if combo in ALL_BASED else []
        bases += [b for b in Base if counted_dice(dice, combo, face, b)]
        faces = (False, True) if combo in FACE_COMBOS else (False,)
        found.extend(
            Call(combo, base, position, with_face) for base in bases for position in POSITIONS[combo] for with_face in faces
        )
    return found


def position(call: Call) -> str:
    """Center or corner: as called, or the only one the combination has (which a call may leave out)."""
    return call.position or POSITIONS[call.combo][0]


def matches(offense: Combo, defense: Combo) -> bool:
    """Defense matched the combination: the same one, or one that covers it ("including Fours
    covered by House / Fives / Sixes, and Fives covered by Sixes")."""
    if offense is defense:
        return True
    if offense is Combo.FOURS:
        return defense in (Combo.HOUSE, Combo.FIVES, Combo.SIXES)
    return offense is Combo.FIVES and defense is Combo.SIXES
