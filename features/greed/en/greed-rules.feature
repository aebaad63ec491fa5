@greed @source:ruby-koans-greed-en.txt
Feature: Greed, the rules of the Ruby Koans (GREED_RULES.txt)
  Transcription of koans/GREED_RULES.txt of the Ruby Koans, as its passages are kept in
  fixtures/sources/ruby-koans-greed-en.txt. Every rule sentence and worked example of the text is a
  case; where the text is wrong, ambiguous or silent the case is flagged (erratum, ambiguity, gap)
  and fixtures/errata.yaml says why and what was decided. The text's spelling is kept in the quotes
  ("amoung", "non-score die", "If there all no non-scoring dice)"). Its "in the game" is the
  steps' "on the board".

  # -- Playing Greed: players and dice ------------------------------------------------------

  @id:greed-en-two-or-more-players @rule:players
  Scenario: Two players play a game of Greed
    Greed is a dice game played amoung 2 or more players
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    Then player 1 has 1000 points
    And it is player 2's turn

  @id:greed-en-twenty-players @gap @rule:players
  Scenario: Twenty players play a game of Greed
    Greed is a dice game played amoung 2 or more players
    Given a game of 20 players
    When the player rolls 23462
    Then it is player 2's turn

  @id:greed-en-six-dice @erratum @rule:turn
  Scenario: Greed is played with six dice
    Greed is a dice game played amoung 2 or more players, using 6 six-sided dice.
    Given a game of 2 players
    When the player rolls 111556
    Then every action is accepted
    And the player has 6 dice to roll

  @id:greed-en-first-roll-six-dice @erratum @rule:turn
  Scenario: The first roll throws all six dice
    On the first roll of the game, a player rolls all six dice which are scored according to the
    following:
    Given a game of 2 players
    When the player rolls 123456
    Then every action is accepted
    And the dice now show 123456

  @id:greed-en-every-turn-scored-alike @ambiguity @rule:turn
  Scenario: Every roll of every turn is scored by the same table
    On the first roll of the game, a player rolls all six dice which are scored according to the
    following:
    Given a game of 2 players
    When the player rolls 23462
    And the player rolls 44432 and sets aside 444
    And the player rolls 15 and sets aside 15
    And the player banks
    Then player 2 has 550 points

  @id:greed-en-turn-of-several-rolls @rule:turn
  Scenario: A turn is one or more rolls of the dice
    Each player takes a turn consisting of one or more rolls of the dice.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player rolls 15 and sets aside 15
    And the player rolls 12346 and sets aside 1
    And the player banks
    Then player 1 has 1250 points
    And player 1 has played 1 turn
    And it is player 2's turn

  # -- The scoring table and the worked examples -------------------------------------------

  @rule:<rule>
  Scenario Outline: The scoring table of Greed
    Then setting aside <dice> scores <points>

    Examples: Three of a kind and single dice
      Three 1's => 1000 points Three 6's => 600 points Three 5's => 500 points Three 4's => 400
      points Three 3's => 300 points Three 2's => 200 points One 1 => 100 points One 5 => 50 points
      | id                    | dice | points | rule            |
      | greed-en-three-ones   | 111  | 1000   | three-of-a-kind |
      | greed-en-three-sixes  | 666  | 600    | three-of-a-kind |
      | greed-en-three-fives  | 555  | 500    | three-of-a-kind |
      | greed-en-three-fours  | 444  | 400    | three-of-a-kind |
      | greed-en-three-threes | 333  | 300    | three-of-a-kind |
      | greed-en-three-twos   | 222  | 200    | three-of-a-kind |
      | greed-en-one-one      | 1    | 100    | singles         |
      | greed-en-one-five     | 5    | 50     | singles         |

  @rule:set-aside
  Scenario Outline: A die of Greed counts once in a roll
    Given the dice show <dice>
    Then the most the dice can score is <points>

    Examples: A 5 in a triplet or alone, not both
      A single die can only be counted once in each roll. For example, a "5" can only count as part of
      a triplet (contributing to the 500 points) or as a single 50 points, but not both in the same
      roll.
      | id                                   | dice  | points |
      | greed-en-triplet-of-fives            | 555   | 500    |
      | greed-en-triplet-of-fives-and-a-five | 55525 | 550    |
      | greed-en-triplet-of-ones-and-a-one   | 11121 | 1100   |

  @rule:set-aside
  Scenario Outline: The example scoring of Greed
    Given the dice show <throw>
    Then the most the dice can score is <score>

    Examples: Throw and score
      Throw Score … 5 1 3 4 1 50 + 2 * 100 = 250 1 1 1 3 1 1000 + 100 = 1100 2 4 4 5 4 400 + 50 =
      450
      | id                     | throw | score |
      | greed-en-example-51341 | 51341 | 250   |
      | greed-en-example-11131 | 11131 | 1100  |
      | greed-en-example-24454 | 24454 | 450   |

  @rule:set-aside
  Scenario Outline: The non-scoring dice of the examples are left to roll
    Given a game of 2 players
    When the player rolls <throw> and sets aside <scoring>
    Then the player has <left> dice to roll
    And the turn stands at <points> points

    Examples: The non-scoring dice
      The dice not contributing to the score are called the non-scoring dice. "3" and "4" are
      non-scoring dice in the first example. "3" is a non-scoring die in the second, and "2" is a
      non-score die in the final example.
      | id                          | throw | scoring | left | points |
      | greed-en-non-scoring-first  | 51341 | 115     | 2    | 250    |
      | greed-en-non-scoring-second | 11131 | 1111    | 1    | 1100   |
      | greed-en-non-scoring-final  | 24454 | 4445    | 1    | 450    |

  # -- Rolling on, the zero-point roll, stopping --------------------------------------------

  @id:greed-en-scoring-dice-removed @rule:set-aside
  Scenario: The scoring dice are removed and the non-scoring dice are rolled again
    After a player rolls and the score is calculated, the scoring dice are removed and the player
    has the option of rolling again using only the non-scoring dice.
    Given a game of 2 players
    When the player rolls 51341 and sets aside 115
    And the player rolls 15
    Then the dice now show 15
    And the turn stands at 250 points

  @id:greed-en-all-scoring-dice-removed @rule:set-aside
  Scenario: Removing only some of the scoring dice is refused
    After a player rolls and the score is calculated, the scoring dice are removed and the player
    has the option of rolling again using only the non-scoring dice.
    Given a game of 2 players
    When the player rolls 51341
    And the player sets aside 11
    Then the last action is rejected as scoring-dice-left and changes nothing

  @id:greed-en-option-of-rolling-again @rule:turn
  Scenario: Rolling the non-scoring dice again is an option, not a duty
    After a player rolls and the score is calculated, the scoring dice are removed and the player
    has the option of rolling again using only the non-scoring dice.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    Then player 1 has 1000 points

  @id:greed-en-hot-dice @ambiguity @rule:hot-dice
  Scenario: With no non-scoring die left, the player may roll all five dice
    If there all no non-scoring dice), then the player may roll all 5 dice in the next roll.
    Given a game of 2 players
    When the player rolls 11155 and sets aside 11155
    And the player rolls 12346 and sets aside 1
    Then the turn stands at 1200 points
    And the player has 4 dice to roll

  @id:greed-en-hot-dice-may-stop @ambiguity @rule:hot-dice
  Scenario: With no non-scoring die left, the player may stop instead
    If there all no non-scoring dice), then the player may roll all 5 dice in the next roll.
    Given a game of 2 players
    When the player rolls 11155 and sets aside 11155
    And the player banks
    Then player 1 has 1100 points

  @id:greed-en-roll-while-scoring @rule:turn
  Scenario: The player rolls on as long as each roll scores
    The player may continue to roll as long as each roll scores points.
    Given a game of 2 players
    When the player rolls 22223 and sets aside 222
    And the player rolls 51 and sets aside 51
    And the player rolls 33345 and sets aside 3335
    And the player rolls 1 and sets aside 1
    Then the turn stands at 800 points
    And it is player 1's turn

  @id:greed-en-zero-point-roll @rule:farkle
  Scenario: A roll of zero points loses the turn and its points
    If a roll has zero points, then the player loses not only their turn, but also accumulated score
    for that turn.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player rolls 23
    Then it is player 2's turn
    And player 1 has 0 points
    And the turn stands at 0 points

  @id:greed-en-stop-adds-the-turn @rule:turn
  Scenario: Stopping adds the turn's points to the total score
    If a player decides to stop rolling before rolling a zero-point roll, then the accumulated
    points for the turn is added to his total score.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player rolls 15 and sets aside 15
    And the player banks
    And the player rolls 23462
    And the player rolls 55234 and sets aside 55
    And the player banks
    Then player 1 has 1250 points

  # -- Getting "In The Game" -----------------------------------------------------------------

  @id:greed-en-in-the-game-at-300 @rule:entry
  Scenario: A turn of 300 gets the player in the game
    Before a player is allowed to accumulate points, they must get at least 300 points in a single
    turn.
    Given a game of 2 players
    When the player rolls 33324 and sets aside 333
    And the player banks
    Then player 1 is in the game
    And player 1 has 300 points

  @id:greed-en-below-300-counts-nothing @gap @rule:entry
  Scenario: A turn below 300 counts nothing before the player is in the game
    Before a player is allowed to accumulate points, they must get at least 300 points in a single
    turn.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 123 and sets aside 1
    And the player banks
    Then player 1 is not in the game
    And player 1 has 0 points
    And it is player 2's turn

  @id:greed-en-300-in-a-single-turn @gap @rule:entry
  Scenario: Two turns below 300 do not add up to get in the game
    Before a player is allowed to accumulate points, they must get at least 300 points in a single
    turn.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player rolls 123 and sets aside 1
    And the player banks
    And the player rolls 23462
    And the player rolls 15234 and sets aside 15
    And the player rolls 123 and sets aside 1
    And the player banks
    Then player 1 is not in the game
    And player 1 has 0 points
    And player 1 has played 2 turns

  @id:greed-en-that-turn-and-each-following @rule:entry
  Scenario: The turn that gets the player in counts, and so does each following turn
    Once they have achieved 300 points in a single turn, the points earned in that turn and each
    following turn will be counted toward their total score.
    Given a game of 2 players
    When the player rolls 44412 and sets aside 4441
    And the player banks
    And the player rolls 23462
    And the player rolls 52346 and sets aside 5
    And the player banks
    Then player 1 has 550 points

  @id:greed-en-300-reached-then-lost @ambiguity @gap @rule:entry
  Scenario: Reaching 300 in a turn lost to a zero-point roll does not get the player in
    Once they have achieved 300 points in a single turn, the points earned in that turn and each
    following turn will be counted toward their total score.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player rolls 46
    And the player rolls 23462
    And the player rolls 15234 and sets aside 15
    And the player rolls 123 and sets aside 1
    And the player banks
    Then player 1 is not in the game
    And player 1 has 0 points

  # -- End Game --------------------------------------------------------------------------------

  @id:greed-en-final-round-starts @rule:end
  Scenario: A player reaching 3000 starts the final round
    Once a player reaches 3000 (or more) points, the game enters the final round where each of the
    other players gets one more turn.
    Given a game of 3 players
    When these actions are played:
      | action     |
      | roll 23462 |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | bank       |
    Then player 2 has 3600 points
    And the game is not over
    And it is player 3's turn

  @id:greed-en-final-round-one-more-turn-each @rule:end
  Scenario: In the final round each other player has one more turn, then the game is over
    Once a player reaches 3000 (or more) points, the game enters the final round where each of the
    other players gets one more turn.
    Given a game of 3 players
    When these actions are played:
      | action     |
      | roll 23462 |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | bank       |
      | roll 23462 |
      | roll 23462 |
    Then the game is over
    And player 2 wins
    And player 1 has played 2 turns
    And player 2 has played 1 turn
    And player 3 has played 1 turn

  @id:greed-en-exactly-3000 @rule:end
  Scenario: Exactly 3000 points starts the final round
    Once a player reaches 3000 (or more) points
    Given a game of 2 players
    When these actions are played:
      | action     |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 55523 |
      | set 555    |
      | roll 12    |
      | set 1      |
      | bank       |
    Then player 1 has 3000 points
    And the game is not over
    When the player rolls 23462
    Then the game is over
    And player 1 wins

  @id:greed-en-winner-after-final-round @rule:end
  Scenario: A Greed player who passes the leader in the final round wins
    The winner is the player with the highest score after the final round.
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
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | bank       |
    Then player 1 has 3600 points
    And player 2 has 4800 points
    And the game is over
    And player 2 wins

  @id:greed-en-winner-tie @gap @rule:end
  Scenario: Equal highest Greed scores after the final round share the win
    The winner is the player with the highest score after the final round.
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
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | roll 11111 |
      | set 11111  |
      | bank       |
    Then the game is over
    And players 1 and 2 share the win
