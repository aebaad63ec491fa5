@yahtzee @source:normative @rulesets-only @ruleset:yahtzee-free-joker
Feature: The free joker (Verhoeff's rules): a further Yahtzee may go in any open box
  Normative cases of the ruleset yahtzee-free-joker: a Yahtzee rolled once the Yahtzee box is
  filled may go in any open box; it scores full value in the full house and the straights only
  once the upper box of its face is filled.

  @id:yahtzee-en-free-joker-any-box @rule:joker
  Scenario: With its upper box open, a further Yahtzee may go in the full house, for 0
    Pins down: the free joker does not force the upper box, but scores full value only once it is filled.
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 33333 and scores "full_house"
    Then player 1 has 0 in "full_house"
    And player 1 has 100 in "yahtzee_bonus"

  @id:yahtzee-en-free-joker-full-value @rule:joker
  Scenario: With its upper box filled, a further Yahtzee scores 40 in the large straight
    Pins down: once the upper box of its face is filled, the free joker scores full value.
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 33312 and scores "threes"
    And the player rolls 33333 and scores "large_straight"
    Then player 1 has 40 in "large_straight"

  @id:yahtzee-en-free-joker-other-upper-box @rule:joker
  Scenario: While lower boxes are open, a further Yahtzee may take another upper box
    Pins down: the free joker may go in any open box, an upper box of another face too (for 0).
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 33333 and scores "ones"
    Then player 1 has 0 in "ones"
    And player 1 has 100 in "yahtzee_bonus"

  @id:yahtzee-en-free-joker-full-house-25 @rule:joker
  Scenario: With its upper box filled, a further Yahtzee scores 25 in the full house
    Pins down: the free joker's full value in the full house, once the upper box of its face is filled.
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 33312 and scores "threes"
    And the player rolls 33333 and scores "full_house"
    Then player 1 has 25 in "full_house"
    And player 1 has 100 in "yahtzee_bonus"

  @id:yahtzee-en-free-joker-small-straight-30 @rule:joker
  Scenario: With its upper box filled, a further Yahtzee scores 30 in the small straight
    Pins down: the free joker's full value in the small straight.
    Given a game of 1 player
    When the player rolls 33333 and scores "yahtzee"
    And the player rolls 33312 and scores "threes"
    And the player rolls 33333 and scores "small_straight"
    Then player 1 has 30 in "small_straight"

  @id:yahtzee-en-free-joker-scratched @rule:joker
  Scenario: After a scratched Yahtzee box, a further Yahtzee is still a joker, with no bonus
    Pins down: the joker needs the Yahtzee box filled, with 50 or 0; the 100 needs it at 50.
    Given a game of 1 player
    When the player rolls 12346 and scores "yahtzee"
    And the player rolls 33312 and scores "threes"
    And the player rolls 33333 and scores "full_house"
    Then player 1 has 25 in "full_house"
    And player 1 has 0 in "yahtzee_bonus"
