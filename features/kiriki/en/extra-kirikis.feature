@kiriki @source:normative
Feature: Extra kirikis: a second five of a kind adds 50 and one more turn at the end
  Normative cases of KDE Kiriki's repeat-kiriki rule, which is unlike Yahtzee's bonus and joker
  rules: once the kiriki cell holds more than 0, another five of a kind may be added to it
  (+50). That fills no row, so the player has one more turn at the end of the game.

  @id:kiriki-en-second-kiriki-adds-50 @rule:kiriki
  Scenario: A second kiriki adds 50 to the kiriki cell and earns a turn
    Pins down: a five of a kind scored in a kiriki cell above 0 adds 50 to it and fills no row.
    Given a game of 1 player
    When the player rolls 11111 and scores "kiriki"
    And the player rolls 22222 and scores "kiriki"
    Then player 1 has 100 in "kiriki"
    And player 1 has earned 1 extra turn
    And player 1 has played 2 turns
    And player 1 has 100 in "lower_total"

  @id:kiriki-en-third-kiriki-adds-50-more @rule:kiriki
  Scenario: Every further kiriki adds 50 more
    Pins down: there is no limit on repeat kirikis: 100, 150, 200, and one extra turn each.
    Given a game of 1 player
    When the player rolls 11111 and scores "kiriki"
    And the player rolls 22222 and scores "kiriki"
    And the player rolls 33333 and scores "kiriki"
    And the player rolls 44444 and scores "kiriki"
    Then player 1 has 200 in "kiriki"
    And player 1 has earned 3 extra turns

  @id:kiriki-en-first-kiriki-no-extra-turn @rule:extra-turns
  Scenario: The first kiriki earns no extra turn
    Pins down: only kirikis after the first earn a turn; the first fills the kiriki row.
    Given a game of 1 player
    When the player rolls 66666 and scores "kiriki"
    Then player 1 has 50 in "kiriki"
    And player 1 has earned 0 extra turns

  @id:kiriki-en-scratched-kiriki-takes-no-kiriki @rule:kiriki
  Scenario: A kiriki cell scratched with 0 takes no later kiriki
    Pins down: a repeat kiriki needs a kiriki cell above 0.
    Given a game of 1 player
    When the player rolls 12345 and scores "kiriki"
    And the player rolls 66666 and scores "kiriki"
    Then the last action is rejected as row-used and changes nothing

  @id:kiriki-en-repeat-needs-five-of-a-kind @rule:extra-turns
  Scenario: A filled kiriki cell takes only another five of a kind
    Pins down: the kiriki cell is filled once; only a five of a kind may be added to it later.
    Given a game of 1 player
    When the player rolls 55555 and scores "kiriki"
    And the player rolls 55554 and scores "kiriki"
    Then the last action is rejected as row-used and changes nothing

  @id:kiriki-en-repeat-kiriki-in-another-row @rule:extra-turns
  Scenario: A repeat five of a kind may go in any other open row
    Pins down: a repeat kiriki may instead be scored normally in an open row, with no extra turn.
    Given a game of 1 player
    When the player rolls 11111 and scores "kiriki"
    And the player rolls 66666 and scores "sixes"
    Then player 1 has 30 in "sixes"
    And player 1 has 50 in "kiriki"
    And player 1 has earned 0 extra turns

  @id:kiriki-en-repeat-kiriki-as-three-of-a-kind @rule:three-of-a-kind
  Scenario: A repeat five of a kind scores its sum as three of a kind
    Pins down: five of a kind is also three and four of a kind.
    Given a game of 1 player
    When the player rolls 11111 and scores "kiriki"
    And the player rolls 44444 and scores "three_of_a_kind"
    Then player 1 has 20 in "three_of_a_kind"

  @id:kiriki-en-extra-turn-comes-at-the-end @rule:extra-turns
  Scenario: The player with a repeat kiriki plays one more turn after the others are done
    Pins down: play goes on in fixed order, skipping every player whose sheet is full, until every sheet is full.
    Given a game of 2 players
    When these turns are played:
      | player | dice  | row             |
      | 1      | 11111 | kiriki          |
      | 2      | 11123 | ones            |
      | 1      | 22222 | kiriki          |
      | 2      | 22213 | twos            |
      | 1      | 11123 | ones            |
      | 2      | 33312 | threes          |
      | 1      | 22213 | twos            |
      | 2      | 44412 | fours           |
      | 1      | 33312 | threes          |
      | 2      | 55512 | fives           |
      | 1      | 44412 | fours           |
      | 2      | 66612 | sixes           |
      | 1      | 55512 | fives           |
      | 2      | 14121 | three_of_a_kind |
      | 1      | 66612 | sixes           |
      | 2      | 41444 | four_of_a_kind  |
      | 1      | 14121 | three_of_a_kind |
      | 2      | 11212 | full_house      |
      | 1      | 41444 | four_of_a_kind  |
      | 2      | 14312 | small_straight  |
      | 1      | 11212 | full_house      |
      | 2      | 34152 | large_straight  |
      | 1      | 14312 | small_straight  |
      | 2      | 12346 | kiriki          |
      | 1      | 34152 | large_straight  |
      | 2      | 21526 | chance          |
    Then the game is not over
    And it is player 1's turn
    And player 1 has played 13 turns
    And player 1 has "chance" empty
    And player 2 has played 13 turns

  @id:kiriki-en-extra-turn-ends-the-game @rule:extra-turns
  Scenario: The game ends when the last extra turn is played
    Pins down: the game ends when every player's 13 rows are filled.
    Given a game of 2 players
    When these turns are played:
      | player | dice  | row             |
      | 1      | 11111 | kiriki          |
      | 2      | 11123 | ones            |
      | 1      | 22222 | kiriki          |
      | 2      | 22213 | twos            |
      | 1      | 11123 | ones            |
      | 2      | 33312 | threes          |
      | 1      | 22213 | twos            |
      | 2      | 44412 | fours           |
      | 1      | 33312 | threes          |
      | 2      | 55512 | fives           |
      | 1      | 44412 | fours           |
      | 2      | 66612 | sixes           |
      | 1      | 55512 | fives           |
      | 2      | 14121 | three_of_a_kind |
      | 1      | 66612 | sixes           |
      | 2      | 41444 | four_of_a_kind  |
      | 1      | 14121 | three_of_a_kind |
      | 2      | 11212 | full_house      |
      | 1      | 41444 | four_of_a_kind  |
      | 2      | 14312 | small_straight  |
      | 1      | 11212 | full_house      |
      | 2      | 34152 | large_straight  |
      | 1      | 14312 | small_straight  |
      | 2      | 12346 | kiriki          |
      | 1      | 34152 | large_straight  |
      | 2      | 21526 | chance          |
      | 1      | 21526 | chance          |
    Then the game is over
    And player 1 has played 14 turns
    And player 1 has 100 in "kiriki"
    And player 1 has 335 in "grand_total"
    And player 2 has 235 in "grand_total"

  @id:kiriki-en-two-extra-turns-alternate @rule:extra-turns
  Scenario: Two players owed extra turns play them in turn order
    Pins down: each extra kiriki is one extra turn at the end; two players owed extra turns alternate.
    Given a game of 2 players
    When these turns are played:
      | player | dice  | row             |
      | 1      | 11111 | kiriki          |
      | 2      | 33333 | kiriki          |
      | 1      | 22222 | kiriki          |
      | 2      | 44444 | kiriki          |
      | 1      | 11123 | ones            |
      | 2      | 11123 | ones            |
      | 1      | 22213 | twos            |
      | 2      | 22213 | twos            |
      | 1      | 33312 | threes          |
      | 2      | 33312 | threes          |
      | 1      | 44412 | fours           |
      | 2      | 44412 | fours           |
      | 1      | 55512 | fives           |
      | 2      | 55512 | fives           |
      | 1      | 66612 | sixes           |
      | 2      | 66612 | sixes           |
      | 1      | 14121 | three_of_a_kind |
      | 2      | 14121 | three_of_a_kind |
      | 1      | 41444 | four_of_a_kind  |
      | 2      | 41444 | four_of_a_kind  |
      | 1      | 11212 | full_house      |
      | 2      | 11212 | full_house      |
      | 1      | 14312 | small_straight  |
      | 2      | 14312 | small_straight  |
      | 1      | 34152 | large_straight  |
      | 2      | 34152 | large_straight  |
      | 1      | 21526 | chance          |
    Then the game is not over
    And it is player 2's turn
    And player 1 has played 14 turns
    And player 2 has played 13 turns

  @id:kiriki-en-kiriki-in-an-extra-turn @rule:extra-turns
  Scenario: A kiriki rolled in an extra turn earns another turn
    Pins down: an extra turn is a normal turn; a repeat kiriki in it adds 50 and one more turn.
    Given a game of 1 player
    When these turns are played:
      | dice  | row             |
      | 11111 | kiriki          |
      | 22222 | kiriki          |
      | 11123 | ones            |
      | 22213 | twos            |
      | 33312 | threes          |
      | 44412 | fours           |
      | 55512 | fives           |
      | 66612 | sixes           |
      | 14121 | three_of_a_kind |
      | 41444 | four_of_a_kind  |
      | 11212 | full_house      |
      | 14312 | small_straight  |
      | 34152 | large_straight  |
      | 66666 | kiriki          |
    Then the game is not over
    And player 1 has 150 in "kiriki"
    And player 1 has earned 2 extra turns
    And player 1 has played 14 turns
    And player 1 has "chance" empty

  @id:kiriki-en-scratched-kiriki-then-five-of-a-kind @rule:extra-turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario: After a kiriki scratched with 0, a five of a kind scores in an open row and earns no turn
    Pins down: a kiriki row scratched with 0 earns no turn, and a later five of a kind goes in an open row at that row's value, adding nothing to the kiriki cell and earning no turn.
    Given a game of 1 player
    When the player rolls 12345 and scores "kiriki"
    And the player rolls 66666 and scores "sixes"
    Then player 1 has 0 in "kiriki"
    And player 1 has 30 in "sixes"
    And player 1 has earned 0 extra turns
    And player 1 has played 2 turns

  @id:kiriki-en-five-of-a-kind-outside-an-open-kiriki-row @rule:extra-turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario: A five of a kind scored outside the open kiriki row earns no turn and leaves it open
    Pins down: only a five of a kind scored in the kiriki row counts as a kiriki; one scored in another row earns no turn, and the kiriki row stays open for a later one.
    Given a game of 1 player
    When the player rolls 44444 and scores "fours"
    Then player 1 has 20 in "fours"
    And player 1 has "kiriki" empty
    And player 1 has earned 0 extra turns

  @rule:<row> @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenario Outline: A five of a kind in the full house or a straight row scores 0 in a game
    Given a game of 1 player
    When the player rolls <first> and scores "<first_row>"
    And the player rolls <dice> and scores "<row>"
    Then player 1 has <score> in "<row>"
    And player 1 has played 2 turns

    Examples: No joker: a five of a kind is neither a full house nor a straight
      Pins down: there is no joker; whether the kiriki row is open, holds 50 or holds 0, a five of a kind scores 0 in the full house, small straight and large straight rows, like any roll that does not fit them.
      | id                                  | first | first_row | dice  | row            | score |
      | kiriki-en-five-of-a-kind-no-joker-1 | 12346 | chance    | 33333 | full_house     | 0     |
      | kiriki-en-five-of-a-kind-no-joker-2 | 12346 | chance    | 22222 | small_straight | 0     |
      | kiriki-en-five-of-a-kind-no-joker-3 | 12346 | chance    | 55555 | large_straight | 0     |
      | kiriki-en-five-of-a-kind-no-joker-4 | 11111 | kiriki    | 33333 | full_house     | 0     |
      | kiriki-en-five-of-a-kind-no-joker-5 | 11111 | kiriki    | 22222 | small_straight | 0     |
      | kiriki-en-five-of-a-kind-no-joker-6 | 11111 | kiriki    | 55555 | large_straight | 0     |
      | kiriki-en-five-of-a-kind-no-joker-7 | 12345 | kiriki    | 33333 | full_house     | 0     |
      | kiriki-en-five-of-a-kind-no-joker-8 | 12345 | kiriki    | 22222 | small_straight | 0     |
      | kiriki-en-five-of-a-kind-no-joker-9 | 12345 | kiriki    | 55555 | large_straight | 0     |

  @id:kiriki-en-repeat-kiriki-in-the-last-turn @rule:extra-turns
  Scenario: A repeat kiriki rolled with one row left earns a turn to fill it
    Pins down: a repeat kiriki in what would be the player's last turn adds 50 and fills no row, so the last open row is filled in the extra turn, and only then is the game over.
    Given a game of 1 player
    When these turns are played:
      | dice  | row             |
      | 11111 | kiriki          |
      | 11123 | ones            |
      | 22213 | twos            |
      | 33312 | threes          |
      | 44412 | fours           |
      | 55512 | fives           |
      | 66612 | sixes           |
      | 14121 | three_of_a_kind |
      | 41444 | four_of_a_kind  |
      | 11212 | full_house      |
      | 14312 | small_straight  |
      | 34152 | large_straight  |
      | 33333 | kiriki          |
      | 21526 | chance          |
    Then the game is over
    And player 1 has played 14 turns
    And player 1 has earned 1 extra turn
    And player 1 has 100 in "kiriki"
    And player 1 has 335 in "grand_total"

  @id:kiriki-en-no-joker @rule:kiriki
  Scenario: A repeat five of a kind is no joker: it scores 0 in the full house
    Pins down: Kiriki has no joker; a five of a kind after a kiriki scores each row as that row scores it.
    Given a game of 1 player
    When the player rolls 11111 and scores "kiriki"
    And the player rolls 44412 and scores "fours"
    And the player rolls 44444 and scores "full_house"
    Then player 1 has 0 in "full_house"
    And player 1 has 50 in "kiriki"
