@generala @source:normative @rulesets-only @ruleset:generala-60
Feature: Generala at 60: the edge cases of generala-60
  Normative cases of the ruleset generala-60 (the early revision's Generala of 60, and a Double
  Generala of 120): the two rows it changes, at their values and around them.

  @id:generala-en-60-after-reroll @rule:generala
  Scenario: A Generala made after a reroll scores 60, and the game goes on
    Pins down: Generala 60, not 50; only a served one wins at once.
    Given a game of 2 players
    When the player rolls 55512
    And the player rerolls dice 4,5 and gets 55
    And the player scores "Generala"
    Then player 1 has 60 in "Generala"
    And the game is not over

  @id:generala-en-60-four-is-none @rule:generala @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: Four of a kind scores nothing as a Generala of 60
    Pins down: Generala takes five of a kind, at 60 as at 50.
    Given the dice show 55551
    Then the "Generala" row scores 0

  @id:generala-en-60-served-wins @rule:generala @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: A served Generala of 60 wins at once, against more points
    Pins down: the served win stays with the higher value.
    Given a game of 2 players
    When these turns are played:
      | player | roll  | row            |
      | 1      | 66661 | four_of_a_kind |
      | 2      | 12346 | ones           |
      | 1      | 22333 | full_house     |
      | 2      | 11111 | generala       |
    Then the game is over
    And player 2 wins

  @id:generala-en-60-double-120 @rule:double-generala
  Scenario: A second Generala scores 120 in Double Generala once the Generala holds 60
    Pins down: Double Generala 120, twice the Generala.
    Given a game of 2 players
    When these turns are played:
      | player | roll  | reroll | row             |
      | 1      | 22221 | 5=2    | generala        |
      | 2      | 12346 |        | ones            |
      | 1      | 44441 | 5=4    | double_generala |
    Then player 1 has 60 in "Generala"
    And player 1 has 120 in "Double Generala"

  @id:generala-en-60-double-before @rule:double-generala @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: A Double Generala of 120 filled before the Generala scores 0
    Pins down: the row still requires points in the Generala.
    Given a game of 2 players
    When these turns are played:
      | player | roll  | reroll | row             |
      | 1      | 33331 | 5=3    | double_generala |
    Then player 1 has 0 in "Double Generala"
