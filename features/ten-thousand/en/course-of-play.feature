@ten_thousand @source:normative @ruleset:farkle @ruleset:farkle-linear @ruleset:ten-thousand-exact
Feature: 10000: the course of a game under every six-dice ruleset of the game
  Normative cases of the rules every six-dice ruleset of the game shares about the course of a
  game: whose turn it is, whose score a bank goes to, and hot dice. They run under each of them (farkle-five-dice, of five dice, has its own).
  Each scenario says which rule it pins down.

  @id:ten-thousand-en-course-bank-passes-the-turn @rule:players
  Scenario: In 10000, after a bank the turn passes to the next player
    Pins down: a bank ends the turn; the banked points are the player's own.
    Given a game of 2 players
    When the player rolls 111234 and sets aside 111
    And the player rolls 155 and sets aside 155
    And the player banks
    Then player 1 has 1200 points
    And player 2 has 0 points
    And it is player 2's turn

  @id:ten-thousand-en-course-farkle-passes-the-turn @rule:players
  Scenario: In 10000, the turn passes on after each farkle, from the last player to the first
    Pins down: the players take their turns in a fixed order, whether a turn banks or farkles.
    Given a game of 3 players
    When the player rolls 234662
    Then it is player 2's turn
    When the player rolls 234662
    And the player rolls 234662
    Then it is player 1's turn
    And player 1 has 0 points

  @id:ten-thousand-en-course-own-score @rule:players
  Scenario: In 10000, each player's score is their own
    Pins down: a player's farkle takes nothing from another player's banked score.
    Given a game of 2 players
    When the player rolls 111234 and sets aside 111
    And the player rolls 155 and sets aside 155
    And the player banks
    And the player rolls 234662
    Then player 1 has 1200 points
    And player 2 has 0 points
    And it is player 1's turn

  @id:ten-thousand-en-course-hot-dice-carry-on @rule:hot-dice
  Scenario: In 10000, after hot dice the turn's points carry on into the roll of all six dice
    Pins down: hot dice start no new turn: what the next roll scores is added to the turn's points.
    Given a game of 1 player
    When the player rolls 111234 and sets aside 111
    And the player rolls 155 and sets aside 155
    And the player rolls 122346 and sets aside 1
    Then the turn stands at 1300 points
    And the player has 5 dice to roll

  @id:ten-thousand-en-course-hot-dice-bank @rule:hot-dice
  Scenario: In 10000, after hot dice the player may bank
    Pins down: hot dice give the right to roll all six dice again, not the duty.
    Given a game of 1 player
    When the player rolls 111234 and sets aside 111
    And the player rolls 155 and sets aside 155
    And the player banks
    Then player 1 has 1200 points

  @id:ten-thousand-en-course-hot-dice-farkle @rule:hot-dice
  Scenario: In 10000, a farkle after hot dice loses the turn's points
    Pins down: the points of a turn that went on after hot dice are lost to a farkle like any others.
    Given a game of 1 player
    When the player rolls 111234 and sets aside 111
    And the player rolls 155 and sets aside 155
    And the player rolls 234662
    Then player 1 has 0 points
    And player 1 has played 1 turn
