@maxi_yatzy @source:normative @rulesets-only @ruleset:maxi-yatzy-teemeam
Feature: The Teemeam score sheet: the edge cases of maxi-yatzy-teemeam
  Normative cases of the ruleset maxi-yatzy-teemeam (a bonus of 50 at 75 in the upper section, and
  a full house that scores all six dice): its threshold and the sum below it, and its full house.

  @id:maxi-yatzy-en-teemeam-bonus-at-75 @rule:bonus
  Scenario: An upper section of exactly 75 earns the bonus of 50
    Pins down: the bonus threshold is 75, reached.
    Given a game of 1 player
    When these turns are played:
      | roll   | row    |
      | 123456 | ones   |
      | 222213 | twos   |
      | 333312 | threes |
      | 444412 | fours  |
      | 555512 | fives  |
      | 666123 | sixes  |
    Then player 1 has 50 in "bonus"
    And player 1 has 125 in "upper_total"

  @id:maxi-yatzy-en-teemeam-no-bonus-at-74 @rule:bonus
  Scenario: An upper section of 74 earns no bonus
    Pins down: one below the threshold of 75.
    Given a game of 1 player
    When these turns are played:
      | roll   | row    |
      | 112345 | ones   |
      | 222134 | twos   |
      | 333312 | threes |
      | 444412 | fours  |
      | 555512 | fives  |
      | 666123 | sixes  |
    Then player 1 has 74 in "upper_total"
    And player 1 has 0 in "bonus"

  @rule:full-house
  Scenario Outline: The full house scores every die shown
    Given the dice show <dice>
    Then the "Full house" row scores <points>

    Examples: Full houses and not
      Pins down: groups [3, 2], points sum: all six dice count, the sixth die too; no group of three and two, 0.
      | id                                   | dice   | points |
      | maxi-yatzy-en-teemeam-full-666551    | 666551 | 29     |
      | maxi-yatzy-en-teemeam-full-666555    | 666555 | 33     |
      | maxi-yatzy-en-teemeam-full-112223    | 112223 | 11     |
      | maxi-yatzy-en-teemeam-no-full-666123 | 666123 | 0      |
