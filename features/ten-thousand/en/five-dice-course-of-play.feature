@ten_thousand @source:normative @rulesets-only @ruleset:farkle-five-dice
Feature: Farkle with five dice: the course of a game
  Normative cases of the course of a game under the ruleset farkle-five-dice (five dice, two
  players at least): whose turn it is, whose score a bank goes to, what a turn may do, and hot
  dice. Each scenario says which rule it pins down.

  @id:ten-thousand-en-five-course-bank-passes-the-turn @rule:players
  Scenario: With five dice, after a bank the turn passes to the next player
    Pins down: a bank ends the turn; the banked points are the player's own.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    Then player 1 has 1000 points
    And player 2 has 0 points
    And it is player 2's turn

  @id:ten-thousand-en-five-course-farkle-passes-the-turn @rule:players
  Scenario: With five dice, after a farkle the turn passes on, and after the last back to the first
    Pins down: the players take their turns in a fixed order, whether a turn banks or farkles.
    Given a game of 3 players
    When the player rolls 23462
    Then it is player 2's turn
    When the player rolls 23462
    And the player rolls 23462
    Then it is player 1's turn

  @id:ten-thousand-en-five-course-own-score @rule:players
  Scenario: With five dice, each player's score is their own
    Pins down: a player's farkle takes nothing from another player's banked score.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    And the player rolls 23462
    Then player 1 has 1000 points
    And player 2 has 0 points
    And it is player 1's turn

  @id:ten-thousand-en-five-course-set-aside-before-rolling @rule:turn
  Scenario: With five dice, a roll with no die set aside from the last one is refused
    Pins down: after a roll that scores, the player sets aside scoring dice before rolling the rest.
    Given a game of 2 players
    When the player rolls 15234
    And the player rolls 1234
    Then the last action is rejected as must-set-aside and changes nothing

  @id:ten-thousand-en-five-course-hot-dice @rule:hot-dice
  Scenario: With five dice, when all five have scored the player rolls all five again
    Pins down: hot dice: the five dice of the turn scored over two rolls, all five are rolled again.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 115 and sets aside 115
    Then the turn stands at 400 points
    And the player has 5 dice to roll

  @id:ten-thousand-en-five-course-hot-dice-carry-on @rule:hot-dice
  Scenario: With five dice, after hot dice the turn's points carry on
    Pins down: hot dice start no new turn: what the next roll scores is added to the turn's points.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 115 and sets aside 115
    And the player rolls 12346 and sets aside 1
    Then the turn stands at 500 points
    And the player has 4 dice to roll

  @id:ten-thousand-en-five-course-hot-dice-farkle @rule:hot-dice
  Scenario: With five dice, a farkle after hot dice loses the turn's points
    Pins down: the points of a turn that went on after hot dice are lost to a farkle like any others.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 115 and sets aside 115
    And the player rolls 23462
    Then player 1 has 0 points
    And it is player 2's turn
