"""pyhtzee (a Yahtzee engine, a Python package, MIT) behind dicespec's interface: the score of a
roll in a row from the package's scoring functions, and replayed games through its own game
engine with the replay's dice injected.

    dicespec conform --python examples.adapters.pyhtzee:implementation

**Scoring** runs under ``kiriki`` (whose rows score a roll as Yahtzee's do), both Yahtzee
rulesets (a roll's score in a row does not depend on the joker rule) and ``yatzy``.

**Replays** run pyhtzee's ``Pyhtzee`` game under its free-choice joker rule (``yahtzee-free-joker``)
and its Yatzy rule (``yatzy``). The dice are injected through the game's own seam: its random
source is its ``rnd`` attribute, which the adapter replaces with a script of the dice the replay
names; a ``roll`` is the game's public ``roll_dice`` of all five dice, a ``reroll`` its reroll
action, a ``score`` its category action. pyhtzee refuses an action without saying why, so the
adapter names the refusal from the action refused: a reroll after the last roll is
``no-rolls-left``, a score in a filled row ``row-used``. The package is neither copied nor
changed.

What it does not play is skipped, with the reason: games of more than one player (pyhtzee plays
solitaire: ``players`` says so, and the runner replays solitaire games only), Kiriki's repeat
kirikis and the publisher's forced joker (pyhtzee has neither).

What its engine cannot be asked raises :class:`~dicespec.implementation.CannotAsk`, with the
reason (the case is skipped as not askable, apart from what is not supported): a turn that scores
or rerolls before its roll, a second roll in a turn, a roll of other than five dice of 1 to 6,
``end``, an empty or out-of-range reroll, a score in a derived line, and anything after the last
turn. pyhtzee rolls on its own at the start of a turn and has no such actions to refuse.
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

from dicespec.implementation import CannotAsk
from examples.adapters._base import Adapter, faces

REPLAYED = {"yahtzee-free-joker": "YAHTZEE_FREE_CHOICE_JOKER", "yatzy": "YATZY"}  # ruleset → its pyhtzee Rule


class _ScriptedDice:
    """pyhtzee's random source, replaced: ``choice`` gives the replay's dice in order (and a 1
    for a roll the replay names no dice for, the game's own roll at the start of a turn, which
    the replay's ``roll`` then throws again)."""

    def __init__(self) -> None:
        self.values: deque[int] = deque()

    def choice(self, faces_: list[int]) -> int:
        return self.values.popleft() if self.values else faces_[0]


class Pyhtzee(Adapter):
    name = "pyhtzee"
    package = "pyhtzee"
    rulesets: ClassVar[dict[str, list[str]]] = {
        "kiriki": ["kiriki"],
        "yahtzee": ["yahtzee", "yahtzee-free-joker"],
        "yatzy": ["yatzy"],
    }
    players: ClassVar[dict[str, list[int]]] = {"yahtzee": [1], "yatzy": [1]}  # its game is solitaire

    def __init__(self) -> None:
        from pyhtzee import Pyhtzee as Game
        from pyhtzee.classes import Category, Rule

        upper = {
            "ones": Category.ACES,
            "twos": Category.TWOS,
            "threes": Category.THREES,
            "fours": Category.FOURS,
            "fives": Category.FIVES,
            "sixes": Category.SIXES,
        }
        yahtzee = {
            **upper,
            "three_of_a_kind": Category.THREE_OF_A_KIND,
            "four_of_a_kind": Category.FOUR_OF_A_KIND,
            "full_house": Category.FULL_HOUSE,
            "small_straight": Category.SMALL_STRAIGHT,
            "large_straight": Category.LARGE_STRAIGHT,
            "chance": Category.CHANCE,
        }
        yatzy = {**yahtzee, "one_pair": Category.ONE_PAIR, "two_pairs": Category.TWO_PAIRS, "yatzy": Category.YAHTZEE}
        self._categories = {
            "kiriki": {**yahtzee, "kiriki": Category.YAHTZEE},
            "yahtzee": {**yahtzee, "yahtzee": Category.YAHTZEE},
            "yatzy": yatzy,
        }
        self._rule = {"kiriki": Rule.YAHTZEE, "yahtzee": Rule.YAHTZEE, "yatzy": Rule.YATZY}
        self._game = {ruleset: game for game, names in self.rulesets.items() for ruleset in names}
        self._score = {
            game: _scorer(Game, self._rule[game], categories) for game, categories in self._categories.items()
        }
        self._game_class, self._category = Game, Category
        self._replay_rule = {ruleset: Rule[rule] for ruleset, rule in REPLAYED.items()}

    def score(self, ruleset: str, dice: str, row: str) -> int:
        return self._score[self._game[ruleset]][row](faces(dice))

    # -- replays -------------------------------------------------------------------------------

    def replay(self, ruleset: str, players: int, actions: list[str]) -> dict[str, Any]:
        if ruleset not in REPLAYED:
            raise NotImplementedError(
                f"pyhtzee has no game with the rules of {ruleset} (no repeat kirikis, no forced joker)"
            )
        if players != 1:
            raise NotImplementedError("pyhtzee plays solitaire")
        from pyhtzee.classes import PyhtzeeException
        from pyhtzee.utils import category_to_action_map, dice_roll_to_action_map

        from dicespec import find_ruleset

        rules = find_ruleset(ruleset)
        game = self._game_class(seed=1, rule=self._replay_rule[ruleset])
        script = _ScriptedDice()
        game.rnd = script  # the seam: the game's random source
        categories = self._categories[self._game[ruleset]]
        rows = len(rules.row_ids)
        rolled, rolls, rejected = False, 0, None
        for at, action in enumerate(actions):
            verb, _, rest = action.partition(" ")
            if game.round >= rows:
                raise CannotAsk("pyhtzee's game is over after its last turn: it cannot be asked anything more")
            if verb == "roll":
                if rolled:
                    raise CannotAsk("pyhtzee rolls on its own once at a turn's start: a second roll cannot be asked")
                if not _dice(rest, 5):
                    raise CannotAsk("pyhtzee rolls five dice of 1 to 6 itself: a roll of other dice cannot be asked")
                script.values.extend(faces(rest))
                game.roll_dice(True, True, True, True, True)
                rolled, rolls = True, 1
            elif verb == "reroll":
                where, _, values = rest.partition("=")
                positions = [int(p) - 1 for p in where.split(",") if p.strip()]
                if (
                    not rolled
                    or not positions
                    or len(set(positions)) != len(positions)
                    or not all(0 <= p < 5 for p in positions)
                    or not _dice(values, len(positions))
                ):
                    raise CannotAsk(
                        "pyhtzee cannot be asked this reroll (before the roll, of no dice, of dice "
                        "that are not there, or to other values than 1 to 6)"
                    )
                script.values.extend(value for _, value in sorted(zip(positions, faces(values), strict=True)))
                try:
                    game.take_action(dice_roll_to_action_map[tuple(i in positions for i in range(5))])
                except PyhtzeeException:
                    rejected = {"at": at, "code": "no-rolls-left"}
                    break
                rolls += 1
            elif verb == "score":
                if not rolled or rest not in categories:
                    raise CannotAsk(
                        "pyhtzee cannot be asked to score before the turn's roll, or in a line that is no row"
                    )
                try:
                    game.take_action(category_to_action_map[categories[rest]])
                except PyhtzeeException:
                    rejected = {"at": at, "code": "row-used"}
                    break
                rolled, rolls = False, 0
            else:
                raise CannotAsk(f"pyhtzee has no action {verb!r} (a turn ends when it scores)")
        return self._answer(game, rules, categories, rolled, rolls, rejected)

    def _answer(
        self,
        game: Any,
        rules: Any,
        categories: dict[str, Any],
        rolled: bool,
        rolls: int,
        rejected: dict[str, Any] | None,
    ) -> dict[str, Any]:
        """The protocol's answer from pyhtzee's score card (its totals added up as the sheet shows them)."""
        Category = self._category
        lines: dict[str, int | None] = {row: game.scores.get(categories[row]) for row in rules.row_ids}
        bonus = game.scores.get(Category.UPPER_SECTION_BONUS, 0)
        upper = sum(lines[row] or 0 for row in rules.upper_rows) + bonus
        extra = game.scores.get(Category.YAHTZEE_BONUS, 0)
        lower = sum(lines[row] or 0 for row in rules.lower_rows) + extra
        derived = {"bonus": bonus, "upper_total": upper, "lower_total": lower, "grand_total": upper + lower}
        if rules.bonus_line:
            derived[rules.bonus_line] = extra
        sheet = {line: derived[line] if line in derived else lines[line] for line in rules.lines}
        over = game.is_finished()
        return {
            "players": [{"lines": sheet, "turns_taken": game.round, "extra_turns": 0}],
            "over": over,
            "current": 0,
            "dice": "".join(map(str, game.dice)) if rolled else None,
            "rolls": rolls,
            "winners": [0] if over else [],  # solitaire: the one player has the highest total
            "rejected": rejected,
        }


def _dice(text: str, count: int) -> bool:
    """Are ``text``'s characters ``count`` dice of 1 to 6?"""
    return len(text) == count and all(c in "123456" for c in text)


def _scorer(game_class: Any, rule: Any, categories: dict[str, Any]) -> dict[str, Any]:
    game = game_class(seed=1, rule=rule)  # its scoring functions, bound to the rule
    return {row: game.scoring_functions[category] for row, category in categories.items()}


implementation = Pyhtzee()
