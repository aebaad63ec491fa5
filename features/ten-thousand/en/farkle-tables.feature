@ten_thousand @source:normative @ruleset:farkle @ruleset:farkle-linear
Feature: 10000 and the Farkle tables: the edge cases all three rulesets agree on
  Normative cases that hold alike under the ruleset ten-thousand (the German text) and the two
  Farkle tables, farkle and farkle-linear: each runs under all three. Where the tables differ
  (four and more of a kind but four 5s, straights, three pairs, the entry, the final round), the
  cases are not here. Each scenario says which rule it pins down.

  @rule:three-of-a-kind
  Scenario Outline: Three of a kind and single dice score the same under every table
    Then setting aside <dice> scores <points>

    Examples: Shared values
      Pins down: three 1s score 1000, three of another face 100 times the face; a 1 scores 100, a 5 scores 50.
      | id                                 | dice | points |
      | ten-thousand-en-shared-three-ones  | 111  | 1000   |
      | ten-thousand-en-shared-three-twos  | 222  | 200    |
      | ten-thousand-en-shared-one-five    | 15   | 150    |

    @gap
    Examples: Three 5s
      Pins down: three 5s score 500, 100 times the face (the German text never values them).
      | id                                 | dice | points |
      | ten-thousand-en-shared-three-fives | 555  | 500    |

  @id:ten-thousand-en-shared-four-fives @rule:more-of-a-kind
  Scenario: Four 5s score 1000 under every table
    Pins down: four 5s are one combination worth 1000 (twice three 5s, or the fixed four of a kind), not three 5s and a 5.
    Given the dice show 555523
    Then the most the dice can score is 1000
    And setting aside 5555 scores 1000

  @id:ten-thousand-en-two-of-three-fives @rule:set-aside
  Scenario: Two of three 5s score as two single 5s
    Pins down: a part of a three of a kind scores as the single dice it holds, and a later 5 does not complete it.
    Given a game of 1 player
    When the player rolls 555234 and sets aside 55
    And the player rolls 5236 and sets aside 5
    Then the turn stands at 150 points
    And the player has 3 dice to roll

  @id:ten-thousand-en-roll-not-whole @rule:refused
  Scenario: A roll with scoring and non-scoring dice cannot be set aside whole
    Pins down: every die set aside must score, so a roll is set aside whole only when all of it scores.
    Given a game of 1 player
    When the player rolls 155236 and sets aside 155236
    Then the last action is rejected as not-scoring and changes nothing

  @id:ten-thousand-en-roll-not-whole-best-part @rule:set-aside
  Scenario: A roll that cannot be set aside whole still scores its best part
    Pins down: the most a roll can score is its best scoring part; the dice left are rolled again.
    Given a game of 1 player
    When the player rolls 155236 and sets aside 155
    Then the turn stands at 200 points
    And the player has 3 dice to roll

  @id:ten-thousand-en-farkle-after-hot-dice @gap @rule:farkle
  Scenario: A farkle after hot dice loses the whole turn
    Pins down: hot dice do not bank anything; a farkle on the six new dice loses every point of the turn.
    Given a game of 2 players
    When the player rolls 111234 and sets aside 111
    And the player rolls 555 and sets aside 555
    And the player rolls 234623
    Then player 1 has 0 points
    And the turn stands at 0 points
    And it is player 2's turn
    And player 1 is not on the board

  @id:ten-thousand-en-entry-then-farkle @rule:entry @ruleset:ten-thousand-exact
  Scenario: Passing the entry score within a turn that then farkles gets no one on the board
    Pins down: a player gets on the board by banking, not by reaching the entry score within a turn.
    Given a game of 2 players
    When the player rolls 111234 and sets aside 111
    And the player rolls 234
    Then player 1 is not on the board
    And player 1 has 0 points
    And it is player 2's turn

  @id:ten-thousand-en-one-player-reaches-target @rule:end
  Scenario: A player alone who reaches the target ends the game at once
    Pins down: a final round, where the ruleset has one, is played by the other players: a player alone has none.
    Given a game of 1 player
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | bank        |
    Then the game is over
    And player 1 has 10000 points
    And player 1 wins

  @id:ten-thousand-en-bank-past-target-counts @rule:end
  Scenario: A bank that passes the target counts in full
    Pins down: where the end need not hit the target exactly, a bank past it is added whole and reaches it.
    Given a game of 1 player
    When these actions are played:
      | action      |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 111234 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | bank        |
    Then the game is over
    And player 1 has 10500 points

  @id:ten-thousand-en-no-farkle-count @rule:farkle
  Scenario: Without a farkle penalty, farkles in a row are not counted
    Pins down: only a ruleset with a farkle penalty counts farkles in a row; the others lose the turn's points and nothing else.
    Given a game of 2 players
    When the player rolls 111234 and sets aside 111
    And the player banks
    And the player rolls 234623
    And the player rolls 234623
    Then no farkles in a row are counted
    And player 1 has 1000 points
