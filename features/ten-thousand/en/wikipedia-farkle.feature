@ten_thousand @source:wikipedia-farkle-en.txt @rulesets-only @ruleset:farkle-five-dice
Feature: Farkle, as Wikipedia's article and its play variations give it (five dice)
  Transcription of fixtures/sources/wikipedia-farkle-en.txt: the rule sentences of the article's
  opening and of its list of play variations, under the ruleset farkle-five-dice, which takes the
  variations of five dice, three farkles in a row and the instant win. Where the text is silent,
  ambiguous or says a variation is not always played, the case is flagged and fixtures/errata.yaml
  says what was decided. The choice of the first player is not a rule of the engines.

  # -- players, dice, the target --------------------------------------------------------------

  @id:ten-thousand-en-wp-two-players @rule:players
  Scenario: Two players play, each in turn
    Farkle is played by two or more players, with each player in succession having a turn at throwing the dice.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    Then player 1 has 1000 points
    And it is player 2's turn

  @id:ten-thousand-en-wp-five-dice @rule:turn
  Scenario: A turn starts with a throw of five dice
    Another variation is using five dice instead of six.
    Given a game of 2 players
    When the player rolls 11234 and sets aside 11
    Then every action is accepted
    And the player has 3 dice to roll

  @id:ten-thousand-en-wp-six-dice @erratum @variant @ruleset:farkle @rule:turn
  Scenario: A turn starts with a throw of all six dice
    At the beginning of each turn, the player throws all six dice at once.
    Given a game of 2 players
    When the player rolls 111234 and sets aside 111
    Then every action is accepted
    And the player has 3 dice to roll

  @id:ten-thousand-en-wp-play-to-10000 @gap @rule:end
  Scenario: A bank that reaches 10000 starts the end of the game
    Play is almost always to 10,000, but can be to 20,000.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 12346  |
      | set 1       |
      | bank        |
    Then player 1 has 10000 points
    And the game is not over
    And it is player 2's turn

  @id:ten-thousand-en-wp-reach-or-exceed @gap @rule:end
  Scenario: A bank that passes 10000 starts the end of the game too
    the scores for each player accumulate until they reach or exceed 10,000
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11155  |
      | set 11155   |
      | roll 11234  |
      | set 11      |
      | bank        |
    Then player 1 has 10100 points
    And the game is not over
    And it is player 2's turn

  # -- the opening threshold ------------------------------------------------------------------

  @id:ten-thousand-en-wp-threshold @ambiguity @rule:entry
  Scenario: A first bank of 400 does not reach the threshold
    Thresholds of 350, 400, 500, or 1000 are used.
    Given a game of 2 players
    When the player rolls 44423 and sets aside 444
    And the player banks
    Then the last action is rejected as below-entry and changes nothing

  @id:ten-thousand-en-wp-continue-until-threshold @rule:entry
  Scenario: Below the threshold a player may not stop
    each player must continue throwing in their turn until they either farkle or reach the threshold.
    Given a game of 2 players
    When the player rolls 15234 and sets aside 15
    And the player banks
    Then the last action is rejected as below-entry and changes nothing

  @id:ten-thousand-en-wp-free-to-stop @rule:entry
  Scenario: Once on the board a player stops whenever they choose
    After having reached the threshold once, they are free to stop throwing in subsequent turns whenever they choose.
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    And the player rolls 23462
    And the player rolls 15234 and sets aside 5
    And the player banks
    Then player 1 has 1050 points
    And it is player 2's turn

  # -- three farkles in a row -----------------------------------------------------------------

  @id:ten-thousand-en-wp-three-farkles @ambiguity @rule:farkle-penalty
  Scenario: Three farkles in a row cost 500
    Three farkles in a row can result in a deduction of 500 or 1000 points from the player's score.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 11123  |
      | set 111     |
      | bank        |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
    Then player 1 has 500 points
    And player 1 has 0 farkles in a row
    And it is player 2's turn

  @id:ten-thousand-en-wp-three-farkles-below-zero @gap @rule:farkle-penalty
  Scenario: Three farkles in a row take a player with no points below 0
    Three farkles in a row can result in a deduction of 500 or 1000 points from the player's score.
    Given a game of 2 players
    When these actions are played:
      | action      |
      | roll 11123  |
      | set 111     |
      | bank        |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
      | roll 23462  |
    Then player 2 has -500 points
    And player 2 is not on the board

  # -- five dice: no three pairs, and the instant win -----------------------------------------

  @id:ten-thousand-en-wp-no-three-pair @rule:patterns
  Scenario: Two pairs of five dice are no combination
    In this version, players cannot score three pair
    Given the dice show 22334
    Then the most the dice can score is 0

  @id:ten-thousand-en-wp-instant-win @rule:instant-win
  Scenario: Five of a kind on a turn's first roll wins the game at once, whatever the scores
    where on the first roll of the five dice on any turn, if the player rolls five of a kind, that player instantly wins the game
    Given a game of 2 players
    When the player rolls 11123 and sets aside 111
    And the player banks
    And the player rolls 22222
    Then the game is over
    And player 2 wins
    And player 2 has 0 points

  @id:ten-thousand-en-wp-five-of-a-kind-later @rule:instant-win
  Scenario: Five of a kind on a later roll of the turn scores and does not win
    where on the first roll of the five dice on any turn, if the player rolls five of a kind, that player instantly wins the game
    Given a game of 2 players
    When the player rolls 11155 and sets aside 11155
    And the player rolls 33333 and sets aside 33333
    Then the game is not over
    And the turn stands at 3100 points
