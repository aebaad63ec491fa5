@ten_thousand @source:normative @rulesets-only @ruleset:farkle @ruleset:farkle-linear
Feature: Farkle: the entry and the final round
  Normative cases of the two Farkle tables (farkle and farkle-linear), which share their entry
  (500, a smaller first bank is refused) and their end (a final round after a bank reaches 10000).
  They do not hold under the ruleset ten-thousand, so they run under the Farkle tables only.

  @id:ten-thousand-en-farkle-final-round @rule:end
  Scenario: After a bank reaches the target, every other player has one more turn
    Pins down: reaching the target starts a final round; the game ends when it has gone round once.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | bank        |
    Then the game is not over
    And it is player 2's turn

  @id:ten-thousand-en-farkle-final-round-ends @rule:end
  Scenario: The game ends after the final round, and the highest score wins
    Pins down: after every other player's last turn the game is over; the highest score wins.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | bank        |
      | roll 111234 |
      | set 111     |
      | bank        |
    Then the game is over
    And player 1 wins
    And player 2 has 1000 points

  @id:ten-thousand-en-farkle-final-round-overtaken @rule:end
  Scenario: A player who passes the leader in the final round wins
    Pins down: reaching the target first does not win; the highest score after the final round does.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | bank        |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 5       |
      | bank        |
    Then the game is over
    And player 2 wins
    And player 2 has 10050 points

  @id:ten-thousand-en-farkle-final-round-tie @rule:end
  Scenario: Equal highest scores after the final round share the win
    Pins down: ties are not broken: every player with the highest score wins.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | bank        |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | bank        |
    Then the game is over
    And players 1 and 2 share the win

  @id:ten-thousand-en-farkle-final-round-no-second-turn @rule:end
  Scenario: The player who reached the target plays no turn in the final round
    Pins down: the final round gives one turn to each other player, in order, and then the game ends.
    Given a game of 3 players
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | bank        |
      | roll 111234 |
      | set 111     |
      | bank        |
      | roll 111234 |
      | set 111     |
      | bank        |
    Then the game is over
    And player 1 has played 1 turns
    And player 3 has 1000 points
    And player 1 wins

  @id:ten-thousand-en-farkle-final-round-last-player @rule:end
  Scenario: When the last player reaches the target, the first players play once more
    Pins down: the final round goes on in turn order from the player after the one who reached the target.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | bank        |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | bank        |
      | roll 234662 |
    Then the game is over
    And player 2 wins
    And player 1 has played 2 turns

  @id:ten-thousand-en-farkle-entry-refused @rule:entry
  Scenario: A first bank below 500 is refused
    Pins down: a player not yet on the board may not bank less than 500; they roll on or farkle.
    Given a game of 1 player
    When the player rolls 555234 and sets aside 5
    And the player rolls 23456 and sets aside 5
    And the player banks
    Then the last action is rejected as below-entry and changes nothing

  @id:ten-thousand-en-farkle-entry-then-any-bank @rule:entry
  Scenario: Once on the board, a Farkle player may bank any score
    Pins down: the 500 minimum applies to the entry turn only.
    Given a game of 1 player
    When the player rolls 555234 and sets aside 555
    And the player banks
    And the player rolls 523466 and sets aside 5
    And the player banks
    Then player 1 has 550 points

  @id:ten-thousand-en-farkle-straight @rule:straights
  Scenario: A 1-6 straight scores 1500, and a 1-5 run is no straight
    Pins down: the Farkle tables' one straight is all six faces in one roll.
    Then setting aside 123456 scores 1500
    And setting aside 12345 is refused as not-scoring
