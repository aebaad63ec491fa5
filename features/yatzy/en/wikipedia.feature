@yatzy @source:wikipedia-yatzy-en.txt
Feature: Yatzy, as Wikipedia's article gives its rules
  Transcription of fixtures/sources/wikipedia-yatzy-en.txt: each rule sentence of the sections
  "Gameplay" and "Scoring", with dice chosen to show it where the article gives none, and the
  article's own examples (the maximum score, 15566 and 15555). Where the article is silent or
  ambiguous the case is flagged and the finding is in fixtures/errata.yaml.

  @rule:<row>
  Scenario Outline: Each row scores as its sentence says
    Given the dice show <dice>
    Then the "<row>" row scores <score>

    Examples: Ones
      Ones: The sum of all dice showing one pip.
      | id              | dice  | row  | score |
      | yatzy-en-ones-1 | 11123 | Ones | 3     |
      | yatzy-en-ones-2 | 23456 | Ones | 0     |

    Examples: Twos
      Twos: The sum of all dice showing two pips.
      | id              | dice  | row  | score |
      | yatzy-en-twos-1 | 22225 | Twos | 8     |

    Examples: Threes
      Threes: The sum of all dice showing three pips.
      | id                | dice  | row    | score |
      | yatzy-en-threes-1 | 33333 | Threes | 15    |

    Examples: Fours
      Fours: The sum of all dice showing four pips.
      | id               | dice  | row   | score |
      | yatzy-en-fours-1 | 14424 | Fours | 12    |

    Examples: Fives
      Fives: The sum of all dice showing five pips.
      | id               | dice  | row   | score |
      | yatzy-en-fives-1 | 51234 | Fives | 5     |

    Examples: Sixes
      Sixes: The sum of all dice showing six pips.
      | id               | dice  | row   | score |
      | yatzy-en-sixes-1 | 66166 | Sixes | 24    |

    Examples: Two Pairs
      Two Pairs: Two different pairs of dice. Score: Sum of dice in those two pairs.
      | id                   | dice  | row       | score |
      | yatzy-en-two-pairs-1 | 33445 | Two Pairs | 14    |
      | yatzy-en-two-pairs-2 | 22236 | Two Pairs | 0     |
      | yatzy-en-two-pairs-3 | 33444 | Two Pairs | 14    |

    Examples: Three of a Kind
      Three of a Kind: Three dice showing the same number. Score: Sum of those three dice.
      | id                         | dice  | row             | score |
      | yatzy-en-three-of-a-kind-1 | 33345 | Three of a Kind | 9     |
      | yatzy-en-three-of-a-kind-2 | 55555 | Three of a Kind | 15    |
      | yatzy-en-three-of-a-kind-3 | 33445 | Three of a Kind | 0     |

    Examples: Four of a Kind
      Four of a Kind: Four dice with the same number. Score: Sum of those four dice.
      | id                        | dice  | row            | score |
      | yatzy-en-four-of-a-kind-1 | 24444 | Four of a Kind | 16    |
      | yatzy-en-four-of-a-kind-2 | 66666 | Four of a Kind | 24    |
      | yatzy-en-four-of-a-kind-3 | 33345 | Four of a Kind | 0     |

    Examples: Small Straight
      Small Straight: The combination one-two-three-four-five. Score: 15 points (sum of all the dice).
      | id                        | dice  | row            | score |
      | yatzy-en-small-straight-1 | 52413 | Small Straight | 15    |
      | yatzy-en-small-straight-2 | 23456 | Small Straight | 0     |
      | yatzy-en-small-straight-3 | 12346 | Small Straight | 0     |

    Examples: Large Straight
      Large Straight: The combination 2-3-4-5-6. Score: 20 points (sum of all the dice).
      | id                        | dice  | row            | score |
      | yatzy-en-large-straight-1 | 65432 | Large Straight | 20    |
      | yatzy-en-large-straight-2 | 12345 | Large Straight | 0     |

    Examples: Full House
      Full House: Any set of three combined with a different pair. Score: Sum of all the dice.
      | id                    | dice  | row        | score |
      | yatzy-en-full-house-1 | 22666 | Full House | 22    |
      | yatzy-en-full-house-2 | 55555 | Full House | 0     |
      | yatzy-en-full-house-3 | 22266 | Full House | 18    |

    Examples: Chance
      Chance: Any combination of dice. Score: Sum of all the dice.
      | id                | dice  | row    | score |
      | yatzy-en-chance-1 | 13456 | Chance | 19    |

    Examples: Yatzy
      Yatzy: All five dice with the same number. Score: 50 points.
      | id               | dice  | row   | score |
      | yatzy-en-yatzy-1 | 11111 | Yatzy | 50    |
      | yatzy-en-yatzy-2 | 66665 | Yatzy | 0     |

    Examples: The article's example of two pairs
      Two Pairs and Full House must have different numbers so that the combination 15566 will score 22 as Two Pairs, but 15555 will score nothing
      | id                         | dice  | row       | score |
      | yatzy-en-article-15566     | 15566 | Two Pairs | 22    |
      | yatzy-en-article-15555     | 15555 | Two Pairs | 0     |

  @id:yatzy-en-one-pair-highest @gap @rule:one-pair
  Scenario: One Pair scores the highest pair shown
    One Pair: Two dice showing the same number. Score: Sum of those two dice.
    Given the dice show 66553
    Then the "One Pair" row scores 12

  @id:yatzy-en-one-pair-none @rule:one-pair
  Scenario: One Pair scores 0 without two equal dice
    One Pair: Two dice showing the same number.
    Given the dice show 12346
    Then the "One Pair" row scores 0

  @id:yatzy-en-bonus-at-63 @rule:bonus
  Scenario: Three of each face in the upper section earns the 50 bonus
    If a player manages to score at least 63 points (an average of three of each number) in the upper section, they are awarded a bonus of 50 points.
    Given a game of 1 player
    When these turns are played:
      | roll  | row    |
      | 11123 | ones   |
      | 22213 | twos   |
      | 33312 | threes |
      | 44412 | fours  |
      | 55512 | fives  |
      | 66612 | sixes  |
    Then player 1 has 50 in "bonus"
    And player 1 has 113 in "upper_total"

  @id:yatzy-en-bonus-below-63 @rule:bonus
  Scenario: Less than 63 in the upper section earns no bonus
    If a player manages to score at least 63 points (an average of three of each number) in the upper section, they are awarded a bonus of 50 points.
    Given a game of 1 player
    When these turns are played:
      | roll  | row    |
      | 11123 | ones   |
      | 22213 | twos   |
      | 33312 | threes |
      | 44412 | fours  |
      | 55512 | fives  |
      | 66123 | sixes  |
    Then player 1 has 0 in "bonus"
    And player 1 has 57 in "upper_total"

  @id:yatzy-en-two-rerolls @rule:turns
  Scenario: A turn has at most two rerolls
    A player may reroll some or all of the dice up to two times on a turn.
    Given a game of 1 player
    When the player rolls 12345
    And the player rerolls dice 1 and 2 and gets 66
    And the player rerolls dice 3 and gets 6
    And the player rerolls dice 4 and gets 6
    Then the last action is rejected as no-rolls-left and changes nothing

  @id:yatzy-en-maximum-score @rule:grand-total
  Scenario: The maximum score is 374, and the game ends when every box is used
    The maximum score is 374 (5 on the Ones, 10 on the Twos, 15 on the Threes, 20 on the Fours, 25 on the Fives, 30 on the Sixes, the 50 point bonus, 12 on the One Pair, 22 on the Two Pairs, 18 on the Three of a Kind, 24 on the Four of a Kind, 15 on the Small Straight, 20 on the Large Straight, 28 on the Full House, 30 on the Chance, and 50 on the Yatzy).
    Given a game of 1 player
    When these turns are played:
      | roll  | row             |
      | 11111 | ones            |
      | 22222 | twos            |
      | 33333 | threes          |
      | 44444 | fours           |
      | 55555 | fives           |
      | 66666 | sixes           |
      | 66123 | one_pair        |
      | 66553 | two_pairs       |
      | 66612 | three_of_a_kind |
      | 66661 | four_of_a_kind  |
      | 12345 | small_straight  |
      | 23456 | large_straight  |
      | 66655 | full_house      |
      | 66666 | chance          |
      | 44444 | yatzy           |
    Then the game is over
    And player 1 has 50 in "bonus"
    And player 1 has 374 in "grand_total"
