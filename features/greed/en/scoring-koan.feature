@greed @source:ruby-koans-greed-en.txt
Feature: Greed, the scoring koan of the Ruby Koans (about_scoring_project.rb)
  Transcription of the comment and the tests of koans/about_scoring_project.rb, as their passages are
  kept in fixtures/sources/ruby-koans-greed-en.txt. The koan's score function is "the score of a
  single roll of the dice": what a roll can score at most, its scoring dice split the best way.
  Every rule, example and test is a case; the flagged ones are explained in fixtures/errata.yaml.

  @id:greed-en-koan-five-dice @rule:turn
  Scenario: A roll of Greed is of up to five dice
    Greed is a dice game where you roll up to five dice to accumulate points.
    Given a game of 2 players
    When the player rolls 11234
    Then every action is accepted
    And the player has 5 dice to roll

  @id:greed-en-koan-no-sixth-die @rule:turn
  Scenario: A roll of six dice is refused in Greed
    Greed is a dice game where you roll up to five dice to accumulate points.
    Given a game of 2 players
    When the player rolls 112345
    Then the last action is rejected as bad-dice and changes nothing

  @rule:<rule>
  Scenario Outline: The koan's scoring rules
    Given the dice show <dice>
    Then the most the dice can score is <points>

    Examples: A set of three ones
      A set of three ones is 1000 points
      | id                               | dice  | points | rule            |
      | greed-en-koan-three-ones         | 111   | 1000   | three-of-a-kind |
      | greed-en-koan-three-ones-in-five | 21141 | 1000   | three-of-a-kind |

    Examples: A set of three other numbers
      A set of three numbers (other than ones) is worth 100 times the number. (e.g. three fives is 500
      points).
      | id                         | dice | points | rule            |
      | greed-en-koan-three-twos   | 222  | 200    | three-of-a-kind |
      | greed-en-koan-three-threes | 333  | 300    | three-of-a-kind |
      | greed-en-koan-three-fours  | 444  | 400    | three-of-a-kind |
      | greed-en-koan-three-fives  | 555  | 500    | three-of-a-kind |
      | greed-en-koan-three-sixes  | 666  | 600    | three-of-a-kind |

    Examples: A one that is not part of a set of three
      A one (that is not part of a set of three) is worth 100 points.
      | id                              | dice  | points | rule           |
      | greed-en-koan-a-one             | 1     | 100    | singles        |
      | greed-en-koan-ones-beside-a-set | 22211 | 400    | singles        |
      | greed-en-koan-four-ones         | 1111  | 1100   | more-of-a-kind |
      | greed-en-koan-five-ones         | 11111 | 1200   | more-of-a-kind |

    Examples: A five that is not part of a set of three
      A five (that is not part of a set of three) is worth 50 points.
      | id                              | dice  | points | rule           |
      | greed-en-koan-a-five            | 5     | 50     | singles        |
      | greed-en-koan-five-beside-a-set | 66656 | 650    | singles        |
      | greed-en-koan-five-fives        | 55555 | 600    | more-of-a-kind |

    Examples: Everything else
      Everything else is worth 0 points.
      | id                            | dice  | points | rule           |
      | greed-en-koan-nothing-else    | 2346  | 0      | singles        |
      | greed-en-koan-no-four-twos    | 22226 | 200    | more-of-a-kind |
      | greed-en-koan-no-straight     | 23456 | 50     | straights      |
      | greed-en-koan-no-low-straight | 12345 | 150    | straights      |
      | greed-en-koan-no-pairs        | 22336 | 0      | patterns       |

  @rule:set-aside
  Scenario Outline: The koan's examples
    Given the dice show <dice>
    Then the most the dice can score is <points>

    Examples: Examples
      The following "score" function will be used calculate the score of a single roll of the dice. …
      score([1,1,1,5,1]) => 1150 points score([2,3,4,6,2]) => 0 points score([3,4,5,3,3]) => 350
      points score([1,5,1,2,4]) => 250 points
      | id                          | dice  | points |
      | greed-en-koan-example-11151 | 11151 | 1150   |
      | greed-en-koan-example-23462 | 23462 | 0      |
      | greed-en-koan-example-34533 | 34533 | 350    |
      | greed-en-koan-example-15124 | 15124 | 250    |

  @id:greed-en-koan-empty-list @erratum @rule:set-aside
  Scenario: The score of an empty list is zero
    def test_score_of_an_empty_list_is_zero assert_equal 0, score([])
    Then the most a roll of no dice can score is 0

  @rule:<rule>
  Scenario Outline: The koan's tests
    Given the dice show <dice>
    Then the most the dice can score is <points>

    Examples: test_score_of_a_single_roll_of_5_is_50
      def test_score_of_a_single_roll_of_5_is_50 assert_equal 50, score([5])
      | id                      | dice | points | rule    |
      | greed-en-koan-test-five | 5    | 50     | singles |

    Examples: test_score_of_a_single_roll_of_1_is_100
      def test_score_of_a_single_roll_of_1_is_100 assert_equal 100, score([1])
      | id                     | dice | points | rule    |
      | greed-en-koan-test-one | 1    | 100    | singles |

    Examples: test_score_of_mulitple_1s_and_5s_is_the_sum
      def test_score_of_mulitple_1s_and_5s_is_the_sum assert_equal 300, score([1,5,5,1])
      | id                            | dice | points | rule    |
      | greed-en-koan-test-ones-fives | 1551 | 300    | singles |

    Examples: test_score_of_single_2s_3s_4s_and_6s_are_zero
      def test_score_of_single_2s_3s_4s_and_6s_are_zero assert_equal 0, score([2,3,4,6])
      | id                            | dice | points | rule    |
      | greed-en-koan-test-no-scoring | 2346 | 0      | singles |

    Examples: test_score_of_a_triple_1_is_1000
      def test_score_of_a_triple_1_is_1000 assert_equal 1000, score([1,1,1])
      | id                            | dice | points | rule            |
      | greed-en-koan-test-triple-one | 111  | 1000   | three-of-a-kind |

    Examples: test_score_of_other_triples_is_100x
      def test_score_of_other_triples_is_100x assert_equal 200, score([2,2,2]) assert_equal 300,
      score([3,3,3]) assert_equal 400, score([4,4,4]) assert_equal 500, score([5,5,5]) assert_equal
      600, score([6,6,6])
      | id                              | dice | points | rule            |
      | greed-en-koan-test-triple-two   | 222  | 200    | three-of-a-kind |
      | greed-en-koan-test-triple-three | 333  | 300    | three-of-a-kind |
      | greed-en-koan-test-triple-four  | 444  | 400    | three-of-a-kind |
      | greed-en-koan-test-triple-five  | 555  | 500    | three-of-a-kind |
      | greed-en-koan-test-triple-six   | 666  | 600    | three-of-a-kind |

    Examples: test_score_of_mixed_is_sum
      def test_score_of_mixed_is_sum assert_equal 250, score([2,5,2,2,3]) assert_equal 550,
      score([5,5,5,5])
      | id                            | dice  | points | rule           |
      | greed-en-koan-test-mixed      | 25223 | 250    | singles        |
      | greed-en-koan-test-four-fives | 5555  | 550    | more-of-a-kind |
