@generala @source:normative @rulesets-only @ruleset:generala-first-roll-10
Feature: Ten more for the first roll: the edge cases of generala-first-roll-10
  Normative cases of the ruleset generala-first-roll-10 (the early revision's 10 more for a
  straight, a full house or four of a kind served): each row with and without its first roll, and
  the rows the rule leaves alone.

  @rule:<rule>
  Scenario Outline: The same combination after a reroll earns nothing more
    Given a game of 2 players
    When the player rolls <first>
    And the player rerolls dice 5 and gets <die>
    And the player scores "<row>"
    Then player 1 has <points> in "<row>"

    Examples: Not served
      Pins down: the 10 more need the turn's first roll; a reroll loses them.
      | id                              | first | die | row            | points | rule           |
      | generala-en-10-straight-rerolled | 12346 | 5   | Straight       | 20     | straight       |
      | generala-en-10-full-rerolled     | 22446 | 4   | Full house     | 30     | full-house     |
      | generala-en-10-four-rerolled     | 33312 | 3   | Four of a kind | 40     | four-of-a-kind |

  @id:generala-en-10-served-upper-row @rule:fours
  Scenario: A served roll in an upper row adds nothing
    Pins down: only the straight, the full house and four of a kind earn the 10 more.
    Given a game of 2 players
    When the player rolls 44442 and scores "Fours"
    Then player 1 has 16 in "Fours"

  @id:generala-en-10-served-generala-wins @rule:generala @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: A served Generala still wins at once
    Pins down: the 10 more change no other first-roll rule.
    Given a game of 2 players
    When the player rolls 66666 and scores "Generala"
    Then the game is over
    And player 1 wins

  @id:generala-en-10-served-scratch @rule:straight
  Scenario: A served roll that is no straight scores 0 in the straight, not 10
    Pins down: the 10 more come only with the combination.
    Given a game of 2 players
    When the player rolls 12346 and scores "Straight"
    Then player 1 has 0 in "Straight"
