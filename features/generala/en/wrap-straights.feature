@generala @source:normative @rulesets-only @ruleset:generala-wrap
Feature: The straights that wrap round: the edge cases of generala-wrap
  Normative cases of the ruleset generala-wrap: a straight is any five different faces, the run
  going on from 6 to 1; a number shown twice is never a straight.

  @id:generala-en-wrap-any-five-faces @rule:straight
  Scenario: Five different faces that leave out a middle face are a straight that wraps
    Pins down: a wrap straight is a face set: 5-6-1-2-3 shows 1, 2, 3, 5 and 6.
    Given the dice show 35612
    Then the "Straight" row scores 20

  @id:generala-en-wrap-needs-five-faces @rule:straight
  Scenario: Four different faces are no straight, wrapped or not
    Pins down: a wrap straight needs five different faces.
    Given the dice show 56612
    Then the "Straight" row scores 0

  @id:generala-en-wrap-first-roll @rule:straight
  Scenario: A wrap straight made with the first roll earns the first-roll points
    Pins down: the first-roll points go with any straight of the ruleset.
    Given a game of 2 players
    When the player rolls 61234 and scores "Straight"
    Then player 1 has 25 in "Straight"
