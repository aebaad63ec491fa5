@kniffel @source:normative
Feature: Kniffel: the course of a game under every ruleset of the game
  Normative cases of the rules every Kniffel ruleset shares about the course of a game: whose turn
  it is, whose sheet a score goes on, and what a turn may do. They run under each ruleset of the
  game. Each scenario says which rule it pins down.

  @id:kniffel-en-course-turn-passes @rule:players
  Scenario: In Kniffel, the turn passes on after each score, from the last player to the first
    Pins down: the players take their turns in a fixed order, one score a turn.
    Given a game of 3 players
    When the player rolls 11123 and scores "ones"
    Then it is player 2's turn
    When the player rolls 22213 and scores "twos"
    And the player rolls 33312 and scores "threes"
    Then it is player 1's turn
    And player 1 has played 1 turn
    And player 3 has played 1 turn

  @id:kniffel-en-course-own-sheet @rule:players
  Scenario: In Kniffel, each player fills a sheet of their own
    Pins down: a row one player has filled is still open on the next player's sheet.
    Given a game of 2 players
    When the player rolls 11123 and scores "ones"
    And the player rolls 11123 and scores "ones"
    Then player 1 has 3 in "ones"
    And player 2 has 3 in "ones"
    And it is player 1's turn

  @id:kniffel-en-course-next-player-rolls-first @rule:players
  Scenario: In Kniffel, the next player's turn starts with no dice rolled
    Pins down: the dice of one player's turn are not the next player's; the next player must roll before scoring.
    Given a game of 2 players
    When the player rolls 11123 and scores "ones"
    And the player scores "twos"
    Then the last action is rejected as not-rolled and changes nothing

  @id:kniffel-en-course-score-before-roll @rule:turns
  Scenario: In Kniffel, a score before the turn's first roll is refused
    Pins down: a turn scores the dice it rolled; before the first roll there are none.
    Given a game of 1 player
    When the player scores "ones"
    Then the last action is rejected as not-rolled and changes nothing

  @id:kniffel-en-course-second-first-roll @rule:turns
  Scenario: In Kniffel, a turn's first roll is made once; after it, the player rerolls
    Pins down: once the dice are rolled, rolling all of them again is no reroll of chosen dice, and is refused.
    Given a game of 1 player
    When the player rolls 11234
    And the player rolls 55555
    Then the last action is rejected as already-rolled and changes nothing

  @id:kniffel-en-course-reroll-keeps-the-others @rule:turns
  Scenario: In Kniffel, a reroll throws only the dice named
    Pins down: the dice not named in a reroll keep their faces.
    Given a game of 1 player
    When the player rolls 11234
    And the player rerolls dice 4 and 5 and gets 66
    Then the dice now show 11266
