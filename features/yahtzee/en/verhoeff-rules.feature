@yahtzee @source:verhoeff-yahtzee-rules-en.txt
Feature: Yahtzee, as Verhoeff's rules page scores each pattern
  Transcription of the passages of Tom Verhoeff's "Optimal Solitaire Yahtzee Player: Rules"
  stored in fixtures/sources/verhoeff-yahtzee-rules-en.txt: each row of its pattern table, with
  dice chosen to show it, and its notes on scoring.

  # The table's Sixes row reads "non" for "none" as its condition.

  @rule:<row>
  Scenario Outline: Each pattern scores as the table says
    Given the dice show <dice>
    Then the "<row>" row scores <score>

    Examples: Aces
      Aces | none | total value of all aces (ones)
      | id                      | dice  | row  | score |
      | yahtzee-en-verhoeff-1   | 11456 | Aces | 2     |

    Examples: Twos
      Twos | none | total value of all twos
      | id                    | dice  | row  | score |
      | yahtzee-en-verhoeff-2 | 22226 | Twos | 8     |

    Examples: Threes
      Threes | none | total value of all threes
      | id                    | dice  | row    | score |
      | yahtzee-en-verhoeff-3 | 12456 | Threes | 0     |

    Examples: Fours
      Fours | none | total value of all fours
      | id                    | dice  | row   | score |
      | yahtzee-en-verhoeff-4 | 44444 | Fours | 20    |

    Examples: Fives
      Fives | none | total value of all fives
      | id                    | dice  | row   | score |
      | yahtzee-en-verhoeff-5 | 15535 | Fives | 15    |

    Examples: Sixes
      Sixes | non | total value of all sixes
      | id                    | dice  | row   | score |
      | yahtzee-en-verhoeff-6 | 66123 | Sixes | 12    |

    Examples: Three of a kind
      Three of a kind | 3 or more equals | total value of all dice
      | id                     | dice  | row             | score |
      | yahtzee-en-verhoeff-3k-1 | 44423 | Three of a kind | 17    |
      | yahtzee-en-verhoeff-3k-2 | 44443 | Three of a kind | 19    |
      | yahtzee-en-verhoeff-3k-3 | 44233 | Three of a kind | 0     |

    Examples: Four of a kind
      Four of a kind | 4 or more equals | total value of all dice
      | id                       | dice  | row            | score |
      | yahtzee-en-verhoeff-4k-1 | 66616 | Four of a kind | 25    |
      | yahtzee-en-verhoeff-4k-2 | 66666 | Four of a kind | 30    |
      | yahtzee-en-verhoeff-4k-3 | 66611 | Four of a kind | 0     |

    Examples: Full House
      Full House | 3 equals + 2 other equals | 25
      | id                       | dice  | row        | score |
      | yahtzee-en-verhoeff-fh-1 | 55222 | Full House | 25    |
      | yahtzee-en-verhoeff-fh-2 | 55555 | Full House | 0     |
      | yahtzee-en-verhoeff-fh-3 | 55223 | Full House | 0     |

    Examples: Small Straight
      Small Straight | sequence of 4 or more | 30
      | id                       | dice  | row            | score |
      | yahtzee-en-verhoeff-ss-1 | 12346 | Small Straight | 30    |
      | yahtzee-en-verhoeff-ss-2 | 23456 | Small Straight | 30    |
      | yahtzee-en-verhoeff-ss-3 | 34566 | Small Straight | 30    |
      | yahtzee-en-verhoeff-ss-4 | 12356 | Small Straight | 0     |

    Examples: Large Straight
      Large Straight | sequence of 5 | 40
      | id                       | dice  | row            | score |
      | yahtzee-en-verhoeff-ls-1 | 54321 | Large Straight | 40    |
      | yahtzee-en-verhoeff-ls-2 | 12346 | Large Straight | 0     |

    Examples: Yahtzee
      Yahtzee | 5 equals | 50
      | id                      | dice  | row     | score |
      | yahtzee-en-verhoeff-y-1 | 11111 | Yahtzee | 50    |
      | yahtzee-en-verhoeff-y-2 | 11112 | Yahtzee | 0     |

    Examples: Chance
      Chance | none | total value of all
      | id                      | dice  | row    | score |
      | yahtzee-en-verhoeff-c-1 | 13456 | Chance | 19    |

  @id:yahtzee-en-verhoeff-any-empty-box @rule:sheet
  Scenario: Any empty box may be chosen, and the score can be zero
    You may choose any dice pattern for scoring, as long as its box is empty. The resulting score can however be zero.
    Given a game of 1 player
    When the player rolls 12346 and scores "large_straight"
    Then player 1 has 0 in "large_straight"
    And every action is accepted

  @id:yahtzee-en-verhoeff-filled-box @rule:sheet
  Scenario: A box once scored, even with zero, is filled
    After scoring a dice pattern, its box is nonempty, possibly containing a zero score.
    Given a game of 1 player
    When the player rolls 12346 and scores "large_straight"
    And the player rolls 12345 and scores "large_straight"
    Then the last action is rejected as row-used and changes nothing

  @id:yahtzee-en-verhoeff-thirteen-turns @rule:turns @ruleset:yahtzee-free-joker
  Scenario: A game has as many turns as the card has patterns
    On the score card is a list of thirteen dice patterns. … A game of Yahtzee consists of as many turns as there are patterns on the score card.
    Given a game of 1 player
    When these turns are played:
      | roll  | row             |
      | 11456 | ones            |
      | 22226 | twos            |
      | 12456 | threes          |
      | 44444 | fours           |
      | 15535 | fives           |
      | 66123 | sixes           |
      | 44423 | three_of_a_kind |
      | 66616 | four_of_a_kind  |
      | 55222 | full_house      |
      | 12346 | small_straight  |
      | 54321 | large_straight  |
      | 11112 | yahtzee         |
      | 13456 | chance          |
    Then the game is over
    And player 1 has 0 in "bonus"
    And player 1 has 213 in "grand_total"
