@yacht @source:exercism-yacht-canonical-data.json
Feature: Yacht, the Exercism exercise's canonical test cases
  Transcription of fixtures/sources/exercism-yacht-canonical-data.json, the test data every
  language track of the Exercism exercise "yacht" derives its tests from: one case per entry,
  its description quoted, its dice, category and expected score as given. A solution of the
  exercise (a function of five dice and a category) passes these cases exactly when it agrees
  with the spec on them.

  @rule:<row>
  Scenario Outline: A canonical case scores the dice in one category
    Given the dice show <dice>
    Then the "<row>" row scores <score>

    Examples: Yacht
      "description": "Yacht",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-yacht                                               | 55555 | yacht           | 50    |

    Examples: Not Yacht
      "description": "Not Yacht",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-not-yacht                                           | 13325 | yacht           | 0     |

    Examples: Ones
      "description": "Ones",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-ones                                                | 11135 | ones            | 3     |

    Examples: Ones, out of order
      "description": "Ones, out of order",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-ones-out-of-order                                   | 31151 | ones            | 3     |

    Examples: No ones
      "description": "No ones",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-no-ones                                             | 43655 | ones            | 0     |

    Examples: Twos
      "description": "Twos",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-twos                                                | 23456 | twos            | 2     |

    Examples: Fours
      "description": "Fours",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-fours                                               | 14141 | fours           | 8     |

    Examples: Yacht counted as threes
      "description": "Yacht counted as threes",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-yacht-counted-as-threes                             | 33333 | threes          | 15    |

    Examples: Yacht of 3s counted as fives
      "description": "Yacht of 3s counted as fives",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-yacht-of-3s-counted-as-fives                        | 33333 | fives           | 0     |

    Examples: Sixes
      "description": "Sixes",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-sixes                                               | 23456 | sixes           | 6     |

    Examples: Full house two small, three big
      "description": "Full house two small, three big",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-full-house-two-small-three-big                      | 22444 | full house      | 16    |

    Examples: Full house three small, two big
      "description": "Full house three small, two big",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-full-house-three-small-two-big                      | 53353 | full house      | 19    |

    Examples: Two pair is not a full house
      "description": "Two pair is not a full house",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-two-pair-is-not-a-full-house                        | 22445 | full house      | 0     |

    Examples: Four of a kind is not a full house
      "description": "Four of a kind is not a full house",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-four-of-a-kind-is-not-a-full-house                  | 14444 | full house      | 0     |

    Examples: Yacht is not a full house
      "description": "Yacht is not a full house",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-yacht-is-not-a-full-house                           | 22222 | full house      | 0     |

    Examples: Four of a Kind
      "description": "Four of a Kind",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-four-of-a-kind                                      | 66466 | four of a kind  | 24    |

    Examples: Yacht can be scored as Four of a Kind
      "description": "Yacht can be scored as Four of a Kind",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-yacht-can-be-scored-as-four-of-a-kind               | 33333 | four of a kind  | 12    |

    Examples: Full house is not Four of a Kind
      "description": "Full house is not Four of a Kind",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-full-house-is-not-four-of-a-kind                    | 33355 | four of a kind  | 0     |

    Examples: Little Straight
      "description": "Little Straight",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-little-straight                                     | 35412 | little straight | 30    |

    Examples: Little Straight as Big Straight
      "description": "Little Straight as Big Straight",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-little-straight-as-big-straight                     | 12345 | big straight    | 0     |

    Examples: Four in order but not a little straight
      "description": "Four in order but not a little straight",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-four-in-order-but-not-a-little-straight             | 11234 | little straight | 0     |

    Examples: No pairs but not a little straight
      "description": "No pairs but not a little straight",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-no-pairs-but-not-a-little-straight                  | 12346 | little straight | 0     |

    Examples: Minimum is 1, maximum is 5, but not a little straight
      "description": "Minimum is 1, maximum is 5, but not a little straight",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-minimum-is-1-maximum-is-5-but-not-a-little-straight | 11345 | little straight | 0     |

    Examples: Big Straight
      "description": "Big Straight",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-big-straight                                        | 46253 | big straight    | 30    |

    Examples: Big Straight as little straight
      "description": "Big Straight as little straight",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-big-straight-as-little-straight                     | 65432 | little straight | 0     |

    Examples: No pairs but not a big straight
      "description": "No pairs but not a big straight",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-no-pairs-but-not-a-big-straight                     | 65431 | big straight    | 0     |

    Examples: Choice
      "description": "Choice",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-choice                                              | 33566 | choice          | 23    |

    Examples: Yacht as choice
      "description": "Yacht as choice",
      | id                                                                     | dice  | row             | score |
      | yacht-en-canonical-yacht-as-choice                                     | 22222 | choice          | 10    |
