@kiriki @source:normative
Feature: Kiriki turns and games: rolls, rerolls, scoring, turn order, the end, and every illegal action
  Normative cases of the turn and game rules of KDE Kiriki. An illegal action is refused with a
  stable code and leaves the game exactly as it was.

  @id:kiriki-en-full-game @rule:turns @ruleset:kiriki-no-extra
  Scenario: A whole solitaire game replayed from fixed dice
    Pins down: a game is 13 turns of one roll and up to two rerolls, each scoring one row; the sheet adds up.
    Given a game of 1 player
    When these turns are played:
      | dice  | first reroll | second reroll | row             |
      | 12456 | 1,2=66       | 3=6           | sixes           |
      | 55123 | 3,4,5=554    |               | fives           |
      | 44412 |              |               | fours           |
      | 33312 | 4,5=36       |               | threes          |
      | 22213 |              |               | twos            |
      | 11456 | 3=1          |               | ones            |
      | 12345 |              |               | large_straight  |
      | 23456 |              |               | small_straight  |
      | 22333 |              |               | full_house      |
      | 66612 |              |               | three_of_a_kind |
      | 44441 |              |               | four_of_a_kind  |
      | 12346 |              |               | kiriki          |
      | 65432 |              |               | chance          |
    Then the game is over
    And player 1's sheet reads:
      | line            | value |
      | ones            | 3     |
      | twos            | 6     |
      | threes          | 12    |
      | fours           | 12    |
      | fives           | 20    |
      | sixes           | 24    |
      | bonus           | 35    |
      | upper_total     | 112   |
      | three_of_a_kind | 21    |
      | four_of_a_kind  | 17    |
      | full_house      | 25    |
      | small_straight  | 30    |
      | large_straight  | 40    |
      | kiriki          | 0     |
      | chance          | 20    |
      | lower_total     | 153   |
      | grand_total     | 265   |

  @id:kiriki-en-turn-order @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario: Players take turns in fixed order from player 1
    Pins down: players play in fixed order from player 1, one scored row per turn.
    Given a game of 3 players
    When these turns are played:
      | player | dice  | row    |
      | 1      | 12345 | chance |
      | 2      | 12345 | chance |
      | 3      | 12345 | chance |
    Then it is player 1's turn
    And player 3 has 15 in "chance"

  @id:kiriki-en-reroll-keeps-the-other-dice @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario: A reroll changes only the chosen dice
    Pins down: rerolled dice take new values, the others stay.
    Given a game of 1 player
    When the player rolls 12345
    And the player rerolls dice 2 and 5 and gets 66
    Then the dice now show 16346

  @id:kiriki-en-score-after-any-roll @rule:turns @ruleset:kiriki-no-extra
  Scenario: The player may score after the second roll
    Pins down: the player may score after any roll of the turn.
    Given a game of 1 player
    When the player rolls 12345
    And the player rerolls dice 1 and gets 6
    And the player scores "large_straight"
    Then player 1 has 40 in "large_straight"

  @id:kiriki-en-game-over-after-13-turns @rule:players @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario: A solitaire game is over after 13 scored turns
    Pins down: the game ends when every player's 13 rows are filled.
    Given a game of 1 player
    When these turns are played:
      | dice  | row             |
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
      | 12346 | kiriki          |
      | 21526 | chance          |
    And the player rolls 12345
    Then the last action is rejected as game-over and changes nothing

  @rule:refused
  Scenario Outline: An illegal action is refused and changes nothing
    Given a game of 1 player
    When the player rolls 12345
    And the player rerolls dice 1 and gets 6
    And the player rerolls dice 2 and gets 6
    And the player <action>
    Then the last action is rejected as <code> and changes nothing

    Examples: Rolls and rerolls
      Pins down: one roll and up to two rerolls of a non-empty subset of the five dice, each named once.
      | id                             | action                                      | code          |
      | kiriki-en-illegal-fourth-roll  | rerolls dice 3 and gets 6                   | no-rolls-left |
      | kiriki-en-illegal-roll-twice   | rolls 66666                                 | already-rolled |

  @id:kiriki-en-unused-rolls-are-lost @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario: Rolls a turn did not use are lost, not saved for the next turn
    Pins down: under a ruleset that saves no rolls, a turn scored on its first roll leaves the next turn its own three rolls and no more.
    Given a game of 1 player
    When the player rolls 12345 and scores "chance"
    And the player rolls 12345
    And the player rerolls dice 1 and gets 6
    And the player rerolls dice 2 and gets 6
    And the player rerolls dice 3 and gets 6
    Then the last action is rejected as no-rolls-left and changes nothing

  @rule:refused
  Scenario Outline: An illegal first action is refused and changes nothing
    Given a game of 1 player
    When the player rolls 12345
    And the player <action>
    Then the last action is rejected as <code> and changes nothing

    Examples: Choosing dice
      Pins down: a reroll names at least one die, each die once, by its number 1 to 5, and gives each a new value.
      | id                                  | action                                     | code          |
      | kiriki-en-illegal-empty-reroll      | rerolls without choosing a die             | empty-reroll  |
      | kiriki-en-illegal-die-six           | rerolls dice 6 and gets 6                  | bad-die-index |
      | kiriki-en-illegal-die-zero          | rerolls dice 0 and gets 6                  | bad-die-index |
      | kiriki-en-illegal-die-twice         | rerolls dice 1 and 1 and gets 66           | bad-die-index |
      | kiriki-en-illegal-reroll-values     | rerolls dice 1 and 2 and gets 6            | bad-dice      |

    Examples: Scoring
      Pins down: a turn ends by scoring one open, playable row.
      | id                                  | action                                     | code            |
      | kiriki-en-illegal-score-a-total     | scores "grand_total"                       | not-playable    |
      | kiriki-en-illegal-end-with-open-rows | ends the turn without a score             | rows-still-open |

  @id:kiriki-en-illegal-score-before-rolling @rule:refused
  Scenario: Scoring before rolling is refused
    Pins down: a turn starts with a roll of all five dice.
    Given a game of 1 player
    When the player scores "chance"
    Then the last action is rejected as not-rolled and changes nothing

  @id:kiriki-en-illegal-reroll-before-rolling @rule:refused
  Scenario: Rerolling before rolling is refused
    Pins down: a turn starts with a roll of all five dice.
    Given a game of 1 player
    When the player rerolls dice 1 and gets 6
    Then the last action is rejected as not-rolled and changes nothing

  @id:kiriki-en-illegal-roll-of-four-dice @rule:refused
  Scenario: A roll of four dice is refused
    Pins down: Kiriki is played with five dice.
    Given a game of 1 player
    When the player rolls 1234
    Then the last action is rejected as bad-dice and changes nothing

  @id:kiriki-en-illegal-row-used @rule:refused
  Scenario: Scoring a filled row is refused
    Pins down: each row is filled once per player.
    Given a game of 1 player
    When the player rolls 12345 and scores "chance"
    And the player rolls 66666 and scores "chance"
    Then the last action is rejected as row-used and changes nothing

  @id:kiriki-en-six-players @rule:players @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario: Six players take turns in fixed order
    Pins down: up to six players play, in fixed order from player 1 to player 6 and back to player 1.
    Given a game of 6 players
    When these turns are played:
      | player | dice  | row    |
      | 1      | 12345 | chance |
      | 2      | 12345 | chance |
      | 3      | 12345 | chance |
      | 4      | 12345 | chance |
      | 5      | 12345 | chance |
      | 6      | 66666 | chance |
    Then it is player 1's turn
    And player 6 has 30 in "chance"
    And player 5 has 15 in "chance"

  @id:kiriki-en-equal-grand-totals @rule:players @ruleset:kiriki-no-extra
  Scenario: Two sheets filled differently end on the same grand total
    Pins down: two players can finish on the same grand total by different rows, one with the bonus and the other with a kiriki.
    # Equal grand totals share the win (the ruleset's winner rule).
    Given a game of 2 players
    When these turns are played:
      | player | dice  | row             |
      | 1      | 11123 | ones            |
      | 2      | 11234 | ones            |
      | 1      | 22213 | twos            |
      | 2      | 22213 | twos            |
      | 1      | 33312 | threes          |
      | 2      | 33312 | threes          |
      | 1      | 44412 | fours           |
      | 2      | 44412 | fours           |
      | 1      | 55512 | fives           |
      | 2      | 55512 | fives           |
      | 1      | 66612 | sixes           |
      | 2      | 66612 | sixes           |
      | 1      | 14121 | three_of_a_kind |
      | 2      | 14121 | three_of_a_kind |
      | 1      | 41444 | four_of_a_kind  |
      | 2      | 12346 | four_of_a_kind  |
      | 1      | 11212 | full_house      |
      | 2      | 11212 | full_house      |
      | 1      | 14312 | small_straight  |
      | 2      | 14312 | small_straight  |
      | 1      | 34152 | large_straight  |
      | 2      | 34152 | large_straight  |
      | 1      | 12346 | kiriki          |
      | 2      | 33333 | kiriki          |
      | 1      | 21526 | chance          |
      | 2      | 21556 | chance          |
    Then the game is over
    And player 1 has 35 in "bonus"
    And player 2 has 0 in "bonus"
    And player 1 has 235 in "grand_total"
    And player 2 has 235 in "grand_total"
    And players 1 and 2 share the win

  @id:kiriki-en-turn-stays-with-the-last-player @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario: Once the game is over, the turn stays with the player who played last
    Pins down: the game ends with the last turn anyone has left; the turn is not passed on after it, so it stays with the player who played last.
    Given a game of 2 players
    When these turns are played:
      | player | dice  | row             |
      | 1      | 11123 | ones            |
      | 2      | 11123 | ones            |
      | 1      | 22213 | twos            |
      | 2      | 22213 | twos            |
      | 1      | 33312 | threes          |
      | 2      | 33312 | threes          |
      | 1      | 44412 | fours           |
      | 2      | 44412 | fours           |
      | 1      | 55512 | fives           |
      | 2      | 55512 | fives           |
      | 1      | 66612 | sixes           |
      | 2      | 66612 | sixes           |
      | 1      | 14121 | three_of_a_kind |
      | 2      | 14121 | three_of_a_kind |
      | 1      | 41444 | four_of_a_kind  |
      | 2      | 41444 | four_of_a_kind  |
      | 1      | 11212 | full_house      |
      | 2      | 11212 | full_house      |
      | 1      | 14312 | small_straight  |
      | 2      | 14312 | small_straight  |
      | 1      | 34152 | large_straight  |
      | 2      | 34152 | large_straight  |
      | 1      | 12346 | kiriki          |
      | 2      | 12346 | kiriki          |
      | 1      | 21526 | chance          |
      | 2      | 21526 | chance          |
    Then the game is over
    And it is player 2's turn
