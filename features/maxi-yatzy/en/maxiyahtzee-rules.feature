@maxi_yatzy @source:maxiyahtzee-rules-summary-en.txt
Feature: Maxi Yatzy, as maxiyahtzee.com gives its rules
  Transcription of fixtures/sources/maxiyahtzee-rules-summary-en.txt, our summary of the page
  "MaxiYatzy rules" (whose text is not copied): the page's worked example for every row, with
  further dice chosen to show a rule, the bonus, and the turn's rolls, saved when unused.

  @rule:<row>
  Scenario Outline: Each row scores as the page's example
    Given the dice show <dice>
    Then the "<row>" row scores <score>

    Examples: Ones
      Ones: the dice showing 1, added up. Example: 3 1 1 6 1 4 = 3 points.
      | id                   | dice   | row  | score |
      | maxi-yatzy-en-ones-1 | 311614 | Ones | 3     |

    Examples: Twos
      Twos: the dice showing 2, added up. Example: 2 5 4 3 2 6 = 4 points.
      | id                   | dice   | row  | score |
      | maxi-yatzy-en-twos-1 | 254326 | Twos | 4     |

    Examples: Threes
      Threes: the dice showing 3, added up. Example: 3 2 1 3 4 3 = 9 points.
      | id                     | dice   | row    | score |
      | maxi-yatzy-en-threes-1 | 321343 | Threes | 9     |

    Examples: Fours
      Fours: the dice showing 4, added up. Example: 4 4 3 4 5 4 = 16 points.
      | id                    | dice   | row   | score |
      | maxi-yatzy-en-fours-1 | 443454 | Fours | 16    |

    Examples: Fives
      Fives: the dice showing 5, added up. Example: 5 1 2 5 5 4 = 15 points.
      | id                    | dice   | row   | score |
      | maxi-yatzy-en-fives-1 | 512554 | Fives | 15    |

    Examples: Sixes
      Sixes: the dice showing 6, added up. Example: 4 6 3 1 6 6 = 18 points.
      | id                    | dice   | row   | score |
      | maxi-yatzy-en-sixes-1 | 463166 | Sixes | 18    |

    Examples: One pair
      One pair: two dice of one value; the two dice are added up. Example: 6 4 2 6 5 1 = 12 points.
      | id                       | dice   | row      | score |
      | maxi-yatzy-en-one-pair-1 | 642651 | One pair | 12    |
      | maxi-yatzy-en-one-pair-2 | 123456 | One pair | 0     |

    Examples: Two pairs
      Two pairs: two pairs of different values. Example: 2 1 3 3 5 5 = 16 points.
      | id                        | dice   | row       | score |
      | maxi-yatzy-en-two-pairs-1 | 213355 | Two pairs | 16    |
      | maxi-yatzy-en-two-pairs-2 | 333312 | Two pairs | 0     |

    Examples: Three pairs
      Three pairs: three pairs of different values. Example: 2 2 5 5 6 6 = 26 points.
      | id                          | dice   | row         | score |
      | maxi-yatzy-en-three-pairs-1 | 225566 | Three pairs | 26    |
      | maxi-yatzy-en-three-pairs-2 | 555566 | Three pairs | 0     |

    Examples: 3 of a kind
      3 of a kind: three dice of one value. Example: 4 5 3 5 5 4 = 15 points.
      | id                              | dice   | row         | score |
      | maxi-yatzy-en-three-of-a-kind-1 | 453554 | 3 of a kind | 15    |
      | maxi-yatzy-en-three-of-a-kind-2 | 445566 | 3 of a kind | 0     |

    Examples: 4 of a kind
      4 of a kind: four dice of one value. Example: 2 4 2 2 5 2 = 8 points.
      | id                             | dice   | row         | score |
      | maxi-yatzy-en-four-of-a-kind-1 | 242252 | 4 of a kind | 8     |
      | maxi-yatzy-en-four-of-a-kind-2 | 222555 | 4 of a kind | 0     |

    Examples: 5 of a kind
      5 of a kind: five dice of one value. Example: 3 3 2 3 3 3 = 15 points.
      | id                             | dice   | row         | score |
      | maxi-yatzy-en-five-of-a-kind-1 | 332333 | 5 of a kind | 15    |
      | maxi-yatzy-en-five-of-a-kind-2 | 333322 | 5 of a kind | 0     |

    Examples: Small straight
      Small straight: the dice show 1, 2, 3, 4 and 5, the sixth die anything; worth 15 points. Example: 1 2 3 4 5 3 = 15 points.
      | id                             | dice   | row            | score |
      | maxi-yatzy-en-small-straight-1 | 123453 | Small straight | 15    |
      | maxi-yatzy-en-small-straight-2 | 123456 | Small straight | 15    |
      | maxi-yatzy-en-small-straight-3 | 234566 | Small straight | 0     |

    Examples: Large straight
      Large straight: the dice show 2, 3, 4, 5 and 6, the sixth die anything; worth 20 points. Example: 2 3 4 5 6 6 = 20 points.
      | id                             | dice   | row            | score |
      | maxi-yatzy-en-large-straight-1 | 234566 | Large straight | 20    |
      | maxi-yatzy-en-large-straight-2 | 123456 | Large straight | 20    |
      | maxi-yatzy-en-large-straight-3 | 123451 | Large straight | 0     |

    Examples: Full straight
      Full straight: the dice show 1, 2, 3, 4, 5 and 6; worth 21 points. Example: 1 2 3 4 5 6 = 21 points.
      | id                            | dice   | row           | score |
      | maxi-yatzy-en-full-straight-1 | 123456 | Full straight | 21    |
      | maxi-yatzy-en-full-straight-2 | 123455 | Full straight | 0     |

    Examples: Full house
      Full house (2+3): a pair and three of a kind, of different values. Example: 3 4 4 6 6 6 = 26 points.
      | id                         | dice   | row        | score |
      | maxi-yatzy-en-full-house-1 | 344666 | Full house | 26    |
      | maxi-yatzy-en-full-house-2 | 666666 | Full house | 0     |

    Examples: Villa
      Villa (3+3): two three of a kinds, of different values. Example: 2 2 2 5 5 5 = 21 points.
      | id                    | dice   | row   | score |
      | maxi-yatzy-en-villa-1 | 222555 | Villa | 21    |
      | maxi-yatzy-en-villa-2 | 555555 | Villa | 0     |

    Examples: Tower
      Tower (2+4): a pair and four of a kind, of different values. Example: 3 3 6 6 6 6 = 30 points.
      | id                    | dice   | row   | score |
      | maxi-yatzy-en-tower-1 | 336666 | Tower | 30    |
      | maxi-yatzy-en-tower-2 | 666666 | Tower | 0     |

    Examples: Chance
      Chance: all the dice added up. Example: 3 4 2 6 5 4 = 24 points.
      | id                     | dice   | row    | score |
      | maxi-yatzy-en-chance-1 | 342654 | Chance | 24    |

    Examples: Maxi Yatzy
      Maxi Yatzy: all six dice of one value; worth 100 points. Example: 4 4 4 4 4 4 = 100 points.
      | id                         | dice   | row        | score |
      | maxi-yatzy-en-maxi-yatzy-1 | 444444 | Maxi Yatzy | 100   |
      | maxi-yatzy-en-maxi-yatzy-2 | 444441 | Maxi Yatzy | 0     |

  @id:maxi-yatzy-en-bonus-at-84 @rule:bonus
  Scenario: 84 in the upper rows earns the 100 bonus
    Bonus: 100 points when Ones to Sixes add up to 84 points or more
    Given a game of 1 player
    When these turns are played:
      | roll   | row    |
      | 111123 | ones   |
      | 222213 | twos   |
      | 333312 | threes |
      | 444412 | fours  |
      | 555512 | fives  |
      | 666612 | sixes  |
    Then player 1 has 184 in "upper_total"
    And player 1 has 100 in "bonus"

  @id:maxi-yatzy-en-no-bonus-at-83 @rule:bonus
  Scenario: 83 in the upper rows earns no bonus
    0 points at 83 or less.
    Given a game of 1 player
    When these turns are played:
      | roll   | row    |
      | 111234 | ones   |
      | 222213 | twos   |
      | 333312 | threes |
      | 444412 | fours  |
      | 555512 | fives  |
      | 666612 | sixes  |
    Then player 1 has 83 in "upper_total"
    And player 1 has 0 in "bonus"

  @id:maxi-yatzy-en-three-rolls @rule:turns @ruleset:maxi-yatzy-teemeam
  Scenario: A turn has three rolls of its own
    Turns: a turn has three rolls.
    Given a game of 1 player
    When the player rolls 123456
    And the player rerolls dice 1 and gets 6
    And the player rerolls dice 2 and gets 6
    And the player rerolls dice 3 and gets 6
    Then the last action is rejected as no-rolls-left and changes nothing

  @id:maxi-yatzy-en-one-roll-needed @rule:turns @ruleset:maxi-yatzy-teemeam
  Scenario: A turn must roll before it scores
    A turn must make at least one roll.
    Given a game of 1 player
    When the player scores "Chance"
    Then the last action is rejected as not-rolled and changes nothing

  @id:maxi-yatzy-en-unused-rolls-saved @rule:saved-rolls @ruleset:maxi-yatzy-teemeam
  Scenario: The rolls a turn leaves unused are saved for the next turn
    The rolls a turn leaves unused are saved for the player's following turns.
    Given a game of 1 player
    When the player rolls 123456 and scores "Full straight"
    And the player rolls 111123
    And the player rerolls dice 5 and 6 and gets 11
    And the player rerolls dice 4 and gets 1
    And the player rerolls dice 3 and gets 2
    And the player rerolls dice 3 and gets 1
    And the player scores "Maxi Yatzy"
    Then player 1 has 100 in "Maxi Yatzy"
    And player 1 has 0 saved rolls

  @id:maxi-yatzy-en-teemeam-bonus-50-at-75 @erratum @variant @ruleset:maxi-yatzy-teemeam @rule:bonus
  Scenario: Another score sheet gives a bonus of 50 at 75
    a bonus of 50 points for at least 75 in the upper section
    Given a game of 1 player
    When these turns are played:
      | roll   | row    |
      | 111123 | ones   |
      | 222213 | twos   |
      | 333312 | threes |
      | 444123 | fours  |
      | 555123 | fives  |
      | 666612 | sixes  |
    Then player 1 has 50 in "bonus"

  @id:maxi-yatzy-en-teemeam-full-house-sum @erratum @variant @ruleset:maxi-yatzy-teemeam @rule:full-house
  Scenario: Another score sheet scores a full house with all the dice
    a full house scoring the sum of all the dice
    Given the dice show 344666
    Then the "Full house" row scores 29
