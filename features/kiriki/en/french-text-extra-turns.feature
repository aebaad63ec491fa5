@kiriki @source:normative @rulesets-only @ruleset:kiriki-fr
Feature: Kiriki as the French text has it: the first kiriki's extra turn, played at the end
  Normative cases of the ruleset kiriki-fr, where every kiriki earns a turn, the first too. As
  in the reference, the extra turns come at the end of the game, so the first kiriki's turn
  finds every row full. They run under kiriki-fr only: under the reference, the first kiriki
  earns no turn and the game ends when the last row is filled.

  @id:kiriki-en-fr-extra-turn-with-a-full-sheet @gap @rule:extra-turns
  Scenario: With every row full, the extra turn of a first kiriki ends without a score
    Pins down: under kiriki-fr a player whose first kiriki earned a turn plays it after filling the 13 rows; a roll that is not a five of a kind scores nowhere, so the turn ends without a score and the game is over.
    Given a game of 1 player
    When these turns are played:
      | dice  | row             |
      | 11111 | kiriki          |
      | 11123 | ones            |
      | 22213 | twos            |
      | 33312 | threes          |
      | 44412 | fours           |
      | 55512 | fives           |
      | 66612 | sixes           |
      | 14121 | three_of_a_kind |
      | 41444 | four_of_a_kind  |
      | 11212 | full_house      |
      | 14312 | small_straight  |
      | 34152 | large_straight  |
      | 21526 | chance          |
    And the player rolls 12345
    And the player ends the turn without a score
    Then the game is over
    And player 1 has played 14 turns
    And player 1 has earned 1 extra turn
    And player 1 has 50 in "kiriki"
    And player 1 has 275 in "grand_total"

  @id:kiriki-en-fr-extra-turn-scores-no-filled-row @gap @rule:extra-turns
  Scenario: The extra turn played with every row full scores in no filled row
    Pins down: under kiriki-fr the first kiriki's extra turn, played with every row full, may not score a roll in a filled row.
    Given a game of 1 player
    When these turns are played:
      | dice  | row             |
      | 11111 | kiriki          |
      | 11123 | ones            |
      | 22213 | twos            |
      | 33312 | threes          |
      | 44412 | fours           |
      | 55512 | fives           |
      | 66612 | sixes           |
      | 14121 | three_of_a_kind |
      | 41444 | four_of_a_kind  |
      | 11212 | full_house      |
      | 14312 | small_straight  |
      | 34152 | large_straight  |
      | 21526 | chance          |
    And the player rolls 66612
    And the player scores "chance"
    Then the last action is rejected as row-used and changes nothing

  @id:kiriki-en-fr-kiriki-in-the-last-extra-turn @gap @rule:extra-turns
  Scenario: A kiriki rolled in the extra turn at the end adds 50 and earns one more turn
    Pins down: under kiriki-fr the first kiriki's extra turn is a normal turn: a five of a kind rolled in it adds 50 to the kiriki cell and earns another turn, which may end without a score.
    Given a game of 1 player
    When these turns are played:
      | dice  | row             |
      | 11111 | kiriki          |
      | 11123 | ones            |
      | 22213 | twos            |
      | 33312 | threes          |
      | 44412 | fours           |
      | 55512 | fives           |
      | 66612 | sixes           |
      | 14121 | three_of_a_kind |
      | 41444 | four_of_a_kind  |
      | 11212 | full_house      |
      | 14312 | small_straight  |
      | 34152 | large_straight  |
      | 21526 | chance          |
      | 44444 | kiriki          |
    And the player rolls 12345
    And the player ends the turn without a score
    Then the game is over
    And player 1 has played 15 turns
    And player 1 has earned 2 extra turns
    And player 1 has 100 in "kiriki"

  @id:kiriki-en-fr-extra-turn-ended-before-another @gap @rule:extra-turns
  Scenario: An extra turn ended without a score passes the dice to a player who still has one
    Pins down: under kiriki-fr, with two players who each earned a turn with a first kiriki, the first to play that turn at the end and end it without a score leaves the game to go on: it is the other player's extra turn, and nobody has won yet.
    Given a game of 2 players
    When these turns are played:
      | dice  | row             |
      | 11111 | kiriki          |
      | 11111 | kiriki          |
      | 11123 | ones            |
      | 11123 | ones            |
      | 22213 | twos            |
      | 22213 | twos            |
      | 33312 | threes          |
      | 33312 | threes          |
      | 44412 | fours           |
      | 44412 | fours           |
      | 55512 | fives           |
      | 55512 | fives           |
      | 66612 | sixes           |
      | 66612 | sixes           |
      | 14121 | three_of_a_kind |
      | 14121 | three_of_a_kind |
      | 41444 | four_of_a_kind  |
      | 41444 | four_of_a_kind  |
      | 11212 | full_house      |
      | 11212 | full_house      |
      | 14312 | small_straight  |
      | 14312 | small_straight  |
      | 34152 | large_straight  |
      | 34152 | large_straight  |
      | 21526 | chance          |
      | 21526 | chance          |
    And the player rolls 12345
    And the player ends the turn without a score
    Then the game is not over
    And it is player 2's turn
