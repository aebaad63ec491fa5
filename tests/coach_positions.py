"""Positions of seeded games, each with the solver's choices and values, and how a coach's
choices differ from them: what the coach is checked against, in node (``tests/solver/test_coachdata.py``) and in
the browser on the built site (``tests/site/test_coach.py``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from dicespec.dice import Roll
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet.game import SheetGame, is_joker, is_repeat
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.combos import options
from dicespec.setaside.game import Phase, SetAsideGame
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver import hint, turn_policy
from dicespec.solver.scoresheet import NoTurnLeftError

TOLERANCE = 1e-6
TIE = 1e-9  # values this close are a tie: either order is the solver's

# -- positions of seeded games -------------------------------------------------------------------


def _digits(dice: Roll | list[int]) -> str:
    return "".join(str(d) for d in dice)


def _sheet_choice(choice: Any, value: float) -> dict[str, Any]:
    found: dict[str, Any] = {"action": str(choice.action), "value": value}
    if choice.dice is not None:
        found["dice"] = _digits(choice.dice)
    if choice.row is not None:
        found["row"] = choice.row
    return found


def _sheet_advice(ruleset: SheetRuleset, game: SheetGame) -> list[dict[str, Any]]:
    assert game.dice is not None
    try:
        found = hint(ruleset, game.sheet(game.current_player), game.dice, game.rolls_left)
    except NoTurnLeftError:
        return []
    return [_sheet_choice(choice, value) for choice, value in found]


def sheet_positions(
    ruleset: SheetRuleset, seed: int, games: int = 3, seen: Counter[str] | None = None
) -> list[tuple[dict[str, Any], Any]]:
    """Positions at every roll of seeded games (a first roll of five of a kind one time in four,
    for jokers and repeats; a random row or the one worth most points), each with the hint;
    ``seen`` counts the positions with a joker, a repeat, a second player to move."""
    rng = random.Random(seed)
    found = []
    seen = Counter() if seen is None else seen
    for index in range(games):
        players = ruleset.min_players if index == 0 else min(ruleset.max_players, max(2, ruleset.min_players))
        game = SheetGame(ruleset, players, seed=rng.randrange(1 << 30))
        actions: list[str] = []

        def keep(game: SheetGame = game, actions: list[str] = actions, players: int = players) -> None:
            sheet, dice = game.sheet(game.current_player), game.dice
            assert dice is not None
            seen.update(
                kind
                for kind, there in (
                    ("joker", is_joker(ruleset, sheet, dice)),
                    ("repeat", is_repeat(ruleset, sheet, dice)),
                    ("second player", game.current_player > 0),
                )
                if there
            )
            found.append(({"players": players, "actions": list(actions)}, _sheet_advice(ruleset, game)))

        while not game.is_over:
            face = rng.randint(1, 6)
            dice = [face] * ruleset.dice if rng.random() < 0.25 else [rng.randint(1, 6) for _ in range(ruleset.dice)]
            game.roll(dice)
            actions.append(f"roll {_digits(dice)}")
            keep()
            stays = len(set(dice)) == 1 and rng.random() < 0.8  # a five of a kind mostly stays on the table
            while game.rolls_left > 0 and not stays and rng.random() < 0.75:
                positions = sorted(rng.sample(range(ruleset.dice), rng.randint(1, ruleset.dice)))
                new = [rng.randint(1, 6) for _ in positions]
                game.reroll(positions, new)
                actions.append(f"reroll {','.join(str(p + 1) for p in positions)}={_digits(new)}")
                keep()
            offers = game.offers()
            if not offers:
                game.end_turn()
                actions.append("end")
                continue
            five = ruleset.five_of_a_kind
            made = [row for row, points in offers if five is not None and row == five.row and points > 0]
            row = max(offers, key=lambda offer: offer[1])[0] if rng.random() < 0.5 else rng.choice(offers)[0]
            row = made[0] if made and rng.random() < 0.8 else row  # a five of a kind mostly goes in its row
            game.score(row)
            actions.append(f"score {row}")
    return found


def set_aside_positions(ruleset: SetAsideRuleset, seed: int, count: int = 120) -> list[tuple[dict[str, Any], Any]]:
    """Positions after rolls and after set-asides of seeded turns, each with the turn policy's advice."""
    policy = turn_policy(ruleset)
    rng = random.Random(seed)
    found: list[tuple[dict[str, Any], Any]] = []
    players = ruleset.min_players
    game = SetAsideGame(ruleset, players, seed=rng.randrange(1 << 30))
    actions: list[str] = []
    while len(found) < count and not game.is_over:
        state = game.state
        if state.phase is Phase.SET_ASIDE:
            t, n = state.turn_points, state.dice_left
            bank = {"action": "bank", "value": float(t)}
            advice = [bank]
            if t < policy.cap:
                roll = {"action": "roll", "value": policy.roll_value(t, n)}
                advice = [bank, roll] if policy.should_bank(t, n) else [roll, bank]
            found.append(({"players": players, "actions": list(actions)}, advice))
            if rng.random() < 0.35:
                try:
                    game.bank()
                    actions.append("bank")
                    continue
                except Exception:  # noqa: BLE001 - a bank the rules refuse here (below the entry): roll on
                    pass
        dice = [rng.randint(1, 6) for _ in range(game.state.dice_left)]
        game.roll(dice)
        actions.append(f"roll {_digits(dice)}")
        if game.state.phase is not Phase.ROLLED:
            continue  # a farkle, or a roll that wins at once
        roll, t = game.state.dice, game.state.turn_points
        assert roll is not None
        advice = [
            {
                "action": "set",
                "dice": _digits(option.dice),
                "points": option.points,
                "value": value,
                "bank": policy.should_bank(t + option.points, len(roll) - len(option.dice) or ruleset.dice),
            }
            for option, value in policy.choices(t, roll)
        ]
        found.append(({"players": players, "actions": list(actions)}, advice))
        chosen = rng.choice(options(ruleset, roll)) if rng.random() < 0.5 else policy.set_aside(t, roll)
        game.set_aside(chosen.dice)
        actions.append(f"set {_digits(chosen.dice)}")
    return found


# -- comparing -------------------------------------------------------------------------------------


def _key(choice: dict[str, Any]) -> tuple[Any, ...]:
    return (choice["action"], choice.get("dice"), choice.get("row"), choice.get("points"), choice.get("bank"))


def differences(expected: list[dict[str, Any]], found: list[dict[str, Any]]) -> list[str]:
    """What the coach's choices get wrong: a choice missing or extra, a value off by more than
    :data:`TOLERANCE`, another order but where the solver's values tie."""
    wrong = []
    values = {_key(choice): choice["value"] for choice in expected}
    theirs = {_key(choice): choice["value"] for choice in found}
    if len(theirs) != len(found):
        wrong.append("a choice given twice")
    if set(values) != set(theirs):
        missing, extra = sorted(set(values) - set(theirs), key=str), sorted(set(theirs) - set(values), key=str)
        wrong.append(f"choices missing {missing}, extra {extra}")
        return wrong
    for key, value in values.items():
        if abs(theirs[key] - value) > TOLERANCE:
            wrong.append(f"{key}: {theirs[key]!r}, the solver's {value!r}")
    for at, (ours, coach) in enumerate(zip(expected, found, strict=True)):
        if _key(ours) != _key(coach) and abs(values[_key(coach)] - ours["value"]) > TIE:
            wrong.append(f"choice {at + 1}: {_key(coach)}, the solver's {_key(ours)} ({ours['value']!r})")
            break
    return wrong


def positions(name: str) -> list[tuple[dict[str, Any], Any]]:
    ruleset = find_ruleset(name)
    seed = sum(map(ord, name))
    if isinstance(ruleset, SheetRuleset):
        seen: Counter[str] = Counter()
        found = sheet_positions(ruleset, seed, seen=seen)
        five = ruleset.five_of_a_kind
        # the sample holds the situations the ruleset has: a joker, a repeat, a second player to move
        assert seen["joker"] or ruleset.joker == "none" or five is None, seen
        assert seen["repeat"] or five is None or five.repeat_adds is None, seen
        assert seen["second player"] or ruleset.max_players == 1, seen
        return found
    assert isinstance(ruleset, SetAsideRuleset)
    return set_aside_positions(ruleset, seed)


def disagreements(sampled: list[tuple[dict[str, Any], Any]], advice: list[list[dict[str, Any]]]) -> list[str]:
    """Each sampled position whose coach ``advice`` differs from the solver's, in a line."""
    wrong = []
    for (position, expected), found in zip(sampled, advice, strict=True):
        if whys := differences(expected, found):
            wrong.append(f"after {position['actions'][-3:]} ({len(position['actions'])} actions): {'; '.join(whys)}")
    return wrong
