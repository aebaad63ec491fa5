@pig @source:wikipedia-pig-en.txt
Feature: Pig, the rules of Wikipedia's "Pig (dice game)"
  Transcription of the lead and the section "Gameplay" of Wikipedia's "Pig (dice game)", as kept
  in fixtures/sources/wikipedia-pig-en.txt. Every rule sentence and worked example of the text is a
  case; where the text is wrong, ambiguous or silent the case is flagged (erratum, ambiguity, gap)
  and fixtures/errata.yaml says why and what was decided. The text's "hold" is the steps' "banks";
  its die, once rolled and scoring, is set aside before the next choice, as the set-aside family
  plays every roll (the ruleset's gap on set_aside says why that is no choice in Pig).

  # -- The lead: one die, a running total, a 1 loses it --------------------------------------

  @id:pig-en-single-die @rule:turn
  Scenario: Pig is played with a single die
    Players take turns to roll a single dice as many times as they wish, adding all roll results to
    a running total, but losing their gained score for the turn if they roll a 1.
    Given a game of 2 players
    When the player rolls 5 and sets aside 5
    Then the player has 1 die to roll
    And the turn stands at 5 points

  @id:pig-en-as-many-times-as-they-wish @rule:turn
  Scenario: A player rolls as many times as they wish, adding every roll to a running total
    Players take turns to roll a single dice as many times as they wish, adding all roll results to
    a running total, but losing their gained score for the turn if they roll a 1.
    Given a game of 2 players
    When the player rolls 3 and sets aside 3
    And the player rolls 4 and sets aside 4
    And the player rolls 6 and sets aside 6
    And the player rolls 2 and sets aside 2
    Then the turn stands at 15 points
    And it is player 1's turn

  @id:pig-en-a-one-loses-the-turn-s-score @rule:farkle
  Scenario: A 1 loses the score gained in the turn
    Players take turns to roll a single dice as many times as they wish, adding all roll results to
    a running total, but losing their gained score for the turn if they roll a 1.
    Given a game of 2 players
    When the player rolls 4 and sets aside 4
    And the player rolls 6 and sets aside 6
    And the player rolls 1
    Then player 1 has 0 points
    And the turn stands at 0 points
    And it is player 2's turn

  # -- Gameplay ------------------------------------------------------------------------------

  @id:pig-en-rolls-until-hold @rule:turn
  Scenario: A turn is a run of rolls until the player holds
    Each turn, a player repeatedly rolls a die until the chosen number is rolled or the player
    decides to "hold":
    Given a game of 2 players
    When the player rolls 2 and sets aside 2
    And the player rolls 5 and sets aside 5
    And the player banks
    Then player 1 has 7 points
    And it is player 2's turn

  @id:pig-en-the-chosen-number @ambiguity @rule:farkle
  Scenario: The number that ends the turn without a score is the 1
    If the player rolls the number chosen at the beginning of the game, they score nothing and it
    becomes the next player's turn.
    Given a game of 2 players
    When the player rolls 6 and sets aside 6
    And the player rolls 1
    Then player 1 has 0 points
    And it is player 2's turn

  @id:pig-en-the-chosen-number-not-six @ambiguity @rule:farkle
  Scenario: A 6 is added to the turn total like any face but the 1
    If the player rolls the number chosen at the beginning of the game, they score nothing and it
    becomes the next player's turn.
    Given a game of 2 players
    When the player rolls 6 and sets aside 6
    Then the turn stands at 6 points
    And it is player 1's turn

  @rule:singles
  Scenario Outline: Any other number is added to the turn total
    Given a game of 2 players
    When the player rolls <face> and sets aside <face>
    Then the turn stands at <points> points
    And it is player 1's turn

    Examples: The faces 2 to 6
      If the player rolls any other number, it is added to their turn total and the player's turn
      continues.
      | id                  | face | points |
      | pig-en-adds-a-two   | 2    | 2      |
      | pig-en-adds-a-three | 3    | 3      |
      | pig-en-adds-a-four  | 4    | 4      |
      | pig-en-adds-a-five  | 5    | 5      |
      | pig-en-adds-a-six   | 6    | 6      |

  @id:pig-en-the-turn-continues @rule:turn
  Scenario: After any other number the player's turn continues
    If the player rolls any other number, it is added to their turn total and the player's turn
    continues.
    Given a game of 2 players
    When the player rolls 3 and sets aside 3
    And the player rolls 3 and sets aside 3
    Then the turn stands at 6 points
    And the player has 1 die to roll
    And it is player 1's turn

  @id:pig-en-hold-adds-the-turn-total @rule:turn
  Scenario: Holding adds the turn total to the score, and the next player is up
    If a player chooses to "hold", their turn total is added to their score, and it becomes the
    next player's turn.
    Given a game of 2 players
    When the player rolls 6 and sets aside 6
    And the player rolls 4 and sets aside 4
    And the player banks
    And the player rolls 5 and sets aside 5
    And the player banks
    Then player 1 has 10 points
    And player 2 has 5 points
    And it is player 1's turn

  @id:pig-en-first-to-100-wins @rule:end
  Scenario: The first player to score 100 or more points wins
    The first player to score 100 or more points wins.
    Given a game of 2 players
    When these actions are played:
      | action |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 6 |
      | set 6  |
      | roll 4 |
      | set 4  |
      | bank   |
    Then player 1 has 100 points
    And the game is over
    And player 1 wins

  # -- The worked example --------------------------------------------------------------------

  @id:pig-en-example-could-hold-with-5 @rule:turn
  Scenario: Andersandle could hold with 5 points after a roll of 5
    For example, the first player, Andersandle, begins a turn with a roll of 5. Andersandle could
    hold and score 5 points, but chooses to roll again.
    Given a game of 2 players
    When the player rolls 5 and sets aside 5
    And the player banks
    Then player 1 has 5 points

  @id:pig-en-example-could-hold-with-7 @rule:turn
  Scenario: Andersandle could hold with a turn total of 7 after a 5 and a 2
    Andersandle rolls a 2, and could hold with a turn total of 7 points, but chooses to roll again.
    Given a game of 2 players
    When the player rolls 5 and sets aside 5
    And the player rolls 2 and sets aside 2
    Then the turn stands at 7 points
    And the player has 1 die to roll

  @id:pig-en-example-andersandle-rolls-a-1 @rule:farkle
  Scenario: Andersandle's turn of 5, 2 and 1 ends without scoring
    Andersandle rolls a 1, and must end his turn without scoring.
    Given a game of 2 players
    When the player rolls 5 and sets aside 5
    And the player rolls 2 and sets aside 2
    And the player rolls 1
    Then player 1 has 0 points
    And player 1 has played 1 turn
    And it is player 2's turn

  @id:pig-en-example-alexia-holds-at-23 @rule:turn
  Scenario: Alexia rolls 4-5-3-5-6, holds, and adds 23 points to her score
    The next player, Alexia, rolls the sequence 4-5-3-5-6, after which she chooses to hold, and
    adds her turn total of 23 points to her score.
    Given a game of 2 players
    When these actions are played:
      | action |
      | roll 5 |
      | set 5  |
      | roll 2 |
      | set 2  |
      | roll 1 |
      | roll 4 |
      | set 4  |
      | roll 5 |
      | set 5  |
      | roll 3 |
      | set 3  |
      | roll 5 |
      | set 5  |
      | roll 6 |
      | set 6  |
      | bank   |
    Then player 2 has 23 points
    And player 1 has 0 points
    And it is player 1's turn
