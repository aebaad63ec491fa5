@ten_thousand @source:normative @rulesets-only @ruleset:farkle-linear
Feature: Farkle with sets that grow by a like amount
  Normative cases of the ruleset farkle-linear: each die past the third adds the three of a kind
  once more; three pairs score 750; four of a kind and a pair, and two triplets, have no value of
  their own. They run under farkle-linear only.

  @rule:more-of-a-kind
  Scenario Outline: Each die past the third adds the three of a kind once more
    Then setting aside <dice> scores <points>

    Examples: Linear sets
      Pins down: four of a kind is twice, five three times, six four times the three of a kind.
      | id                                  | dice   | points |
      | ten-thousand-en-linear-five-twos    | 22222  | 600    |
      | ten-thousand-en-linear-five-fives   | 55555  | 1500   |
      | ten-thousand-en-linear-six-twos     | 222222 | 800    |
      | ten-thousand-en-linear-six-ones     | 111111 | 4000   |

  @rule:patterns
  Scenario Outline: Three pairs score 750; other patterns score as their parts
    Then setting aside <dice> scores <points>

    Examples: Patterns
      Pins down: three pairs of three faces 750; four of a kind and a pair, and two triplets, score their sets.
      | id                                     | dice   | points |
      | ten-thousand-en-linear-three-pairs     | 223344 | 750    |
      | ten-thousand-en-linear-four-and-pair   | 222255 | 500    |
      | ten-thousand-en-linear-two-triplets    | 222333 | 500    |

  @id:ten-thousand-en-linear-four-and-pair-refused @rule:refused
  Scenario: Four of a kind and a pair of a face that scores nothing alone is refused
    Pins down: four of a kind and a pair is not three pairs under farkle-linear.
    Then setting aside 222244 is refused as not-scoring
