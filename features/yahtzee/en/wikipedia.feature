@yahtzee @source:wikipedia-yahtzee-en.txt
Feature: Yahtzee, as Wikipedia's account of the publisher's rules gives them
  Transcription of fixtures/sources/wikipedia-yahtzee-en.txt (passages of Wikipedia's "Yahtzee",
  rules overview): each rule sentence, with dice chosen to show it where the text gives none.
  Where the text is wrong, ambiguous or silent the case is flagged and the finding is in
  fixtures/errata.yaml.

  # The stored copy reads "the twos btaox" (for "box"), and has lost the table of the lower section.

  @id:yahtzee-en-twos-example @rule:twos
  Scenario: Three twos score 6 in the twos box
    For example, if a player were to roll three "twos," the score would be recorded as 6 in the twos btaox.
    Given the dice show 22213
    Then the "twos" row scores 6

  @id:yahtzee-en-upper-bonus @rule:bonus
  Scenario: At least 63 in the upper boxes adds a bonus of 35
    If a player scores a total of at least 63 points in these boxes, a bonus of 35 points is added to the upper section score.
    Given a game of 1 player
    When these turns are played:
      | roll  | row    |
      | 11123 | ones   |
      | 22213 | twos   |
      | 33312 | threes |
      | 44412 | fours  |
      | 55512 | fives  |
      | 66612 | sixes  |
    Then player 1 has 35 in "bonus"
    And player 1 has 98 in "upper_total"

  @id:yahtzee-en-bonus-with-a-zero @rule:bonus
  Scenario: The bonus can be earned with a zero in an upper box
    a player can earn the bonus even if he or she scores a "0" in an upper section box
    Given a game of 1 player
    When these turns are played:
      | roll  | row    |
      | 23456 | ones   |
      | 22223 | twos   |
      | 33331 | threes |
      | 44441 | fours  |
      | 55551 | fives  |
      | 66661 | sixes  |
    Then player 1 has 0 in "ones"
    And player 1 has 35 in "bonus"

  @rule:<row>
  Scenario Outline: A full house may be scored in three boxes
    Given the dice show <dice>
    Then the "<row>" row scores <score>

    Examples: Full House, Three-Of-A-Kind or Chance
      A certain combination can be scored in more than one appropriate category; e.g., a Full House can be scored in the Full House, Three-Of-A-Kind, or Chance categories.
      | id                          | dice  | row             | score |
      | yahtzee-en-full-house-three | 22333 | full_house      | 25    |
      | yahtzee-en-full-house-kind  | 22333 | three_of_a_kind | 13    |
      | yahtzee-en-full-house-any   | 22333 | chance          | 13    |

  @id:yahtzee-en-zero-in-unused-box @rule:sheet
  Scenario: A roll that fits no open box is scored as a zero in one of them
    If the resulting combination of dice will not fit in any unused scoring category, the player must place a "zero" in one of the unused boxes.
    Given a game of 1 player
    When the player rolls 12346 and scores "yahtzee"
    Then player 1 has 0 in "yahtzee"
    And every action is accepted

  @id:yahtzee-en-three-rolls @rule:turns @ruleset:yahtzee-free-joker
  Scenario: A turn has up to three rolls
    On each turn, a player gets up to three rolls of the dice.
    Given a game of 1 player
    When the player rolls 12345
    And the player rerolls dice 1 and 2 and gets 66
    And the player rerolls dice 3 and gets 6
    And the player rerolls dice 4 and gets 6
    Then the last action is rejected as no-rolls-left and changes nothing

  @id:yahtzee-en-total-of-thirteen-boxes @erratum @rule:grand-total
  Scenario: The total score is the sum of the thirteen boxes
    Each player's total score is calculated by summing all thirteen score boxes.
    Given a game of 1 player
    When these turns are played:
      | roll  | row    |
      | 11123 | ones   |
      | 22213 | twos   |
      | 33312 | threes |
      | 44412 | fours  |
      | 55512 | fives  |
      | 66612 | sixes  |
    Then player 1 has 63 in "grand_total"

  @id:yahtzee-en-yahtzee-50 @rule:yahtzee
  Scenario: A Yahtzee scores 50
    A Yahtzee occurs when all five dice have the same value during one turn. Yahtzee is the most difficult combination to throw in a game and has the high score of 50 points.
    Given the dice show 44444
    Then the "yahtzee" row scores 50

  @id:yahtzee-en-bonus-yahtzee-100 @rule:yahtzee
  Scenario: A further Yahtzee earns 100, and still fills a box
    Bonus Yahtzees are worth 100 points each. … A player must still score in an empty box as per normal in addition to receiving the 100 point bonus.
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 44444 and scores "fours"
    Then player 1 has 100 in "yahtzee_bonus"
    And player 1 has 20 in "fours"
    And player 1 has 170 in "grand_total"
    And player 1 has earned 0 extra turns

  @id:yahtzee-en-bonus-yahtzees-add-up @rule:yahtzee
  Scenario: Each further Yahtzee earns another 100
    Bonus Yahtzees are worth 100 points each.
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 44444 and scores "fours"
    And the player rolls 55555 and scores "fives"
    Then player 1 has 200 in "yahtzee_bonus"

  @id:yahtzee-en-no-bonus-after-zero @rule:yahtzee
  Scenario: No bonus once the Yahtzee box holds 0
    Bonus chips are only awarded for subsequent Yahtzees if the first Yahtzee was placed in the 50-point Yahtzee score box.
    Given a game of 1 player
    When the player rolls 12346 and scores "yahtzee"
    And the player rolls 44444 and scores "fours"
    Then player 1 has 0 in "yahtzee_bonus"
    And player 1 has 20 in "fours"

  @id:yahtzee-en-wild-card-once-upper-filled @rule:joker
  Scenario: A further Yahtzee is a wild card in the lower section once its upper box is filled
    Additional Yahtzees may be used as wild cards in the Lower Section (scoring full points in a lower section box, such as a long straight, despite not having the normally required dice) provided that the corresponding Upper Section box has been filled.
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 44412 and scores "fours"
    And the player rolls 44444 and scores "large_straight"
    Then player 1 has 40 in "large_straight"
    And player 1 has 100 in "yahtzee_bonus"

  @id:yahtzee-en-must-score-threes @rule:joker
  Scenario: With the threes open, five threes must go in the threes
    If the Threes box was still open, the player must score 15 in the threes (sum of five threes).
    Given a game of 1 player
    When the player rolls 44444 and scores "yahtzee"
    And the player rolls 33333 and scores "small_straight"
    Then the last action is rejected as joker-row and changes nothing

  @id:yahtzee-en-threes-scores-15 @rule:joker
  Scenario: Five threes score 15 in the open threes
    If the Threes box was still open, the player must score 15 in the threes (sum of five threes).
    Given a game of 1 player
    When the player rolls 44444 and scores "yahtzee"
    And the player rolls 33333 and scores "threes"
    Then player 1 has 15 in "threes"

  @id:yahtzee-en-wild-card-after-zero @rule:joker
  Scenario: After a zero in the Yahtzee box a further Yahtzee is still a wild card, with no bonus
    In case a Yahtzee occurs after the Yahtzee box contains zero, the Bonus Yahtzee score is not awarded; but the wild card rule stated above still applies.
    Given a game of 1 player
    When the player rolls 12346 and scores "yahtzee"
    And the player rolls 33312 and scores "threes"
    And the player rolls 33333 and scores "small_straight"
    Then player 1 has 30 in "small_straight"
    And player 1 has 0 in "yahtzee_bonus"

  @id:yahtzee-en-lower-not-upper @ambiguity @rule:joker
  Scenario: Once its upper box is filled a further Yahtzee goes in the lower section
    Additional Yahtzees may be used as wild cards in the Lower Section
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 33312 and scores "threes"
    And the player rolls 33333 and scores "sixes"
    Then the last action is rejected as joker-row and changes nothing
