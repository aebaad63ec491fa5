"""The game flow of a set-aside game (10000, Farkle, Greed), found by replays chosen to decide
each flow rule: which dice a roll sets aside, the entry (its points, and what a bank below it
does), hot dice, the penalty for farkles in a row, and the end (the target, the final round, a
target hit exactly).

The entry's points are found by halving over the amounts one roll can bank; the other rules by
the replays whose reference answers split their candidates most, then the rest asked to check
them (:mod:`~dicespec.identify.flow`). A last check holds the rules found to a replay whole: a
roll after the game is over is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from itertools import combinations_with_replacement, product
from typing import Any

from dicespec.dice import FACES, Roll
from dicespec.identify.flow import Ask, Asker, FlowFit, FlowIdentification, Probe, checks, fit, refusal
from dicespec.implementation import set_aside_replay_answer
from dicespec.rulesets import find_rulesets_of
from dicespec.setaside import combos
from dicespec.setaside.errors import SetAsideError
from dicespec.setaside.replay import replay
from dicespec.setaside.ruleset import BelowEntry, HotDice, SetAsideRule, SetAsideRuleset, farkle_penalty_from_data

Turn = tuple[str, ...]
PENALTY_FARKLES = (2, 3, 4)  # farkles in a row a penalty may follow
MOST_FARKLES = 4  # farkles in a row tried


# -- the flow rules as a ruleset file writes them -----------------------------------------------


def aside_flow_values(rules: SetAsideRuleset) -> dict[str, Any]:
    """Each flow rule of ``rules`` as a ruleset file writes it."""
    penalty = rules.farkle_penalty
    end: dict[str, Any] = {"target": rules.target, "final_round": rules.final_round}
    if rules.exact_target:
        end["exact"] = True
    return {
        "set_aside": rules.set_aside.value,
        "entry": {"points": rules.entry, "below": rules.below_entry.value},
        "hot_dice": rules.hot_dice.value,
        "farkle_penalty": None
        if penalty is None
        else {"farkles": penalty.farkles, "points": penalty.points, "floor": penalty.floor},
        "end": end,
    }


def with_value(rules: SetAsideRuleset, key: str, value: Any) -> SetAsideRuleset:
    """``rules`` with the flow rule ``key`` set to ``value`` (as :func:`aside_flow_values` writes it)."""
    match key:
        case "set_aside":
            return replace(rules, set_aside=SetAsideRule(value))
        case "entry":
            return replace(rules, entry=value["points"], below_entry=BelowEntry(value["below"]))
        case "hot_dice":
            return replace(rules, hot_dice=HotDice(value))
        case "farkle_penalty":
            return replace(rules, farkle_penalty=farkle_penalty_from_data(value))
        case "end":
            exact = value.get("exact", False)
            return replace(rules, target=value["target"], final_round=value["final_round"], exact_target=exact)
    raise KeyError(key)


# -- the replays --------------------------------------------------------------------------------


def _digits(dice: Sequence[int]) -> str:
    return "".join(map(str, sorted(dice)))


def _farkle(rules: SetAsideRuleset) -> str:
    """A roll of all the dice in which no die scores."""
    for roll in combinations_with_replacement(FACES, rules.dice):
        if combos.best(rules, Roll(roll)) == 0:
            return _digits(roll)
    raise ValueError(f"{rules.name}: every roll of {rules.dice} dice scores")


def _plays(rules: SetAsideRuleset, *, whole: bool = False) -> dict[int, tuple[str, str]]:
    """Each amount one roll of all the dice can give, with the roll and the dice set aside: a part
    of fewer than all the dice (``whole``: all of them, hot dice; a game of one die, as Pig, has
    no smaller part: all of it), the rest scoring nothing, so that the part is the roll's every
    scoring die and its best (either set-aside rule takes it); and no roll that wins the game at
    once."""
    found: dict[int, tuple[str, str]] = {}
    n = rules.dice
    sizes = [n] if whole or n == 1 else range(1, n)
    for size in sizes:
        for part in combinations_with_replacement(FACES, size):
            try:
                points = combos.score(rules, Roll(part))
            except SetAsideError:
                continue
            if points in found:
                continue
            for rest in combinations_with_replacement(FACES, n - size):
                roll = Roll((*part, *rest))
                every = combos.scoring_dice(rules, roll)
                if every is not None and every.dice == Roll(tuple(sorted(part))) and not _wins(rules, roll):
                    found[points] = (_digits(roll.dice), _digits(part))
                    break
    return dict(sorted(found.items()))


def _wins(rules: SetAsideRuleset, roll: Roll) -> bool:
    return rules.instant_win is not None and rules.instant_win.wins(roll.counts, first_roll=True)


def _probe(rules: SetAsideRuleset, players: int, turns: Sequence[Turn], *, last_alone: bool = True) -> Probe:
    """A replay of the first player's ``turns``; after each but the last (``last_alone``: the
    others' turns after it too), each other player farkles."""
    farkle = f"roll {_farkle(rules)}"
    actions: list[str] = []
    for index, turn in enumerate(turns):
        actions += turn
        if index < len(turns) - 1 or not last_alone:
            actions += [farkle] * (players - 1)
    return Probe(tuple(actions), players)


def _bank(play: tuple[str, str]) -> Turn:
    roll, part = play
    return (f"roll {roll}", f"set {part}", "bank")


def _entering(rules: SetAsideRuleset) -> Turn:
    """A turn that puts the player on the board: the largest amount one roll banks."""
    plays = _plays(rules)
    return _bank(plays[max(plays)])


def entry_probe(rules: SetAsideRuleset, players: int, points: int) -> Probe:
    """A first turn that banks ``points`` (one of :func:`_plays`)."""
    return _probe(rules, players, [_bank(_plays(rules)[points])])


def set_aside_probes(rules: SetAsideRuleset, players: int) -> list[Probe]:
    """A roll with two scoring dice, one of them set aside (the other left on the table)."""
    found = []
    for roll in combinations_with_replacement(FACES, rules.dice):
        every = combos.scoring_dice(rules, Roll(roll))
        if every is None or len(every.dice) < 2 or len(every.dice) == rules.dice or _wins(rules, Roll(roll)):
            continue
        for size in range(1, len(every.dice)):
            for part in combinations_with_replacement(every.dice.dice, size):
                try:
                    combos.score(rules, Roll(part), roll=Roll(roll))
                except SetAsideError:
                    continue
                found.append(_probe(rules, players, [(f"roll {_digits(roll)}", f"set {_digits(part)}")]))
                return found
    return found


def hot_dice_probes(rules: SetAsideRuleset, players: int) -> list[Probe]:
    """On the board, every die of a roll set aside, then a bank."""
    whole = _plays(rules, whole=True)
    if not whole:
        return []
    roll, part = whole[max(whole)]
    return [_probe(rules, players, [_entering(rules), (f"roll {roll}", f"set {part}", "bank")])]


def penalty_probes(rules: SetAsideRuleset, players: int) -> list[Probe]:
    """Farkles in a row, one to :data:`MOST_FARKLES`, on the board and off it."""
    farkle: Turn = (f"roll {_farkle(rules)}",)
    found = []
    for count in range(1, MOST_FARKLES + 1):
        found.append(_probe(rules, players, [_entering(rules), *[farkle] * count]))
        found.append(_probe(rules, players, [farkle] * count))
    return found


def end_probes(rules: SetAsideRuleset, players: int, targets: Sequence[int]) -> list[Probe]:
    """One turn banking just below, at and just past each candidate target (hot dice rolled again
    as often as it takes), the others' turns after it or not."""
    whole, plays = _plays(rules, whole=True), _plays(rules)
    if not whole:
        return []
    step = max(whole)
    cycle = (f"roll {whole[step][0]}", f"set {whole[step][1]}")
    found = []
    for target in targets:
        for wanted in (target - min(plays), target, target + min(plays)):
            cycles, rest = divmod(wanted, step)
            if rest not in plays or wanted <= 0:
                continue
            turn = (*cycle * cycles, f"roll {plays[rest][0]}", f"set {plays[rest][1]}", "bank")
            for alone in (True, False):
                found.append(_probe(rules, players, [turn], last_alone=alone))
    return found


def check_probes(rules: SetAsideRuleset, players: int) -> list[Probe]:
    """The target passed in one turn, the other players' turns, then one roll more: refused, the
    game over (its answer held whole to the rules found)."""
    whole, plays = _plays(rules, whole=True), _plays(rules)
    farkle = f"roll {_farkle(rules)}"
    if not whole:
        return [Probe((farkle,) * (players + 1), players)]
    step, least = max(whole), min(plays)
    cycle = (f"roll {whole[step][0]}", f"set {whole[step][1]}")
    turn = (*cycle * (rules.target // step + 1), f"roll {plays[least][0]}", f"set {plays[least][1]}", "bank")
    return [Probe((*turn, *[farkle] * (players - 1), farkle), players)]


def reference(rules: SetAsideRuleset, players: int, actions: Sequence[str]) -> Any:
    """The reference's answer to a replay under ``rules``."""
    return set_aside_replay_answer(replay(rules, players, actions))


def _summary(answer: Any) -> str:
    """What a replay's answer shows, in a few words: where it was refused, or the scores."""
    said = refusal(answer)
    if said is not None:
        return said
    scores = ", ".join(str(p.get("score")) for p in answer.get("players") or [])
    return f"scores {scores}" + (", over" if answer.get("over") else "")


_fit = partial(fit, values=aside_flow_values, summary=_summary)


# -- deciding -------------------------------------------------------------------------------------


def _shipped(rules: SetAsideRuleset) -> list[SetAsideRuleset]:
    return [each for each in find_rulesets_of(SetAsideRuleset) if each.dice == rules.dice]


def _entry(asker: Asker, base: SetAsideRuleset, players: int) -> tuple[list[FlowFit], SetAsideRuleset]:
    """The entry: halving over the amounts one roll banks to the least that puts the player on
    the board, what a bank below it does read from the largest that does not, then checked."""
    amounts = list(_plays(base))

    def on_board(points: int) -> bool:
        answer = asker.answer(entry_probe(base, players, points))
        try:
            return bool(answer["players"][0]["on_board"])
        except (TypeError, KeyError, IndexError):
            return False

    asked = [amounts[0], amounts[-1]]
    low, high = -1, len(amounts) - 1  # indexes: off the board at low (-1: below every amount), on at high
    if on_board(amounts[0]):
        high = 0
    elif on_board(amounts[-1]):
        while high - low > 1:
            middle = (low + high) // 2
            asked.append(amounts[middle])
            if on_board(amounts[middle]):
                high = middle
            else:
                low = middle
    else:
        low = high  # no amount one roll banks is enough: the entry is above them all
    least = amounts[high] if low < high else amounts[-1] + 50
    below = amounts[low] if low >= 0 else 0
    refused = low >= 0 and (asker.answer(entry_probe(base, players, below)) or {}).get("rejected") is not None
    kind = BelowEntry.REFUSED if refused else BelowEntry.SCORES_NOTHING
    kept = base.entry if below < base.entry <= least else (0 if low < 0 else least)
    values = [{"points": kept, "below": kind.value}, {"points": base.entry, "below": base.below_entry.value}]
    values += [{"points": p, "below": b.value} for p in sorted({0, below + 1, least}) for b in BelowEntry]
    candidates = [((value,), with_value(base, "entry", value)) for value in values]
    probes = [entry_probe(base, players, points) for points in dict.fromkeys(asked)]
    fits, rules = _fit(asker, ["entry"], base, candidates, probes)
    fits[0].example = f"a first bank of {least} puts the player on the board" + (
        f", of {below} {'is refused' if refused else 'scores nothing'}" if low >= 0 else ""
    )
    return fits, rules


def identify_aside_flow(ask: Ask, asked: str, base: SetAsideRuleset, counts: Sequence[int]) -> FlowIdentification:
    """Replay games to find each flow rule of the set-aside implementation behind ``ask``, asked
    under the ruleset named ``asked``, by one of ``counts`` players (the fewest; the end by two
    at least, where it plays two: a final round needs another player); ``base`` is the asked
    ruleset with the scoring found."""
    players = min(counts)
    several = min((n for n in counts if n >= 2), default=players)
    asker = Asker(ask, asked, reference)
    found = FlowIdentification()
    first = _probe(base, players, [(f"roll {_farkle(base)}",)])
    if asker.answer(first) is None:
        found.not_probed = f"it replays no game ({asker.failure})"
        return found
    rules = base
    set_aside = [((v.value,), with_value(rules, "set_aside", v.value)) for v in SetAsideRule]
    fits, rules = _fit(asker, ["set_aside"], rules, set_aside, set_aside_probes(rules, players))
    found.fits += fits
    fits, rules = _entry(asker, rules, players)
    found.fits += fits
    hot = [((v.value,), with_value(rules, "hot_dice", v.value)) for v in HotDice]
    fits, rules = _fit(asker, ["hot_dice"], rules, hot, hot_dice_probes(rules, players))
    found.fits += fits
    shipped = _shipped(rules)
    penalties: list[Any] = [None]
    points = sorted({p.farkle_penalty.points for p in shipped if p.farkle_penalty} | {500, 1000})
    for farkles, lost, floor in product(PENALTY_FARKLES, points, (0, None)):
        penalties.append({"farkles": farkles, "points": lost, "floor": floor})
    candidates = [((v,), with_value(rules, "farkle_penalty", v)) for v in penalties]
    fits, rules = _fit(asker, ["farkle_penalty"], rules, candidates, penalty_probes(rules, players))
    found.fits += fits
    targets = sorted({each.target for each in shipped} | {rules.target})
    ends = [
        {"target": t, "final_round": f} | ({"exact": True} if exact else {})
        for t, f, exact in product(targets, (False, True), (False, True))
    ]
    candidates = [((v,), with_value(rules, "end", v)) for v in ends]
    fits, rules = _fit(asker, ["end"], rules, candidates, end_probes(rules, several, targets))
    found.fits += fits
    found.fits.append(checks(asker, rules, check_probes(rules, several), _summary))
    return found
