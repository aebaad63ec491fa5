"""Every rule of a game's course (a turn's rolls, the players, saved rolls, extra turns, a joker, a
row that wins at once or needs another; a set-aside turn, hot dice, the entry, a farkle penalty, a
roll that wins at once, the end) is pinned by at least three scenarios under every shipped ruleset
that has it: a rule that one scenario carries is lost to one wrong transcription.

A scenario counts for a rule when it runs under the ruleset and its ``@rule:`` tag names the rule's
topic on the game's rules page. The table of flow rules, by family, is this test's own."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from dicespec.registry import game
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.spec.features import cases

AT_LEAST = 3


def _topic(row: str) -> str:
    return row.replace("_", "-")


def _sheet_rules(rules: Any) -> dict[str, bool]:
    five = rules.five_of_a_kind
    found = {
        "turns": True,
        "players": True,
        "saved-rolls": rules.saved_rolls,
        "extra-turns": five is not None and five.extra_turns != "none",
        "joker": five is not None and rules.joker != "none",
    }
    for row in rules.rows.values():
        if row.first_roll_wins or row.requires is not None:
            found[_topic(row.id)] = True
    return found


def _set_aside_rules(rules: Any) -> dict[str, bool]:
    return {
        "turn": True,
        "players": True,
        "hot-dice": True,
        "entry": rules.entry > 0,
        "end": True,
        "farkle-penalty": rules.farkle_penalty is not None,
        "instant-win": rules.instant_win is not None,
    }


FLOW_RULES: dict[str, Callable[[Any], dict[str, bool]]] = {
    "score-sheet": _sheet_rules,
    "set-aside": _set_aside_rules,
}
"""The topics of a ruleset's flow rules, by family: which of them the ruleset has."""


def scenarios_by_rule() -> dict[tuple[str, str], set[str]]:
    """(ruleset, topic) → the scenarios that run under the ruleset and pin down the topic."""
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for case in cases():
        for ruleset in case.runs_under:
            found[(ruleset, case.rule)].add(f"{case.path}:{case.scenario}")
    return found


def test_every_flow_rule_of_every_ruleset_has_three_scenarios() -> None:
    found = scenarios_by_rule()
    thin = []
    for name in ruleset_names():
        rules = find_ruleset(name)
        for topic, has in FLOW_RULES[game(rules.game).family_name](rules).items():
            if has and len(found[(name, topic)]) < AT_LEAST:
                thin.append(f"{name}: {topic} ({len(found[(name, topic)])})")
    assert not thin, f"flow rules with fewer than {AT_LEAST} scenarios:\n" + "\n".join(thin)
