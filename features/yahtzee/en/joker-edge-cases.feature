@yahtzee @source:normative
Feature: The Yahtzee bonus and the joker: the edge cases of the publisher's rules
  Normative cases of the forced joker and the 100 bonus as the ruleset yahtzee plays them: a
  further Yahtzee goes in the upper box of its face if that is open, else in an open lower box at
  full value, else in any open upper box for 0; the 100 bonus needs 50 in the Yahtzee box.

  @id:yahtzee-en-joker-full-house-25 @rule:joker
  Scenario: A joker scores 25 in the full house
    Pins down: a joker scores a full house's 25 though five of a kind is no full house.
    Given a game of 1 player
    When the player rolls 22222 and scores "yahtzee"
    And the player rolls 22213 and scores "twos"
    And the player rolls 22222 and scores "full_house"
    Then player 1 has 25 in "full_house"
    And player 1 has 100 in "yahtzee_bonus"

  @id:yahtzee-en-joker-small-straight-30 @rule:joker
  Scenario: A joker scores 30 in the small straight
    Pins down: a joker scores a small straight's 30 with no run of four.
    Given a game of 1 player
    When the player rolls 66666 and scores "yahtzee"
    And the player rolls 66612 and scores "sixes"
    And the player rolls 66666 and scores "small_straight"
    Then player 1 has 30 in "small_straight"

  @id:yahtzee-en-joker-sum-rows @rule:joker
  Scenario: A joker in three of a kind scores the sum of the dice
    Pins down: the rows that score the sum score the five dice's sum as a joker, as they would anyway.
    Given a game of 1 player
    When the player rolls 55555 and scores "yahtzee"
    And the player rolls 55512 and scores "fives"
    And the player rolls 55555 and scores "three_of_a_kind"
    Then player 1 has 25 in "three_of_a_kind"

  @id:yahtzee-en-five-of-a-kind-no-full-house @rule:full-house
  Scenario: Five of a kind is no full house while the Yahtzee box is open
    Pins down: without the joker, five of a kind scores 0 in the full house.
    Given the dice show 33333
    Then the "full_house" row scores 0

  @id:yahtzee-en-joker-upper-zero @rule:joker
  Scenario: With its upper box and every lower box filled, a joker takes 0 in an open upper box
    Pins down: the forced joker's last resort is any open upper box, scored as the dice are (0).
    Given a game of 1 player
    When these turns are played:
      | roll  | row             |
      | 33333 | yahtzee         |
      | 33312 | threes          |
      | 11123 | three_of_a_kind |
      | 11114 | four_of_a_kind  |
      | 22333 | full_house      |
      | 12345 | small_straight  |
      | 23456 | large_straight  |
      | 12346 | chance          |
    And the player rolls 33333 and scores "sixes"
    Then player 1 has 0 in "sixes"
    And player 1 has 100 in "yahtzee_bonus"

  @id:yahtzee-en-joker-not-upper-while-lower-open @rule:joker
  Scenario: While a lower box is open a joker may not take another upper box
    Pins down: the forced joker goes in an open lower box before any upper box.
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 33312 and scores "threes"
    And the player rolls 33333 and scores "ones"
    Then the last action is rejected as joker-row and changes nothing

  @id:yahtzee-en-no-bonus-after-scratch @rule:yahtzee
  Scenario: A Yahtzee after a scratched Yahtzee box earns no bonus, in any box
    Pins down: the 100 bonus needs 50 in the Yahtzee box; a joker played after a 0 there adds nothing.
    Given a game of 1 player
    When the player rolls 12346 and scores "yahtzee"
    And the player rolls 22213 and scores "twos"
    And the player rolls 22222 and scores "full_house"
    Then player 1 has 25 in "full_house"
    And player 1 has 0 in "yahtzee_bonus"
    And player 1 has 31 in "grand_total"

  @id:yahtzee-en-filled-yahtzee-box-takes-no-yahtzee @rule:yahtzee
  Scenario: The Yahtzee box, once filled, takes no further Yahtzee
    Pins down: a further Yahtzee fills another box; it never adds to the Yahtzee box itself.
    Given a game of 1 player
    When the player rolls 44444 and scores "yahtzee"
    And the player rolls 44444 and scores "yahtzee"
    Then the last action is rejected as row-used and changes nothing
