@yatzy @source:normative
Feature: Yatzy's upper bonus: the edge cases of its threshold
  Normative cases of the upper bonus of the Yatzy ruleset (50 at 63): one point short of
  its threshold (the threshold reached exactly is the text's own example).

  @id:yatzy-en-no-bonus-at-62 @rule:bonus
  Scenario: A Yatzy upper section of 62 earns no bonus
    Pins down: one below the threshold of 63.
    Given a game of 1 player
    When these turns are played:
      | roll  | row    |
      | 11234 | ones   |
      | 22213 | twos   |
      | 33312 | threes |
      | 44412 | fours  |
      | 55512 | fives  |
      | 66612 | sixes  |
    Then player 1 has 62 in "upper_total"
    And player 1 has 0 in "bonus"
