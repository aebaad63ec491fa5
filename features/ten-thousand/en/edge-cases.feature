@ten_thousand @source:normative
Feature: 10000: the edge cases that tell a right implementation from a nearly right one
  Normative cases of the ruleset ten-thousand (the German text, with the choices recorded in its
  gaps). Each Examples table and scenario says which rule it pins down.

  @rule:set-aside
  Scenario Outline: The most a roll can score is its best split into combinations
    Given the dice show <dice>
    Then the most the dice can score is <points>

    Examples: Partitions
      Pins down: a die counts in at most one combination, and a roll scores its best split.
      | id                              | dice   | points |
      | ten-thousand-en-best-111155     | 111155 | 2100   |
      | ten-thousand-en-best-123455     | 123455 | 1300   |
      | ten-thousand-en-best-123451     | 123451 | 1350   |
      | ten-thousand-en-best-222215     | 222215 | 550    |
      | ten-thousand-en-best-111115     | 111115 | 4050   |
      | ten-thousand-en-best-555551     | 555551 | 2100   |
      | ten-thousand-en-best-111555     | 111555 | 1500   |
      | ten-thousand-en-best-234566     | 234566 | 50     |
      | ten-thousand-en-best-223346     | 223346 | 0      |
      | ten-thousand-en-best-6          | 6      | 0      |
      | ten-thousand-en-best-11         | 11     | 200    |

  @rule:set-aside
  Scenario Outline: A set-aside scores its best split, and every die in it must score
    Then setting aside <dice> scores <points>

    Examples: Set-asides
      Pins down: a set-aside of dice from one roll scores the best way to split exactly those dice.
      | id                                | dice   | points |
      | ten-thousand-en-set-111155        | 111155 | 2100   |
      | ten-thousand-en-set-1111          | 1111   | 2000   |
      | ten-thousand-en-set-22221         | 22221  | 500    |
      | ten-thousand-en-set-123455        | 123455 | 1300   |
      | ten-thousand-en-set-15            | 15     | 150    |
      | ten-thousand-en-set-5555          | 5555   | 1000   |

  @rule:refused
  Scenario Outline: A set-aside with a die that scores nothing is refused
    Then setting aside <dice> is refused as <code>

    Examples: Refused set-asides
      Pins down: every die set aside must score.
      | id                                 | dice   | code        |
      | ten-thousand-en-refuse-1112        | 1112   | not-scoring |
      | ten-thousand-en-refuse-23456       | 23456  | not-scoring |
      | ten-thousand-en-refuse-2233        | 2233   | not-scoring |

  @id:ten-thousand-en-hot-dice-after-two-rolls @rule:hot-dice @ruleset:farkle @ruleset:farkle-linear @ruleset:ten-thousand-exact
  Scenario: Hot dice after two rolls
    Pins down: when all six dice of the turn have scored, over several rolls, the player rolls all six again.
    Given a game of 1 player
    When the player rolls 111234 and sets aside 111
    And the player rolls 155 and sets aside 155
    Then the turn stands at 1200 points
    And the player has 6 dice to roll

  @id:ten-thousand-en-bank-after-hot-dice @gap @rule:hot-dice
  Scenario: The player may bank after hot dice
    Pins down: hot dice give the right, not the duty, to roll all six again.
    Given a game of 1 player
    When the player rolls 111555 and sets aside 111555
    And the player banks
    Then player 1 has 1500 points

  @id:ten-thousand-en-farkle-wipes-the-turn @gap @rule:farkle
  Scenario: A farkle wipes the turn's points, not the banked ones
    Pins down: a roll with no scoring die loses the turn's points and ends the turn.
    Given a game of 1 player
    When the player rolls 111234 and sets aside 111
    And the player banks
    And the player rolls 555234 and sets aside 555
    And the player rolls 234
    Then player 1 has 1000 points
    And the turn stands at 0 points
    And player 1 has played 2 turns

  @id:ten-thousand-en-entry-below-750 @gap @rule:entry @ruleset:ten-thousand-exact
  Scenario: A turn below 750 does not get the player on the board
    Pins down: a player is on the board only after one turn of at least 750.
    Given a game of 1 player
    When the player rolls 155234 and sets aside 155
    And the player rolls 511 and sets aside 511
    And the player banks
    Then player 1 is not on the board
    And player 1 has 0 points

  @id:ten-thousand-en-entry-then-any-bank @rule:entry @ruleset:ten-thousand-exact
  Scenario: Once on the board, any bank counts
    Pins down: the 750 minimum applies to the entry turn only.
    Given a game of 1 player
    When the player rolls 111234 and sets aside 111
    And the player banks
    And the player rolls 523466 and sets aside 5
    And the player banks
    Then player 1 is on the board
    And player 1 has 1050 points

  @id:ten-thousand-en-target-exactly @rule:end
  Scenario: Reaching the target exactly ends the game
    Pins down: the game ends when a player reaches the target.
    Given a game of 1 player
    When these actions are played:
      | action      |
      | roll 111112 |
      | set 11111   |
      | roll 1      |
      | set 1       |
      | roll 111116 |
      | set 11111   |
      | bank        |
      | roll 111223 |
      | set 111     |
      | roll 555    |
      | set 555     |
      | roll 222346 |
      | set 222     |
      | roll 155    |
      | set 155     |
      | bank        |
    Then the game is over
    And player 1 has 10000 points
    And player 1 wins

  @id:ten-thousand-en-target-passed @rule:end
  Scenario: Passing the target ends the game
    Pins down: the game ends when a player reaches or passes the target.
    Given a game of 1 player
    When these actions are played:
      | action      |
      | roll 111112 |
      | set 11111   |
      | roll 1      |
      | set 1       |
      | roll 111116 |
      | set 11111   |
      | bank        |
      | roll 555552 |
      | set 55555   |
      | bank        |
    Then the game is over
    And player 1 has 10100 points

  @id:ten-thousand-en-no-final-round @gap @rule:end
  Scenario: The game ends at once: the other players get no last turn
    Pins down: the ruleset ten-thousand plays no final round.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 111112 |
      | set 11111   |
      | roll 1      |
      | set 1       |
      | roll 111116 |
      | set 11111   |
      | bank        |
      | roll 234662 |
      | roll 555552 |
      | set 55555   |
      | bank        |
    Then the game is over
    And player 1 wins
    And player 2 has 0 points

  @rule:refused
  Scenario Outline: An action out of order in a 10000 turn is refused and changes nothing
    Given a game of 1 player
    When these actions are played:
      | action    |
      | <before>  |
      | <action>  |
    Then the last action is rejected as <code> and changes nothing

    Examples: Actions out of order or not allowed
      Pins down: roll, set aside at least one scoring die of that roll, then roll the rest or bank.
      | id                                     | before      | action    | code              |
      | ten-thousand-en-illegal-bank-unrolled  | roll 111234 | bank      | must-set-aside    |
      | ten-thousand-en-illegal-roll-unset     | roll 111234 | roll 123  | must-set-aside    |
      | ten-thousand-en-illegal-not-in-roll    | roll 111234 | set 5     | not-in-roll       |
      | ten-thousand-en-illegal-not-scoring    | roll 111234 | set 1112  | not-scoring       |

  @id:ten-thousand-en-illegal-set-twice @rule:refused
  Scenario: A second set-aside from the same roll is refused
    Pins down: one set-aside per roll.
    Given a game of 1 player
    When the player rolls 111534 and sets aside 111
    And the player sets aside 5
    Then the last action is rejected as already-set-aside and changes nothing

  @id:ten-thousand-en-illegal-wrong-dice-count @rule:refused
  Scenario: A roll of more dice than are left is refused
    Pins down: after a set-aside the player rolls only the dice left.
    Given a game of 1 player
    When the player rolls 111234 and sets aside 111
    And the player rolls 1234
    Then the last action is rejected as bad-dice and changes nothing

  @id:ten-thousand-en-illegal-bank-before-rolling @rule:refused
  Scenario: Banking before the first roll is refused
    Pins down: a turn starts with a roll of six dice.
    Given a game of 1 player
    When the player banks
    Then the last action is rejected as not-rolled and changes nothing

  @id:ten-thousand-en-illegal-after-game-over @rule:refused
  Scenario: Acting after the game is over is refused
    Pins down: nothing happens after a player reaches the target.
    Given a game of 1 player
    When these actions are played:
      | action      |
      | roll 111112 |
      | set 11111   |
      | roll 1      |
      | set 1       |
      | roll 111116 |
      | set 11111   |
      | bank        |
      | roll 555552 |
      | set 55555   |
      | bank        |
      | roll 123456 |
    Then the last action is rejected as game-over and changes nothing

  @rule:more-of-a-kind
  Scenario Outline: Six of a kind is the largest set, worth eight times its three of a kind
    Then setting aside <dice> scores <points>

    @gap
    Examples: Six of a kind
      Pins down: four of a kind doubles three of a kind, and every further die doubles it again, up to six.
      | id                              | dice   | points |
      | ten-thousand-en-six-ones        | 111111 | 8000   |
      | ten-thousand-en-six-fives       | 555555 | 4000   |
      | ten-thousand-en-six-sixes       | 666666 | 4800   |

  @id:ten-thousand-en-six-of-a-kind-hot-dice @gap @rule:hot-dice
  Scenario: Six of a kind set aside whole gives hot dice
    Pins down: six of a kind is one combination of all six dice, so setting it aside leaves six dice to roll.
    Given a game of 1 player
    When the player rolls 111111 and sets aside 111111
    Then the turn stands at 8000 points
    And the player has 6 dice to roll

  @id:ten-thousand-en-five-of-six-twos @rule:more-of-a-kind
  Scenario: Setting aside five of six 2s scores five of a kind and leaves one die
    Pins down: a player may set aside part of a set; the part scores as the smaller set it is.
    Given a game of 1 player
    When the player rolls 222222 and sets aside 22222
    And the player rolls 5 and sets aside 5
    Then the turn stands at 850 points
    And the player has 6 dice to roll

  @id:ten-thousand-en-entry-not-across-turns @ambiguity @rule:entry
  Scenario: Turns below 750 do not add up to get on the board
    Pins down: the 750 must be banked in one turn; banks below it score nothing and are not carried over.
    Given a game of 1 player
    When these actions are played:
      | action      |
      | roll 555234 |
      | set 555     |
      | bank        |
      | roll 555234 |
      | set 555     |
      | roll 123    |
      | set 1       |
      | bank        |
      | roll 111234 |
      | set 111     |
      | bank        |
    Then player 1 is on the board
    And player 1 has 1000 points
    And player 1 has played 3 turns

  @id:ten-thousand-en-first-to-target-wins-alone @gap @rule:end
  Scenario: Equal scores below the target end nothing, and the first to reach it wins alone
    Pins down: with no final round the game ends on the bank that reaches the target, so no tie is possible.
    Given a game of 3 players
    When these actions are played:
      | action      |
      | roll 111112 |
      | set 11111   |
      | roll 1      |
      | set 1       |
      | roll 111116 |
      | set 11111   |
      | bank        |
      | roll 111112 |
      | set 11111   |
      | roll 1      |
      | set 1       |
      | roll 111116 |
      | set 11111   |
      | bank        |
      | roll 111112 |
      | set 11111   |
      | roll 1      |
      | set 1       |
      | roll 111116 |
      | set 11111   |
      | bank        |
      | roll 555552 |
      | set 55555   |
      | bank        |
    Then the game is over
    And player 1 wins
    And player 1 has 10100 points
    And player 2 has 8100 points
    And player 3 has 8100 points
    And it is player 1's turn

  @id:ten-thousand-en-set-aside-clears-the-roll @rule:set-aside
  Scenario: After a set-aside no roll waits on the table
    Pins down: a roll has one set-aside; after it the player rolls the dice left or banks.
    Given a game of 1 player
    When the player rolls 111234 and sets aside 111
    Then no roll waits to be set aside
    And the player has 3 dice to roll
