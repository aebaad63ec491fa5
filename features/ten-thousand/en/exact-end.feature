@ten_thousand @source:normative @rulesets-only @ruleset:ten-thousand-exact
Feature: An end that must hit the target exactly: the edge cases
  Normative cases of the rule end.exact, as the ruleset ten-thousand-exact has it (10000 to hit
  exactly, no final round). They run under that ruleset only. Each scenario says which rule it
  pins down.

  @id:ten-thousand-en-exact-over-first-bank @rule:end
  Scenario: A first bank that would pass the target leaves the player off the board
    Pins down: a bank past a target to hit exactly scores nothing at all, even one above the entry.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | bank        |
    Then player 1 has 0 points
    And player 1 is not on the board
    And it is player 2's turn

  @id:ten-thousand-en-exact-below-target @rule:end
  Scenario: A bank below the target counts as usual
    Pins down: only a bank past the target scores nothing; one below it is added to the score.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | bank        |
    Then player 1 has 9000 points
    And player 1 is on the board
    And the game is not over
