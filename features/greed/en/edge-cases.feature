@greed @source:normative
Feature: Greed: the edge cases that tell a right implementation from a nearly right one
  Normative cases of the ruleset greed (the Ruby Koans' rules and scoring koan, with the choices
  recorded in its gaps). Each scenario says which rule it pins down.

  # -- the scoring dice, all of them, and nothing else ------------------------------------------

  @rule:refused
  Scenario Outline: A set-aside that is not every scoring die of the roll is refused
    Given a game of 2 players
    When the player rolls <throw>
    And the player sets aside <dice>
    Then the last action is rejected as <code> and changes nothing

    Examples: Refused set-asides
      Pins down: the set-aside is exactly the roll's scoring dice; a die that scores nothing is refused first.
      | id                            | throw | dice | code              |
      | greed-en-refuse-one-of-11155  | 11155 | 1    | scoring-dice-left |
      | greed-en-refuse-111-of-11155  | 11155 | 111  | scoring-dice-left |
      | greed-en-refuse-55-of-11155   | 11155 | 55   | scoring-dice-left |
      | greed-en-refuse-1115-of-11155 | 11155 | 1115 | scoring-dice-left |
      | greed-en-refuse-222-of-22215  | 22215 | 222  | scoring-dice-left |
      | greed-en-refuse-2222-of-22223 | 22223 | 2222 | not-scoring       |
      | greed-en-refuse-1153-of-51341 | 51341 | 1153 | not-scoring       |

  @rule:set-aside
  Scenario Outline: The scoring dice of a roll are set aside, and the rest are rolled
    Given a game of 2 players
    When the player rolls <throw> and sets aside <scoring>
    Then the turn stands at <points> points
    And the player has <left> dice to roll

    Examples: Four and five of a kind
      Pins down: four or five dice of a face are a three of a kind and single dice; past three, only 1s and 5s score.
      | id                            | throw | scoring | points | left |
      | greed-en-four-ones            | 11112 | 1111    | 1100   | 1    |
      | greed-en-four-fives           | 55553 | 5555    | 550    | 1    |
      | greed-en-four-twos            | 22223 | 222     | 200    | 2    |
      | greed-en-four-sixes-and-a-one | 66616 | 6661    | 700    | 1    |
      | greed-en-five-ones            | 11111 | 11111   | 1200   | 5    |
      | greed-en-five-fives           | 55555 | 55555   | 600    | 5    |
      | greed-en-five-twos            | 22222 | 222     | 200    | 2    |
      | greed-en-five-sixes           | 66666 | 666     | 600    | 2    |

    Examples: No straights and no pairs
      Pins down: a run of five faces and pairs are no combinations: only their 1s and 5s score.
      | id                         | throw | scoring | points | left |
      | greed-en-run-1-to-5        | 12345 | 15      | 150    | 3    |
      | greed-en-run-2-to-6        | 23456 | 5       | 50     | 4    |
      | greed-en-two-pairs-and-a-1 | 22331 | 1       | 100    | 4    |

  @rule:set-aside
  Scenario Outline: Setting aside exactly these dice scores their best split
    Then setting aside <dice> scores <points>

    Examples: Set-asides
      Pins down: a set-aside is split into three of a kind and single dice the way that scores most.
      | id                 | dice  | points |
      | greed-en-set-1111  | 1111  | 1100   |
      | greed-en-set-11155 | 11155 | 1100   |
      | greed-en-set-55555 | 55555 | 600    |
      | greed-en-set-15    | 15    | 150    |

  @rule:refused
  Scenario Outline: Setting aside a die that scores nothing is refused
    Then setting aside <dice> is refused as <code>

    Examples: Refused set-asides of Greed
      Pins down: past three of a kind, a 2, 3, 4 or 6 scores nothing; six dice are more than a roll has.
      | id                       | dice   | code          |
      | greed-en-refuse-2222     | 2222   | not-scoring   |
      | greed-en-refuse-66666    | 66666  | not-scoring   |
      | greed-en-refuse-six-dice | 111555 | too-many-dice |

  @id:greed-en-combinations-in-one-roll @rule:set-aside
  Scenario: Ones of different rolls make no three of a kind
    Pins down: combinations count within one roll: a 1 and then two 1s score 100 + 200, not 1000.
    Given a game of 2 players
    When the player rolls 12346 and sets aside 1
    And the player rolls 1123 and sets aside 11
    Then the turn stands at 300 points
    And the player has 2 dice to roll

  # -- hot dice with five dice -------------------------------------------------------------------

  @id:greed-en-hot-dice-over-two-rolls @rule:hot-dice
  Scenario: Hot dice after two rolls give all five dice back
    Pins down: when all five dice of the turn have scored, over several rolls, the player has five dice again.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player rolls 15 and sets aside 15
    Then the turn stands at 1150 points
    And the player has 5 dice to roll

  @id:greed-en-no-sixth-die-after-hot-dice @rule:hot-dice
  Scenario: After hot dice a roll of six dice is refused
    Pins down: hot dice give back the five dice of the game, not six.
    Given a game of 2 players
    When the player rolls 11155 and sets aside 11155
    And the player rolls 123456
    Then the last action is rejected as bad-dice and changes nothing

  @id:greed-en-zero-points-after-hot-dice @rule:farkle
  Scenario: A roll of zero points after hot dice loses the whole turn
    Pins down: a zero-point roll loses every point of the turn, those before hot dice too.
    Given a game of 2 players
    When the player rolls 11155 and sets aside 11155
    And the player rolls 23462
    Then player 1 has 0 points
    And it is player 2's turn

  @id:greed-en-zero-points-keep-the-total @rule:farkle
  Scenario: A roll of zero points keeps the points of earlier turns
    Pins down: a zero-point roll loses the turn's points only, not the total score.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    And the player rolls 23462
    And the player rolls 55523 and sets aside 555
    And the player rolls 46
    Then player 1 has 1000 points
    And player 1 has played 2 turns

  # -- getting in the game -----------------------------------------------------------------------

  @id:greed-en-300-over-several-rolls @rule:entry
  Scenario: 300 made of several rolls of one turn gets the player in
    Pins down: the 300 are the turn's points, whatever the rolls that make them.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 512 and sets aside 15
    And the player banks
    Then player 1 is in the game
    And player 1 has 300 points

  @id:greed-en-250-counts-nothing @gap @rule:entry
  Scenario: A first stop at 250 counts nothing and ends the turn
    Pins down: 250 is the most a turn can stand at below 300; a player not in the game may stop there, for nothing.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 523 and sets aside 5
    And the player rolls 52 and sets aside 5
    And the player banks
    Then player 1 has 0 points
    And player 1 is not in the game
    And it is player 2's turn

  @id:greed-en-in-the-game-any-stop-counts @rule:entry
  Scenario: Once in the game, a stop of 50 counts
    Pins down: the 300 minimum applies to the turn that gets a player in, not to the following ones.
    Given a game of 2 players
    When the player rolls 33324 and sets aside 333
    And the player banks
    And the player rolls 23462
    And the player rolls 52346 and sets aside 5
    And the player banks
    Then player 1 has 350 points

  # -- the end game ------------------------------------------------------------------------------

  @id:greed-en-2950-is-not-the-end @rule:end
  Scenario: A total of 2950 does not start the final round
    Pins down: the final round starts at 3000 points, not before.
    Given a game of 2 players
    When these actions are played:
      | action     |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 55523 |
      | set 555    |
      | roll 52    |
      | set 5      |
      | bank       |
      | roll 23462 |
    Then player 1 has 2950 points
    And the game is not over
    And it is player 1's turn

  @id:greed-en-no-turn-for-the-leader @rule:end
  Scenario: The player who reached 3000 plays no turn in the final round
    Pins down: the final round gives each other player one more turn, and the one who reached 3000 none.
    Given a game of 2 players
    When these actions are played:
      | action     |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | bank       |
      | roll 33324 |
      | set 333    |
      | bank       |
    Then the game is over
    And player 1 wins
    When the player rolls 11111
    Then the last action is rejected as game-over and changes nothing

  @id:greed-en-last-player-reaches-3000 @rule:end
  Scenario: When the last player reaches 3000, the players before play once more
    Pins down: "each of the other players" plays after the one who reached 3000, in turn order, round the table.
    Given a game of 3 players
    When these actions are played:
      | action     |
      | roll 23462 |
      | roll 23462 |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | bank       |
    Then the game is not over
    And it is player 1's turn
    When the player rolls 23462
    And the player rolls 23462
    Then the game is over
    And player 3 wins

  @id:greed-en-second-3000-in-the-final-round @rule:end
  Scenario: A second player past 3000 in the final round does not extend it
    Pins down: the final round is the one started by the first player to reach 3000; it ends after each other player's turn.
    Given a game of 3 players
    When these actions are played:
      | action     |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | bank       |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | bank       |
      | roll 23462 |
    Then the game is over
    And player 2 wins
    And player 1 has played 1 turn

  @id:greed-en-turns-go-round @rule:players
  Scenario: After a farkle the turn passes on, and after the last player back to the first
    Pins down: the players take their turns in a fixed order, whether a turn banks or farkles.
    Given a game of 3 players
    When the player rolls 23462
    Then it is player 2's turn
    When the player rolls 23462
    And the player rolls 23462
    Then it is player 1's turn
