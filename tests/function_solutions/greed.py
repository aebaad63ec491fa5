"""A Greed kata solution (the Ruby Koans' scoring project, written in Python) as one writes it:
``score(dice)`` is the points of a throw. ``dicespec conform --function greed:score --ruleset
greed`` runs it with no adapter (tests/conformance/run/test_function.py)."""


def score(dice):
    total = 0
    for face in range(1, 7):
        count = dice.count(face)
        if count >= 3:
            total += 1000 if face == 1 else 100 * face
            count -= 3
        total += count * {1: 100, 5: 50}.get(face, 0)
    return total
