@generala @source:normative
Feature: Generala's first roll, served Generala and Double Generala: the edge cases
  Normative cases of the rules the reference ruleset generala adds to a score sheet: the points a
  combination made with the turn's first roll adds, the served Generala that ends the game at
  once, and Double Generala, which scores only once the Generala row holds points.

  @id:generala-en-first-roll-after-reroll @rule:straight
  Scenario: A straight made after a reroll earns no first-roll points
    Pins down: the first-roll points need the turn's first roll; a reroll loses them.
    Given a game of 2 players
    When the player rolls 12344
    And the player rerolls dice 5 and gets 5
    And the player scores "Straight"
    Then player 1 has 20 in "Straight"

  @id:generala-en-first-roll-not-fitting @rule:straight
  Scenario: A first roll that is no straight scores nothing in the straight
    Pins down: the first-roll points come only with a fitting roll; a scratch on the first roll stays 0.
    Given a game of 2 players
    When the player rolls 12346 and scores "Straight"
    Then player 1 has 0 in "Straight"

  @id:generala-en-first-roll-upper-row @rule:fours
  Scenario: A first roll scored in an upper row adds nothing
    Pins down: only the rows with first-roll points add them.
    Given a game of 2 players
    When the player rolls 44442 and scores "Fours"
    Then player 1 has 16 in "Fours"

  @id:generala-en-served-ends-at-once @rule:generala @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: A served Generala ends the game at once: no one plays again
    Pins down: the served Generala ends the game for every player, whatever rows are open.
    Given a game of 3 players
    When the player rolls 12346 and scores "Ones"
    And the player rolls 44444 and scores "Generala"
    And the player rolls 12345
    Then the last action is rejected as game-over and changes nothing

  @id:generala-en-served-last-to-act @rule:generala @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: Once a served Generala ends the game, its server is the last to have played
    Pins down: a game a served Generala ends is over with its server as the player last to act, as at the end of any game: the answer's current player is the server, not the next in turn.
    Given a game of 3 players
    When the player rolls 12346 and scores "Ones"
    And the player rolls 44444 and scores "Generala"
    Then the game is over
    And it is player 2's turn

  @id:generala-en-served-wins-alone @rule:generala @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: A served Generala wins alone, against more points
    Pins down: the player who serves a Generala wins, though another player has more points.
    Given a game of 2 players
    When these turns are played:
      | player | roll  | row            |
      | 1      | 66661 | four_of_a_kind |
      | 2      | 12346 | ones           |
      | 1      | 22333 | full_house     |
      | 2      | 11111 | generala       |
    Then the game is over
    And player 1 has 80 in "grand_total"
    And player 2 has 51 in "grand_total"
    And player 2 wins

  @id:generala-en-generala-after-reroll @rule:generala @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: A Generala made after a reroll scores 50 and the game goes on
    Pins down: only a Generala with the turn's first roll wins at once.
    Given a game of 2 players
    When the player rolls 33331
    And the player rerolls dice 5 and gets 3
    And the player scores "Generala"
    Then player 1 has 50 in "Generala"
    And the game is not over
    And it is player 2's turn

  @id:generala-en-served-in-double @rule:double-generala @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: A served Generala scored in Double Generala scores 100 and does not win
    Pins down: the win at once belongs to the Generala row alone.
    Given a game of 2 players
    When these turns are played:
      | player | roll  | reroll | row             |
      | 1      | 22221 | 5=2    | generala        |
      | 2      | 12346 |        | ones            |
      | 1      | 55555 |        | double_generala |
    Then player 1 has 100 in "Double Generala"
    And the game is not over

  @id:generala-en-double-after-scratch @rule:double-generala @ruleset:generala-60 @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: Double Generala after a scratched Generala scores 0
    Pins down: Double Generala needs points in the Generala row; a 0 there is not enough.
    Given a game of 2 players
    When these turns are played:
      | player | roll  | reroll | row             |
      | 1      | 12346 |        | generala        |
      | 2      | 12346 |        | ones            |
      | 1      | 66661 | 5=6    | double_generala |
    Then player 1 has 0 in "Double Generala"
    And player 1 has 0 in "Generala"

  @id:generala-en-double-before-then-generala @rule:double-generala @ruleset:generala-first-roll-10 @ruleset:generala-one-as-two @ruleset:generala-wrap
  Scenario: A Double Generala filled before the Generala stays 0
    Pins down: a row that requires another may be filled first, for 0, and keeps its 0.
    Given a game of 2 players
    When these turns are played:
      | player | roll  | reroll | row             |
      | 1      | 33331 | 5=3    | double_generala |
      | 2      | 12346 |        | ones            |
      | 1      | 44441 | 5=4    | generala        |
    Then player 1 has 0 in "Double Generala"
    And player 1 has 50 in "Generala"

  @id:generala-en-four-of-a-kind-five @rule:four-of-a-kind
  Scenario: Five of a kind is four of a kind too
    Pins down: four of a kind takes at least four dice of a number, not exactly four.
    Given the dice show 22222
    Then the "Four of a kind" row scores 40

  @id:generala-en-no-joker-full-house @rule:full-house
  Scenario: A Generala is no full house
    Pins down: without a joker, five of a kind scores 0 in the full house.
    Given the dice show 44444
    Then the "Full house" row scores 0
