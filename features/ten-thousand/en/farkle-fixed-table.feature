@ten_thousand @source:normative @rulesets-only @ruleset:farkle
Feature: Farkle, the published table: fixed sets and patterns
  Normative cases of the ruleset farkle: four, five and six of a kind score 1000, 2000 and 3000
  whatever the face; three pairs and four of a kind with a pair score 1500, two triplets 2500.
  They run under farkle only.

  @rule:more-of-a-kind
  Scenario Outline: Farkle sets of four or more score fixed points whatever the face
    Then setting aside <dice> scores <points>

    Examples: Fixed sets
      Pins down: four of a kind 1000, five 2000, six 3000; a set-aside scores its best split.
      | id                                  | dice   | points |
      | ten-thousand-en-farkle-four-twos    | 2222   | 1000   |
      | ten-thousand-en-farkle-four-ones    | 1111   | 1100   |
      | ten-thousand-en-farkle-five-twos    | 22222  | 2000   |
      | ten-thousand-en-farkle-six-twos     | 222222 | 3000   |
      | ten-thousand-en-farkle-six-ones     | 111111 | 3000   |

  @rule:patterns
  Scenario Outline: Farkle patterns of several faces
    Then setting aside <dice> scores <points>

    Examples: Patterns
      Pins down: three pairs of three faces 1500, four of a kind and a pair 1500, two triplets 2500.
      | id                                     | dice   | points |
      | ten-thousand-en-farkle-three-pairs     | 223344 | 1500   |
      | ten-thousand-en-farkle-four-and-pair   | 222244 | 1500   |
      | ten-thousand-en-farkle-two-triplets    | 222333 | 2500   |

  @id:ten-thousand-en-farkle-three-pairs-hot-dice @rule:patterns
  Scenario: Three pairs are no farkle, and setting them aside gives hot dice
    Pins down: a pattern scores like any combination: the roll is no farkle and all six dice score.
    Given a game of 1 player
    When the player rolls 223344 and sets aside 223344
    Then the turn stands at 1500 points
    And the player has 6 dice to roll
