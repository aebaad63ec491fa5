@kiriki @source:normative
Feature: Kiriki rows: the edge cases that tell a right implementation from a nearly right one
  Normative cases of the reference behaviour (KDE Kiriki). Each Examples table says, in its
  description, which rule it pins down.

  @rule:<row>
  Scenario Outline: A roll scores in a row
    Given the dice show <dice>
    Then the "<row>" row scores <score>

    Examples: Upper rows count one face
      Pins down: ones..sixes score the count of that face times the face, 0 when it does not show.
      | id                     | dice  | row   | score |
      | kiriki-en-upper-1      | 66616 | sixes | 24    |
      | kiriki-en-upper-2      | 66616 | ones  | 1     |
      | kiriki-en-upper-3      | 66616 | twos  | 0     |
      | kiriki-en-upper-4      | 55555 | fives | 25    |
      | kiriki-en-upper-5      | 12345 | fours | 4     |

    Examples: Three and four of a kind mean at least three and four
      Pins down: three (four) of a kind scores the sum of all five dice when some face shows at least three (four) times.
      | id                     | dice  | row             | score |
      | kiriki-en-of-a-kind-1  | 22225 | three_of_a_kind | 13    |
      | kiriki-en-of-a-kind-2  | 22225 | four_of_a_kind  | 13    |
      | kiriki-en-of-a-kind-3  | 33333 | three_of_a_kind | 15    |
      | kiriki-en-of-a-kind-4  | 33333 | four_of_a_kind  | 15    |
      | kiriki-en-of-a-kind-5  | 22335 | three_of_a_kind | 0     |
      | kiriki-en-of-a-kind-6  | 22235 | four_of_a_kind  | 0     |
      | kiriki-en-of-a-kind-7  | 66612 | three_of_a_kind | 21    |

    Examples: A full house is exactly three and two
      Pins down: full house scores 25 only when one face shows exactly three times and another exactly twice.
      | id                     | dice  | row        | score |
      | kiriki-en-full-house-1 | 22333 | full_house | 25    |
      | kiriki-en-full-house-2 | 33222 | full_house | 25    |
      | kiriki-en-full-house-3 | 33333 | full_house | 0     |
      | kiriki-en-full-house-4 | 66666 | full_house | 0     |
      | kiriki-en-full-house-5 | 22223 | full_house | 0     |
      | kiriki-en-full-house-6 | 22234 | full_house | 0     |
      | kiriki-en-full-house-7 | 11223 | full_house | 0     |

    Examples: A small straight is any run of four
      Pins down: small straight scores 30 when the dice contain 1-2-3-4, 2-3-4-5 or 3-4-5-6, a large straight included.
      | id                          | dice  | row            | score |
      | kiriki-en-small-straight-1  | 12345 | small_straight | 30    |
      | kiriki-en-small-straight-2  | 23456 | small_straight | 30    |
      | kiriki-en-small-straight-3  | 12346 | small_straight | 30    |
      | kiriki-en-small-straight-4  | 11234 | small_straight | 30    |
      | kiriki-en-small-straight-5  | 34566 | small_straight | 30    |
      | kiriki-en-small-straight-6  | 13456 | small_straight | 30    |
      | kiriki-en-small-straight-7  | 12356 | small_straight | 0     |
      | kiriki-en-small-straight-8  | 12456 | small_straight | 0     |
      | kiriki-en-small-straight-9  | 11223 | small_straight | 0     |
      | kiriki-en-small-straight-10 | 33333 | small_straight | 0     |

    Examples: A large straight is a run of five
      Pins down: large straight scores 40 for 1-2-3-4-5 or 2-3-4-5-6, in any order.
      | id                         | dice  | row            | score |
      | kiriki-en-large-straight-1 | 12345 | large_straight | 40    |
      | kiriki-en-large-straight-2 | 65432 | large_straight | 40    |
      | kiriki-en-large-straight-3 | 12346 | large_straight | 0     |
      | kiriki-en-large-straight-4 | 13456 | large_straight | 0     |
      | kiriki-en-large-straight-5 | 12344 | large_straight | 0     |
      | kiriki-en-large-straight-6 | 55555 | large_straight | 0     |

    Examples: A kiriki is five of a kind
      Pins down: kiriki scores 50 for five of a kind and 0 otherwise.
      | id                 | dice  | row    | score |
      | kiriki-en-kiriki-1 | 66666 | kiriki | 50    |
      | kiriki-en-kiriki-2 | 11111 | kiriki | 50    |
      | kiriki-en-kiriki-3 | 66665 | kiriki | 0     |

    Examples: Chance takes any roll
      Pins down: chance scores the sum of the dice, whatever they show.
      | id                 | dice  | row    | score |
      | kiriki-en-chance-1 | 66666 | chance | 30    |
      | kiriki-en-chance-2 | 11111 | chance | 5     |
      | kiriki-en-chance-3 | 12346 | chance | 16    |

  @id:kiriki-en-zero-in-a-row-that-does-not-fit @rule:sheet
  Scenario: A roll that does not fit an open row scores 0 there
    Pins down: any open row may take any roll; a roll that does not fit the row scores 0 there.
    Given a game of 1 player
    When the player rolls 12345 and scores "kiriki"
    Then every action is accepted
    And player 1 has 0 in "kiriki"
    And player 1 has played 1 turns

  @id:kiriki-en-bonus-at-62 @rule:bonus
  Scenario: No bonus when the upper rows add up to 62
    Pins down: the bonus of 35 needs more than 62 in the upper rows.
    Given a game of 1 player
    When these turns are played:
      | dice  | row    |
      | 11234 | ones   |
      | 22213 | twos   |
      | 33312 | threes |
      | 44412 | fours  |
      | 55512 | fives  |
      | 66612 | sixes  |
    Then player 1 has 0 in "bonus"
    And player 1 has 62 in "upper_total"
    And player 1 has 62 in "grand_total"

  @id:kiriki-en-bonus-at-63 @rule:bonus
  Scenario: The bonus when the upper rows add up to 63
    Pins down: the bonus of 35 comes at 63 in the upper rows; the upper total includes it.
    Given a game of 1 player
    When these turns are played:
      | dice  | row    |
      | 11123 | ones   |
      | 22213 | twos   |
      | 33312 | threes |
      | 44412 | fours  |
      | 55512 | fives  |
      | 66612 | sixes  |
    Then player 1 has 35 in "bonus"
    And player 1 has 98 in "upper_total"
    And player 1 has 98 in "grand_total"

  @id:kiriki-en-bonus-once @rule:bonus
  Scenario: The bonus comes once, however high the upper rows go
    Pins down: the bonus is a fixed 35, not per point above 62.
    Given a game of 1 player
    When these turns are played:
      | dice  | row    |
      | 11111 | ones   |
      | 22222 | twos   |
      | 33333 | threes |
      | 44444 | fours  |
      | 55555 | fives  |
      | 66666 | sixes  |
    Then player 1 has 35 in "bonus"
    And player 1 has 140 in "upper_total"

  @id:kiriki-en-bonus-before-the-upper-rows-are-full @rule:bonus
  Scenario: The bonus counts as soon as the upper rows pass 62
    Pins down: the bonus depends on the upper rows' sum, not on all six being filled.
    Given a game of 1 player
    When these turns are played:
      | dice  | row    |
      | 66666 | sixes  |
      | 55555 | fives  |
      | 44444 | fours  |
    Then player 1 has "ones" empty
    And player 1 has 35 in "bonus"
    And player 1 has 110 in "upper_total"

  @id:kiriki-en-totals-without-bonus @rule:bonus
  Scenario: Totals without a bonus
    Pins down: upper total = upper rows + bonus; lower total = the seven lower rows; grand total = both.
    Given a game of 1 player
    When these turns are played:
      | dice  | row             |
      | 66612 | sixes           |
      | 14121 | three_of_a_kind |
      | 22333 | full_house      |
      | 21526 | chance          |
    Then player 1 has 0 in "bonus"
    And player 1 has 18 in "upper_total"
    And player 1 has 50 in "lower_total"
    And player 1 has 68 in "grand_total"

  @id:kiriki-en-derived-lines-are-not-playable @rule:sheet
  Scenario: The bonus and the totals are not playable
    Pins down: bonus, upper total, lower total and grand total are derived lines that no one scores in.
    Given a game of 1 player
    When the player rolls 12345
    And the player scores "bonus"
    Then the last action is rejected as not-playable and changes nothing
