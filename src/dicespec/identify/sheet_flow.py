"""The game flow of a score-sheet game, found by replays chosen to decide each flow rule.

Each flow rule of the model has candidate values: the rolls of a turn, saved rolls, the upper
bonus, what a five of a kind does beyond its row, and the joker. A candidate is the ruleset the
scoring fit found, with that value. Replays are built to tell the candidates apart; the one asked
next is the one whose reference answers split the candidates still standing into the most groups,
until no replay splits them, so each rule takes a few replays. The bonus's threshold is found by
halving. Candidates left that no replay tells apart are *alike*: the base ruleset's value is kept,
and the others named.

Two checks follow, with one candidate each (the model has no other rule): a filled row is refused,
and the game is over once every row is filled. An answer no candidate explains is a difference,
shrunk to the shortest replay that still shows it, as ``dicespec conform`` shrinks a failing game.
The deciding is :mod:`~dicespec.identify.flow`'s, shared with the set-aside games'.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cache, partial
from itertools import product
from typing import Any

from dicespec.identify.flow import (
    Ask,
    Asker,
    FlowFit,
    FlowIdentification,
    Probe,
    checks,
    fit,
    refusal,
)
from dicespec.implementation import sheet_replay_answer
from dicespec.rulesets import find_rulesets_of
from dicespec.scoresheet.families import Face, OfAKind
from dicespec.scoresheet.replay import replay
from dicespec.scoresheet.ruleset import CELL, FiveOfAKind, SheetRuleset

MOST_ROLLS = 7  # rolls a turn is tried with: a candidate from 1 to one fewer
JOKERS = ("none", "forced", "free")
EXTRA_TURNS = ("none", "repeat", "every")

# -- the flow rules as a ruleset file writes them -----------------------------------------------


def flow_values(rules: SheetRuleset) -> dict[str, Any]:
    """Each flow rule of ``rules`` as a ruleset file writes it (the bonus as ``more_than``)."""
    five = rules.five_of_a_kind
    return {
        "rolls_per_turn": rules.rolls_per_turn,
        "saved_rolls": rules.saved_rolls,
        "upper_bonus": None
        if rules.bonus_more_than is None
        else {"more_than": rules.bonus_more_than, "points": rules.bonus_points},
        "five_of_a_kind": None if five is None else _five_data(five),
        "joker": rules.joker,
    }


def _five_data(five: FiveOfAKind) -> dict[str, Any]:
    repeat = {"adds": None} if five.repeat_adds is None else {"adds": five.repeat_adds, "to": five.repeat_to}
    return {"row": five.row, "repeat": repeat, "extra_turns": five.extra_turns}


def with_value(rules: SheetRuleset, key: str, value: Any) -> SheetRuleset:
    """``rules`` with the flow rule ``key`` set to ``value`` (as :func:`flow_values` writes it)."""
    match key:
        case "rolls_per_turn":
            return replace(rules, rolls_per_turn=value)
        case "saved_rolls":
            return replace(rules, saved_rolls=value)
        case "upper_bonus":
            if value is None:
                return replace(rules, bonus_more_than=None, bonus_points=0)
            return replace(rules, bonus_more_than=value["more_than"], bonus_points=value["points"])
        case "five_of_a_kind":
            if value is None:
                return replace(rules, five_of_a_kind=None)
            repeat = value["repeat"]
            five = FiveOfAKind(value["row"], repeat["adds"], repeat.get("to", CELL), value["extra_turns"])
            return replace(rules, five_of_a_kind=five)
        case "joker":
            return replace(rules, joker=value)
    raise KeyError(key)


# -- the replays --------------------------------------------------------------------------------


def _digits(dice: Sequence[int]) -> str:
    return "".join(map(str, dice))


def _plain(rules: SheetRuleset) -> str:
    """A roll that makes nothing of note: no five of a kind (``11235`` for five dice)."""
    return _digits((1, 1, 2, 3, 5, 6)[: rules.dice])


def _of(face: int, count: int, dice: int) -> str:
    """``count`` dice of ``face``, the rest two other faces in turn (never all of a kind)."""
    others = [f for f in (1, 2, 3, 4, 5, 6) if f != face][:2]
    return _digits([face] * count + [others[i % 2] for i in range(dice - count)])


def _rerolls(count: int) -> list[str]:
    """``count`` rerolls of the first die of :func:`_plain`, never making five of a kind."""
    return [f"reroll 1={4 if i % 2 == 0 else 1}" for i in range(count)]


def _five(rules: SheetRuleset, face: int) -> tuple[str, ...]:
    """All the dice showing ``face``: made with a reroll where a turn has one (a first roll may
    score more, or win at once, where a row says so), else rolled."""
    n = rules.dice
    if rules.rolls_per_turn == 1:
        return (f"roll {str(face) * n}",)
    other = 1 if face != 1 else 2
    return (f"roll {str(face) * (n - 1)}{other}", f"reroll {n}={face}")


Turn = tuple[str, ...]


def _probe(rules: SheetRuleset, turns: Sequence[Turn]) -> Probe:
    """A replay of the first player's ``turns``, by as few players as the rules allow: after each
    turn of the first player that ends, each other player scores :func:`_plain` in their next row."""
    players = rules.min_players
    actions: list[str] = []
    for index, turn in enumerate(turns):
        actions += turn
        if players > 1 and turn[-1].startswith(("score ", "end")):
            row = rules.row_ids[index % len(rules.row_ids)]
            actions += [f"roll {_plain(rules)}", f"score {row}"] * (players - 1)
    return Probe(tuple(actions), players)


def rolls_probes(rules: SheetRuleset) -> list[Probe]:
    """A turn rolled more times than any candidate allows: the first refused roll tells."""
    return [_probe(rules, [(f"roll {_plain(rules)}", *_rerolls(MOST_ROLLS - 1))])]


def saved_probes(rules: SheetRuleset) -> list[Probe]:
    """A turn scored on its first roll, then a turn rolled more times than its own rolls allow."""
    plain, first = _plain(rules), rules.row_ids[0]
    return [
        _probe(rules, [(f"roll {plain}", f"score {first}"), (f"roll {plain}", *_rerolls(2 * rules.rolls_per_turn))])
    ]


def _face_rows(rules: SheetRuleset) -> list[tuple[str, int]]:
    return [
        (row.id, row.rule.face) for row in rules.rows.values() if row.section == "upper" and isinstance(row.rule, Face)
    ]


@cache
def _upper_sums(dice: int, faces: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Each total the upper rows can add up to with no five of a kind: how many of each face."""
    found: dict[int, tuple[int, ...]] = {}
    for counts in product(range(dice), repeat=len(faces)):
        found.setdefault(sum(c * f for c, f in zip(counts, faces, strict=True)), counts)
    return dict(sorted(found.items()))


def upper_probe(rules: SheetRuleset, total: int, *, reverse: bool = False, skip_first: bool = False) -> Probe:
    """Every upper row filled (in sheet order, or the other way round; all but the first), adding
    up to ``total`` (one of :func:`_upper_sums` of those rows)."""
    rows = _face_rows(rules)[1 if skip_first else 0 :]
    counts = _upper_sums(rules.dice, tuple(face for _, face in rows))[total]
    turns = [
        (f"roll {_of(face, count, rules.dice)}", f"score {row}")
        for (row, face), count in zip(rows, counts, strict=True)
    ]
    return _probe(rules, turns[::-1] if reverse else turns)


def five_probes(rules: SheetRuleset, row: str, *, refuses_filled: bool = True) -> list[Probe]:
    """Five of a kind scored in its row, then again: in its row (unless the implementation does
    not refuse a filled row: the replay would show that, not what a repeat does), in its face's
    row, in each other lower row, with and without its face's row filled; and after its row
    scored 0."""
    sixes, threes = rules.face_row(6), rules.face_row(3)
    first: Turn = (*_five(rules, 6), f"score {row}")
    zero: Turn = (f"roll {_plain(rules)}", f"score {row}")
    filled: list[Turn] = [] if threes is None else [(*_five(rules, 3), f"score {threes}")]
    probes = [_probe(rules, [first])]
    if refuses_filled:
        probes.append(_probe(rules, [first, (*_five(rules, 6), f"score {row}")]))
    if sixes is not None:
        probes.append(_probe(rules, [first, (*_five(rules, 6), f"score {sixes}")]))
    for other in (r for r in rules.lower_rows if r != row):
        again: Turn = (*_five(rules, 3), f"score {other}")
        probes += [_probe(rules, [first, again]), _probe(rules, [first, *filled, again])]
        probes.append(_probe(rules, [zero, *filled, again]))
    return probes


def check_probes(rules: SheetRuleset) -> list[Probe]:
    """A filled row scored again (refused), and every row filled, then one roll more (refused)."""
    plain, first = _plain(rules), rules.row_ids[0]
    every = [(f"roll {plain}", f"score {row}") for row in rules.row_ids]
    return [
        _probe(rules, [(f"roll {plain}", f"score {first}"), (f"roll {plain}", f"score {first}")]),
        _probe(rules, [*every, (f"roll {plain}",)]),
    ]


# -- deciding ----------------------------------------------------------------------------------


def reference(rules: SheetRuleset, players: int, actions: Sequence[str]) -> Any:
    """The reference's answer to a replay under ``rules``."""
    return sheet_replay_answer(rules, replay(rules, players, actions))


def _summary(answer: Any) -> str:
    """What a replay's answer shows, in a few words: where it was refused, or the lines scored."""
    said = refusal(answer)
    if said is not None:
        return said
    players = answer.get("players") or [{}]
    lines = {k: v for k, v in (players[0].get("lines") or {}).items() if v is not None and "total" not in k}
    extra = players[0].get("extra_turns")
    shown = ", ".join(f"{k} {v}" for k, v in lines.items())
    return shown + (f", {extra} extra turn(s)" if extra else "")


_fit = partial(fit, values=flow_values, summary=_summary)


def _bonus(asker: Asker, base: SheetRuleset) -> tuple[list[FlowFit], SheetRuleset]:
    """The upper bonus: the upper rows filled to their most (no five of a kind), then halving to
    the least total that shows a bonus. The candidate read so is then checked: the rows filled in
    the other order, at that total and below it, and every upper row but the first filled past it
    (the model's bonus counts as soon as the rows add up to enough)."""
    rows = _face_rows(base)
    totals = list(_upper_sums(base.dice, tuple(face for _, face in rows)))
    asked = [upper_probe(base, totals[-1])]

    def bonus_at(probe: Probe) -> int:
        answer = asker.answer(probe)
        try:
            value = answer["players"][0]["lines"].get("bonus")
        except (TypeError, KeyError, IndexError, AttributeError):
            return 0
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    points = bonus_at(asked[0])
    value: Any = None
    example = f"upper rows adding to {totals[-1]} (the most without five of a kind) show no bonus"
    alike: list[Any] = []
    checks = [upper_probe(base, totals[-1], reverse=True)]
    if points > 0:
        low, high = -1, len(totals) - 1  # indexes: no bonus at low (-1: below every total), one at high
        while high - low > 1:
            middle = (low + high) // 2
            probe = upper_probe(base, totals[middle])
            asked.append(probe)
            if bonus_at(probe) > 0:
                high = middle
            else:
                low = middle
        least, below = totals[high], totals[low] if low >= 0 else -1
        thresholds = range(below, least)  # more_than any of these: alike
        kept = base.bonus_more_than if base.bonus_more_than in thresholds else least - 1
        value = {"more_than": kept, "points": points}
        alike = [{"more_than": m, "points": points} for m in (below, least - 1) if m != kept and m in thresholds][:1]
        example = f"upper rows adding to {least} show a bonus of {points}" + (
            f", adding to {below} none" if below >= 0 else ""
        )
        checks = [upper_probe(base, t, reverse=True) for t in (least, below) if t >= 0]
        partial = _upper_sums(base.dice, tuple(face for _, face in rows[1:]))
        past = next((t for t in partial if t >= least), None)
        if past is not None:
            checks.append(upper_probe(base, past, skip_first=True))
    rules = with_value(base, "upper_bonus", value)
    # the parts of an answer the bonus decides: those that no bonus, and one always earned, change
    among = [rules, with_value(base, "upper_bonus", None), with_value(base, "upper_bonus", _ALWAYS)]
    wrong = next((d for p in [*asked, *checks] if (d := asker.differs(rules, p, among)) is not None), None)
    fit = FlowFit(
        "upper_bonus",
        value if wrong is None else flow_values(base)["upper_bonus"],
        flow_values(base)["upper_bonus"],
        wrong is None,
        len(asked),
        sum(1 for p in checks if p in asker.answers),
        alike if wrong is None else [],
        example,
        [] if wrong is None else [wrong],
    )
    return [fit], rules if wrong is None else base


_ALWAYS = {"more_than": -1, "points": 1}  # a bonus every sheet earns: what a bonus changes in an answer


def _five_row(rules: SheetRuleset) -> str | None:
    """The row of all the dice of a kind, if the sheet has one."""
    if rules.five_of_a_kind is not None:
        return rules.five_of_a_kind.row
    return next(
        (
            row.id
            for row in rules.rows.values()
            if isinstance(row.rule, OfAKind) and row.rule.at_least == rules.dice and not row.rule.exactly
        ),
        None,
    )


def _five_values(rules: SheetRuleset, row: str) -> Iterator[Any]:
    """Every five-of-a-kind rule the model has for ``row``: none, or a repeat adding what a shipped
    ruleset adds (to the cell or to a bonus line), with each way of earning extra turns."""
    adds, lines = {50, 100}, {CELL}
    for shipped in find_rulesets_of(SheetRuleset):
        five = shipped.five_of_a_kind
        if five is not None and five.repeat_adds is not None:
            adds.add(five.repeat_adds)
            lines.add(five.repeat_to)
    if rules.bonus_line:
        lines.add(rules.bonus_line)
    yield None
    for extra in EXTRA_TURNS:
        yield {"row": row, "repeat": {"adds": None}, "extra_turns": extra}
        for points, to in product(sorted(adds), sorted(lines)):
            yield {"row": row, "repeat": {"adds": points, "to": to}, "extra_turns": extra}


def identify_flow(ask: Ask, asked: str, base: SheetRuleset) -> FlowIdentification:
    """Replay games to find each flow rule of the implementation behind ``ask``, asked under the
    ruleset named ``asked``; ``base`` is the ruleset the scoring fit found (the closest shipped
    one, with the rows found)."""
    asker = Asker(ask, asked, reference)
    found = FlowIdentification()
    if asker.answer(rolls_probes(base)[0]) is None:
        found.not_probed = f"it replays no game ({asker.failure})"
        return found
    rules = base
    if _face_rows(rules):  # first: every other replay's answer shows the bonus line
        fits, rules = _bonus(asker, rules)
        found.fits += fits
    rolls = [((v,), with_value(rules, "rolls_per_turn", v)) for v in range(1, MOST_ROLLS)]
    fits, rules = _fit(asker, ["rolls_per_turn"], rules, rolls, rolls_probes(rules))
    found.fits += fits
    if rules.rolls_per_turn > 1:
        saved = [((v,), with_value(rules, "saved_rolls", v)) for v in (False, True)]
        fits, rules = _fit(asker, ["saved_rolls"], rules, saved, saved_probes(rules))
        found.fits += fits
    row = _five_row(rules)
    refused = asker.answer(check_probes(rules)[0])
    refuses_filled = isinstance(refused, dict) and refused.get("rejected") is not None
    if row is not None and not refuses_filled:
        found.notes.append(
            f"it does not refuse a filled row: five_of_a_kind is decided without a repeat scored in {row}"
        )
    if row is not None:
        candidates = []
        for five in _five_values(rules, row):
            with_five = with_value(rules, "five_of_a_kind", five)
            for joker in JOKERS if five is not None else ("none",):
                candidates.append(((five, joker), with_value(with_five, "joker", joker)))
        probes = five_probes(rules, row, refuses_filled=refuses_filled)
        fits, rules = _fit(asker, ["five_of_a_kind", "joker"], rules, candidates, probes)
        found.fits += fits
    found.fits.append(checks(asker, rules, check_probes(rules), _summary))
    return found
