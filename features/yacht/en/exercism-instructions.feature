@yacht @source:exercism-yacht-en.txt
Feature: Yacht, as the Exercism exercise's instructions score it
  Transcription of fixtures/sources/exercism-yacht-en.txt, the introduction and instructions of
  the Exercism exercise "yacht": each example of its table of categories, and each rule sentence.
  Where the text is ambiguous or silent the case is flagged (@ambiguity, @gap) and the finding is
  in fixtures/errata.yaml.

  # The introduction has a stray line "```suggestion" (a code-review suggestion fence left in the
  # published text) before "The game consists of twelve rounds."; it says nothing of the rules.

  @rule:<row>
  Scenario Outline: Each category of the table scores its example
    Given the dice show <dice>
    Then the "<row>" row scores <score>

    Examples: Ones
      «Ones | 1 × number of ones | Any combination | 1 1 1 4 5 scores 3»
      | id                 | dice  | row  | score |
      | yacht-en-example-1 | 11145 | Ones | 3     |

    Examples: Twos
      «Twos | 2 × number of twos | Any combination | 2 2 3 4 5 scores 4»
      | id                 | dice  | row  | score |
      | yacht-en-example-2 | 22345 | Twos | 4     |

    Examples: Threes
      «Threes | 3 × number of threes | Any combination | 3 3 3 3 3 scores 15»
      | id                 | dice  | row    | score |
      | yacht-en-example-3 | 33333 | Threes | 15    |

    Examples: Fours
      «Fours | 4 × number of fours | Any combination | 1 2 3 3 5 scores 0»
      | id                 | dice  | row   | score |
      | yacht-en-example-4 | 12335 | Fours | 0     |

    Examples: Fives
      «Fives | 5 × number of fives | Any combination | 5 1 5 2 5 scores 15»
      | id                 | dice  | row   | score |
      | yacht-en-example-5 | 51525 | Fives | 15    |

    Examples: Sixes
      «Sixes | 6 × number of sixes | Any combination | 2 3 4 5 6 scores 6»
      | id                 | dice  | row   | score |
      | yacht-en-example-6 | 23456 | Sixes | 6     |

    Examples: Full House
      «Full House | Total of the dice | Three of one number and two of another | 3 3 3 5 5 scores 19»
      | id                 | dice  | row        | score |
      | yacht-en-example-7 | 33355 | Full House | 19    |

    Examples: Four of a Kind
      «Four of a Kind | Total of the four dice | At least four dice showing the same face | 4 4 4 4 6 scores 16»
      | id                 | dice  | row            | score |
      | yacht-en-example-8 | 44446 | Four of a Kind | 16    |

    Examples: Little Straight
      «Little Straight | 30 points | 1-2-3-4-5 | 1 2 3 4 5 scores 30»
      | id                 | dice  | row             | score |
      | yacht-en-example-9 | 12345 | Little Straight | 30    |

    Examples: Big Straight
      «Big Straight | 30 points | 2-3-4-5-6 | 2 3 4 5 6 scores 30»
      | id                  | dice  | row          | score |
      | yacht-en-example-10 | 23456 | Big Straight | 30    |

    Examples: Choice
      «Choice | Sum of the dice | Any combination | 2 3 3 4 6 scores 18»
      | id                  | dice  | row    | score |
      | yacht-en-example-11 | 23346 | Choice | 18    |

    Examples: Yacht
      «Yacht | 50 points | All five dice showing the same face | 4 4 4 4 4 scores 50»
      | id                  | dice  | row   | score |
      | yacht-en-example-12 | 44444 | Yacht | 50    |

    Examples: A roll that does not meet a category scores zero there
      If the dice do **not** satisfy the requirements of a category, the score is zero.
      | id                     | dice  | row             | score |
      | yacht-en-zero-1        | 12346 | Little Straight | 0     |
      | yacht-en-zero-2        | 33345 | Full House      | 0     |
      | yacht-en-zero-3        | 33355 | Four of a Kind  | 0     |

    Examples: A Yacht entered in Full House scores zero
      A _Yacht_ scores zero if entered in the _Full House_ category.
      | id                           | dice  | row        | score |
      | yacht-en-yacht-no-full-house | 44444 | Full House | 0     |

    Examples: The dice come in any order
      The dice will be unordered.
      | id                   | dice  | row             | score |
      | yacht-en-unordered-1 | 53335 | Full House      | 19    |
      | yacht-en-unordered-2 | 54321 | Little Straight | 30    |

  @id:yacht-en-four-of-a-kind-in-yacht @ambiguity @rule:yacht
  Scenario: A four of a kind entered in Yacht scores zero
    If, for example, _Four Of A Kind_ is entered in the _Yacht_ category, zero points are scored.
    Given the dice show 44446
    Then the "Yacht" row scores 0

  @id:yacht-en-twelve-categories @rule:sheet
  Scenario: The sheet has twelve categories
    In each, five dice are rolled and the player chooses one of twelve categories.
    Then the sheet has 12 lines with a score pattern

  @id:yacht-en-twelve-rounds @rule:turns
  Scenario: A game is twelve rounds, one category each
    The game consists of twelve rounds.
    Given a game of 1 player
    When these turns are played:
      | roll  | row             |
      | 11145 | ones            |
      | 22345 | twos            |
      | 33333 | threes          |
      | 12335 | fours           |
      | 51525 | fives           |
      | 23456 | sixes           |
      | 33355 | full_house      |
      | 44446 | four_of_a_kind  |
      | 12345 | little_straight |
      | 23456 | big_straight    |
      | 23346 | choice          |
      | 44444 | yacht           |
    Then the game is over
    And player 1 has 206 in "grand_total"
