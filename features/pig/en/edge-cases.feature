@pig @source:normative
Feature: Pig: the edge cases that tell a right implementation from a nearly right one
  Normative cases of the ruleset pig (Wikipedia's "Pig (dice game)", with the choices recorded in
  its gaps). Each scenario says which rule it pins down.

  # -- one die, always set aside --------------------------------------------------------------

  @rule:singles
  Scenario Outline: A roll of one die scores its face, but a 1 scores nothing
    Given the dice show <dice>
    Then the most the dice can score is <points>

    Examples: Every face
      Pins down: singles [0, 2, 3, 4, 5, 6]: a 2 to 6 scores its face, a 1 nothing.
      | id                 | dice | points |
      | pig-en-best-of-1   | 1    | 0      |
      | pig-en-best-of-2   | 2    | 2      |
      | pig-en-best-of-3   | 3    | 3      |
      | pig-en-best-of-4   | 4    | 4      |
      | pig-en-best-of-5   | 5    | 5      |
      | pig-en-best-of-6   | 6    | 6      |

  @id:pig-en-two-dice-refused @rule:refused
  Scenario: A throw of two dice is refused
    Pins down: dice 1: a turn throws one die, and again after it is set aside.
    Given a game of 2 players
    When the player rolls 56
    Then the last action is rejected as bad-dice and changes nothing

  @id:pig-en-roll-again-before-setting-aside-refused @rule:refused
  Scenario: Rolling again before the die is set aside is refused
    Pins down: the scoring die is set aside before the next choice, as every roll of the family.
    Given a game of 2 players
    When the player rolls 5
    And the player rolls 3
    Then the last action is rejected as must-set-aside and changes nothing

  @id:pig-en-hold-before-rolling-refused @rule:refused
  Scenario: Holding before the first roll of a turn is refused
    Pins down: a turn starts with a roll; there is nothing to hold before it.
    Given a game of 2 players
    When the player banks
    Then the last action is rejected as not-rolled and changes nothing

  @id:pig-en-the-die-again-after-every-roll @rule:hot-dice
  Scenario: After every scoring roll the one die is in hand again
    Pins down: hot_dice optional: with its one die set aside the player rolls it again or holds.
    Given a game of 2 players
    When the player rolls 2 and sets aside 2
    And the player rolls 2 and sets aside 2
    And the player rolls 2 and sets aside 2
    Then the player has 1 die to roll
    And the turn stands at 6 points

  # -- a 1 loses the turn, never the score ----------------------------------------------------

  @id:pig-en-a-one-keeps-the-score @rule:farkle
  Scenario: A 1 loses the turn's points, not the points held before
    Pins down: a 1 is a roll with no scoring die: the turn's points go, the score stays.
    Given a game of 2 players
    When these actions are played:
      | action |
      | roll 6 |
      | set 6  |
      | bank   |
      | roll 1 |
      | roll 3 |
      | set 3  |
      | roll 1 |
    Then player 1 has 6 points
    And player 2 has 0 points
    And it is player 2's turn

  @id:pig-en-a-first-roll-of-one @rule:farkle
  Scenario: A 1 on the turn's first roll ends it at once
    Pins down: no entry and no minimum: a 1 at once passes the die.
    Given a game of 3 players
    When the player rolls 1
    Then player 1 has 0 points
    And player 1 has played 1 turn
    And it is player 2's turn

  @id:pig-en-no-farkles-counted @rule:farkle
  Scenario: No 1s in a row are counted
    Pins down: no farkle penalty: 1s in a row cost nothing more.
    Given a game of 2 players
    When these actions are played:
      | action |
      | roll 1 |
      | roll 1 |
      | roll 1 |
    Then no farkles in a row are counted
    And player 2 has 0 points

  # -- the end --------------------------------------------------------------------------------

  @id:pig-en-99-does-not-end @rule:end
  Scenario: A score of 99 does not end the game
    Pins down: end target 100: one below it plays on.
    Given a game of 2 players
    When these actions are played:
      | action |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 3 |
      | set 3  |
      | bank   |
    Then player 1 has 99 points
    And the game is not over
    And it is player 2's turn

  @id:pig-en-past-100-wins @rule:end
  Scenario: A hold past 100 wins as one at 100 does
    Pins down: end exact false: passing the target wins, its points counted.
    Given a game of 2 players
    When these actions are played:
      | action |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | bank   |
    Then player 1 has 102 points
    And the game is over
    And player 1 wins

  @id:pig-en-no-last-turn @rule:end
  Scenario: The others get no last turn once a player reaches 100
    Pins down: end final_round false: the game is over at once, and a roll after it is refused.
    Given a game of 2 players
    When these actions are played:
      | action |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 4 |
      | set 4  |
      | bank   |
      | roll 5 |
    Then the last action is rejected as game-over and changes nothing

  @id:pig-en-second-player-wins @rule:end
  Scenario: The second player wins by reaching 100 first
    Pins down: the first to 100 wins, whoever started.
    Given a game of 2 players
    When these actions are played:
      | action |
      | roll 1 |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 4 |
      | set 4  |
      | bank   |
    Then the game is over
    And player 2 wins
    And player 1 has 0 points

  # -- the course of a game: players, and the die in hand again ---------------------------------

  @id:pig-en-hold-passes-the-turn @rule:players
  Scenario: After a hold the turn passes to the next player
    Pins down: holding ends the turn; the turn's points become the player's own score.
    Given a game of 2 players
    When the player rolls 4 and sets aside 4
    And the player banks
    Then player 1 has 4 points
    And player 2 has 0 points
    And it is player 2's turn

  @id:pig-en-a-one-passes-the-turn @rule:players
  Scenario: After a 1 the turn passes on, and after the last player back to the first
    Pins down: the players take their turns in a fixed order, whether a turn holds or rolls a 1.
    Given a game of 3 players
    When the player rolls 1
    Then it is player 2's turn
    When the player rolls 1
    And the player rolls 1
    Then it is player 1's turn

  @id:pig-en-own-score @rule:players
  Scenario: Each player's score is their own
    Pins down: a player's 1 takes nothing from another player's score.
    Given a game of 2 players
    When the player rolls 6 and sets aside 6
    And the player banks
    And the player rolls 1
    Then player 1 has 6 points
    And player 2 has 0 points
    And it is player 1's turn

  @id:pig-en-hold-after-the-die-is-in-hand @rule:hot-dice
  Scenario: With the die in hand again the player may hold
    Pins down: hot_dice optional: the die set aside, the player holds rather than rolls.
    Given a game of 2 players
    When the player rolls 3 and sets aside 3
    And the player rolls 5 and sets aside 5
    And the player banks
    Then player 1 has 8 points

  @id:pig-en-a-one-after-the-die-is-in-hand @rule:hot-dice
  Scenario: A 1 on a roll of the die in hand again loses the turn's points
    Pins down: the turn's points, carried from roll to roll, are lost to a 1 like any others.
    Given a game of 2 players
    When the player rolls 3 and sets aside 3
    And the player rolls 5 and sets aside 5
    And the player rolls 1
    Then player 1 has 0 points
    And it is player 2's turn
