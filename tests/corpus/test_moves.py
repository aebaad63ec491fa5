"""The replayed games as moves (:mod:`dicespec.corpus.moves`): the games an engine that rolls its
own dice plays are the replayed games' (as many, of as many players, by the same policies), the
reference follows each with the dice sent in as a replay of the same actions would, the probes are
refused as a replay refuses them, and the rules that only particular dice bring up are counted as
they come up."""

from __future__ import annotations

import random
from itertools import cycle

import pytest

from dicespec import corpus
from dicespec.corpus.moves import Move, OwnDiceGame, own_notation, play_out
from dicespec.implementation import ReferenceImplementation
from dicespec.rulesets import find_ruleset

REFERENCE = ReferenceImplementation()
RULESETS = {"yahtzee": ["yahtzee"], "greed": ["greed"], "generala": ["generala-first-roll-10"]}


def test_the_notation_of_a_move_leaves_its_dice_out() -> None:
    assert [own_notation(a) for a in ("roll 12345", "reroll 1,2=66", "reroll =", "score chance", "set 15", "bank")] == [
        "roll",
        "reroll 1,2",
        "reroll",
        "score chance",
        "set 15",
        "bank",
    ]
    assert Move("roll", 5).thrown("66616") == "roll 66616"
    assert Move("reroll 1,3", 2, (0, 2)).thrown("66") == "reroll 1,3=66"
    assert Move("bank").probe is False and Move("bank", refusals=("not-rolled",)).probe is True


def test_the_own_dice_games_are_the_replayed_games_as_many_of_as_many_players() -> None:
    """Game by game: the same number, players and policy as the replayed game of that index."""
    own = list(corpus.own_dice_games(RULESETS, count=12))
    replayed: dict[str, corpus.Case] = {}
    for case in corpus.games(RULESETS, count=12):
        replayed.setdefault(case.id.rsplit("/", 2)[0] + "/" + case.id.rsplit("/", 2)[1], case)
    assert len(own) == len(replayed) == 3 * 12
    for game in own:
        case = replayed[game.id.replace("/own-dice/", "/game/")]
        assert (game.ruleset, game.row, game.players) == (case.ruleset, case.row, case.args["players"])
        assert game.kind == case.kind + " (own dice)"


def throwing(game: OwnDiceGame, dice: random.Random) -> list[tuple[Move, object, str | None]]:
    """Play a game with random dice: each move, the reference's answer after it (a probe's: the
    state unchanged), and the dice thrown."""
    played: list[tuple[Move, object, str | None]] = []
    move = next(game.moves, None)
    while move is not None:
        thrown = "".join(str(dice.randint(1, 6)) for _ in range(move.throws)) if move.throws else None
        try:
            following = game.moves.send(thrown)
        except StopIteration:
            following = None
        after = move.after if not move.throws else (game.final() if following is None else following.before)
        played.append((move, game.answer(after), thrown))
        move = following
    return played


@pytest.mark.parametrize("ruleset", ["yahtzee", "greed", "generala-first-roll-10"])
def test_the_reference_follows_the_dice_as_a_replay_of_the_same_actions(ruleset: str) -> None:
    """After every move, the reference's answer is a replay's of the actions so far, the dice
    written as they were thrown; a probe is refused there for the reasons a replay gives."""
    rules = find_ruleset(ruleset)
    probes = 0
    for game in corpus.own_dice_games({rules.game: [ruleset]}, count=4):
        actions: list[str] = []
        for move, answer, thrown in throwing(game, random.Random(game.id)):
            if move.probe:
                probes += 1
                asked = [*actions, move.action]
                if not move.action.startswith(("roll", "reroll")):  # these a replay writes with dice
                    assert tuple(REFERENCE.replay_refusals(ruleset, game.players, asked)) == move.refusals
                    refused = REFERENCE.replay(ruleset, game.players, asked)["rejected"]
                    assert refused == {"at": len(actions), "code": move.refusals[0]}
                assert answer == REFERENCE.replay(ruleset, game.players, actions), (game.id, move)
                continue
            actions.append(move.thrown(thrown) if thrown is not None else move.action)
            assert answer == REFERENCE.replay(ruleset, game.players, actions), (game.id, actions[-3:])
        assert actions == game.actions
    assert probes


def test_the_rules_that_need_particular_dice_are_counted_as_they_come_up() -> None:
    """A game of Yahtzee whose every throw shows all sixes makes five of a kind, then repeats it,
    then plays it as a joker; a game of Greed whose every throw shows ones has hot dice every turn."""
    assert corpus.chance_rules(find_ruleset("yahtzee")) == (
        "upper_bonus",
        "five_of_a_kind",
        "five_of_a_kind.repeat",
        "joker",
    )
    assert corpus.chance_rules(find_ruleset("yacht")) == ()
    sixes = next(iter(corpus.own_dice_games({"yahtzee": ["yahtzee"]}, count=1)))
    play_out(sixes.moves, lambda n: "6" * n)
    assert 1 <= sixes.came_up["five_of_a_kind"] <= sixes.players and sixes.came_up["five_of_a_kind.repeat"] >= 1
    assert sixes.came_up["joker"] >= 1
    ones = next(iter(corpus.own_dice_games({"greed": ["greed"]}, count=1)))
    faces = cycle("1")
    play_out(ones.moves, lambda n: "".join(next(faces) for _ in range(n)))
    assert ones.came_up["hot_dice"] >= 1 and set(ones.came_up) <= set(corpus.chance_rules(find_ruleset("greed")))
