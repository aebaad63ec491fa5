@ten_thousand @source:normative @rulesets-only @ruleset:farkle-five-dice
Feature: Farkles in a row and the roll that wins at once: the edge cases
  Normative cases of the rules farkle_penalty and instant_win, as the ruleset farkle-five-dice
  has them (three farkles in a row cost 500, with no floor; five of a kind on a turn's first roll
  wins). They run under that ruleset only. Each scenario says which rule it pins down.

  @id:ten-thousand-en-two-farkles-cost-nothing @rule:farkle-penalty
  Scenario: Two farkles in a row cost nothing yet
    Pins down: the penalty comes with the third farkle in a row, not before; the count is kept.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    And the player rolls 23462
    And the player rolls 23462
    And the player rolls 23462
    Then player 1 has 1000 points
    And player 1 has 1 farkle in a row
    And player 2 has 2 farkles in a row

  @id:ten-thousand-en-farkles-counted-from-the-start @rule:farkle-penalty
  Scenario: Every player's count of farkles in a row is there from the start, at 0
    Pins down: under a farkle penalty every player has a count of farkles in a row from the game's start, 0 until a farkle, and a bank keeps it at 0.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    Then player 1 has 0 farkles in a row
    And player 2 has 0 farkles in a row

  @id:ten-thousand-en-bank-resets-farkles @rule:farkle-penalty
  Scenario: A turn that banks starts the count of farkles again
    Pins down: farkles count in a row only: any turn that does not farkle sets the count back to 0.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 11123  |
      | set 111     |
      | bank        |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 15234  |
      | set 5       |
      | bank        |
      | roll 23462  |
      | roll 23462  |
    Then player 1 has 1050 points
    And player 1 has 1 farkle in a row
    And player 2 has -500 points
    And player 2 has 0 farkles in a row

  @id:ten-thousand-en-penalty-count-restarts @rule:farkle-penalty
  Scenario: After the penalty the count of farkles starts again
    Pins down: the penalty sets the count back to 0, so two more farkles cost nothing yet.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 11123  |
      | set 111     |
      | bank        |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
    Then player 1 has 500 points
    And player 1 has 2 farkles in a row

  @id:ten-thousand-en-penalty-twice @rule:farkle-penalty
  Scenario: Six farkles in a row cost the penalty twice
    Pins down: each third farkle of a run costs the penalty; the player stays on the board.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 11123  |
      | set 111     |
      | bank        |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
    Then player 1 has 0 points
    And player 1 has 0 farkles in a row
    And player 1 is on the board

  @id:ten-thousand-en-count-kept-within-turn @rule:farkle-penalty
  Scenario: Within a turn the farkles before it still count
    Pins down: only a turn's end changes the count; a roll that scores leaves it as it was until the turn ends.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 15234  |
      | set 5       |
    Then player 1 has 2 farkles in a row
    And the turn stands at 50 points

  @id:ten-thousand-en-instant-win-keeps-scores @rule:instant-win
  Scenario: A roll that wins at once ends the game with the scores as they were
    Pins down: the winning roll scores nothing and banks nothing; the game is over and the roller alone wins.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    And the player rolls 44444
    Then the game is over
    And player 2 wins
    And player 1 has 1000 points
    And player 2 has 0 points

  @id:ten-thousand-en-instant-win-no-more-turns @rule:instant-win
  Scenario: After a roll that wins at once nobody plays on
    Pins down: a win at once ends the game, even where a final round would follow a bank of the target.
    Given a game of 2 players
    When the player rolls 66666
    And the player rolls 11123
    Then the last action is rejected as game-over and changes nothing

  @id:ten-thousand-en-four-of-a-kind-first-roll @rule:instant-win
  Scenario: Four of a kind on a turn's first roll does not win
    Pins down: the instant win needs as many dice of a kind as the ruleset says (five), not fewer.
    Given a game of 2 players
    When the player rolls 22223 and sets aside 2222
    Then the game is not over
    And the turn stands at 1000 points

  @id:ten-thousand-en-instant-win-after-farkle @rule:instant-win
  Scenario: Five of a kind on the next player's first roll wins, after a farkle
    Pins down: each turn's first roll can win at once, whoever throws it.
    Given a game of 2 players
    When the player rolls 23462
    And the player rolls 55555
    Then the game is over
    And player 2 wins

  @id:ten-thousand-en-no-instant-win-after-hot-dice @rule:instant-win
  Scenario: Five of a kind on the roll of all five dice after hot dice does not win
    Pins down: after hot dice the roll of all five dice is not the turn's first roll, so five of a kind there wins nothing.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 115 and sets aside 115
    And the player rolls 33333
    Then the game is not over
    And it is player 1's turn

  @id:ten-thousand-en-instant-win-after-hot-dice-turn @rule:instant-win
  Scenario: The first roll of the turn after a turn with hot dice wins with five of a kind
    Pins down: hot dice in one turn change nothing for the next turn's first roll, which wins with five of a kind.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 115 and sets aside 115
    And the player rolls 23462
    And the player rolls 44444
    Then the game is over
    And player 2 wins

