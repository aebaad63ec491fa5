@maxi_yatzy @source:normative
Feature: Maxi Yatzy's six dice and saved rolls: the edge cases
  Normative cases of the rules the reference ruleset maxi-yatzy adds to a score sheet: pairs and
  groups of different faces among six dice, the best choice of faces, the straights of six dice,
  six of a kind, and the rolls a turn leaves unused, banked for the player's later turns.

  @rule:<row>
  Scenario Outline: Six dice in the rows of pairs, kinds, groups and straights
    Given the dice show <dice>
    Then the "<row>" row scores <score>

    Examples: Pairs
      Pins down: three pairs need three different faces; the highest pairs count.
      | id                              | dice   | row         | score |
      | maxi-yatzy-en-three-pairs-112233 | 112233 | Three pairs | 12    |
      | maxi-yatzy-en-three-pairs-111222 | 111222 | Three pairs | 0     |
      | maxi-yatzy-en-two-pairs-highest  | 223366 | Two pairs   | 18    |
      | maxi-yatzy-en-one-pair-highest   | 113355 | One pair    | 10    |

    Examples: Kinds among six dice
      Pins down: a kind takes at least that many dice, and scores that many.
      | id                               | dice   | row         | score |
      | maxi-yatzy-en-four-of-six-twos   | 222222 | 4 of a kind | 8     |
      | maxi-yatzy-en-five-of-six-fours  | 444444 | 5 of a kind | 20    |
      | maxi-yatzy-en-three-of-the-best  | 333666 | 3 of a kind | 18    |

    Examples: Villa
      Pins down: a villa is two groups of three of different faces.
      | id                         | dice   | row   | score |
      | maxi-yatzy-en-villa-333666 | 336636 | Villa | 27    |
      | maxi-yatzy-en-villa-222255 | 222255 | Villa | 0     |

    Examples: Tower
      Pins down: a tower is four of a face and two of another.
      | id                          | dice   | row   | score |
      | maxi-yatzy-en-tower-333366  | 363633 | Tower | 24    |
      | maxi-yatzy-en-tower-333666  | 333666 | Tower | 0     |

    Examples: Full house among six dice
      Pins down: a full house scores its grouped dice, the best faces, among six.
      | id                             | dice   | row        | score |
      | maxi-yatzy-en-full-house-best  | 444666 | Full house | 26    |
      | maxi-yatzy-en-full-house-four  | 444466 | Full house | 24    |
      | maxi-yatzy-en-full-house-pairs | 445566 | Full house | 0     |

    Examples: Full straight
      Pins down: the full straight is every face, 1 to 6.
      | id                              | dice   | row           | score |
      | maxi-yatzy-en-full-straight-any | 654321 | Full straight | 21    |
      | maxi-yatzy-en-full-straight-gap | 123465 | Full straight | 21    |
      | maxi-yatzy-en-full-straight-no  | 234566 | Full straight | 0     |

    Examples: Six of a kind
      Pins down: six of a kind for Maxi Yatzy, whatever the face.
      | id                          | dice   | row        | score |
      | maxi-yatzy-en-six-of-a-kind | 111111 | Maxi Yatzy | 100   |
      | maxi-yatzy-en-five-of-six   | 111112 | Maxi Yatzy | 0     |

  @id:maxi-yatzy-en-saved-after-early-score @rule:saved-rolls @ruleset:maxi-yatzy-teemeam
  Scenario: A turn scored after its first roll banks its two other rolls
    Pins down: the rolls a turn does not use are banked for its player.
    Given a game of 1 player
    When the player rolls 123456 and scores "Full straight"
    Then player 1 has 2 saved rolls

  @id:maxi-yatzy-en-saved-add-up @rule:saved-rolls @ruleset:maxi-yatzy-teemeam
  Scenario: Saved rolls add up over turns
    Pins down: each turn banks what it leaves unused, on top of what is saved.
    Given a game of 1 player
    When the player rolls 123456 and scores "Full straight"
    And the player rolls 111111
    And the player rerolls dice 1 and gets 1
    And the player scores "Maxi Yatzy"
    Then player 1 has 3 saved rolls

  @id:maxi-yatzy-en-saved-used-later @rule:saved-rolls @ruleset:maxi-yatzy-teemeam
  Scenario: A later turn rolls past its own three with the saved rolls
    Pins down: a turn may reroll while it has rolls of its own or saved ones, and spends the saved ones.
    Given a game of 1 player
    When the player rolls 123456 and scores "Full straight"
    And the player rolls 111123
    And the player rerolls dice 5 and gets 1
    And the player rerolls dice 6 and gets 1
    And the player rerolls dice 1 and gets 1
    Then the dice now show 111111
    When the player scores "Maxi Yatzy"
    Then player 1 has 1 saved roll

  @id:maxi-yatzy-en-saved-none-left @rule:saved-rolls @ruleset:maxi-yatzy-teemeam
  Scenario: A reroll past the turn's own rolls and the saved ones is refused
    Pins down: with the turn's three rolls made and the two saved ones spent, a sixth roll is refused as no-saved-rolls.
    Given a game of 1 player
    When the player rolls 123456 and scores "Full straight"
    And the player rolls 111123
    And the player rerolls dice 5 and gets 1
    And the player rerolls dice 6 and gets 1
    And the player rerolls dice 1 and gets 1
    And the player rerolls dice 1 and gets 1
    And the player rerolls dice 1 and gets 1
    Then the last action is rejected as no-saved-rolls and changes nothing

  @id:maxi-yatzy-en-saved-spent-earlier @rule:saved-rolls @ruleset:maxi-yatzy-teemeam
  Scenario: Saved rolls spent in an earlier turn leave a later turn its own three
    Pins down: a turn that draws on no saved roll (none is left) is refused a fourth roll as no-rolls-left, not no-saved-rolls.
    Given a game of 1 player
    When the player rolls 123456 and scores "Full straight"
    And the player rolls 111123
    And the player rerolls dice 5 and gets 1
    And the player rerolls dice 6 and gets 1
    And the player rerolls dice 1 and gets 1
    And the player rerolls dice 1 and gets 1
    And the player scores "Ones"
    And the player rolls 222345
    And the player rerolls dice 4 and gets 2
    And the player rerolls dice 5 and gets 2
    And the player rerolls dice 6 and gets 2
    Then the last action is rejected as no-rolls-left and changes nothing

  @id:maxi-yatzy-en-saved-per-player @rule:saved-rolls @ruleset:maxi-yatzy-teemeam
  Scenario: Saved rolls are the player's own
    Pins down: a player's banked rolls serve that player alone: the next one, with none saved, has no rolls left after three.
    Given a game of 2 players
    When the player rolls 123456 and scores "Full straight"
    And the player rolls 111123
    And the player rerolls dice 5 and gets 1
    And the player rerolls dice 6 and gets 1
    And the player rerolls dice 1 and gets 1
    Then the last action is rejected as no-rolls-left and changes nothing

  @id:maxi-yatzy-en-twenty-rows @rule:sheet
  Scenario: A game is twenty turns, one a row
    Pins down: the game ends when every one of the twenty rows is filled.
    Given a game of 1 player
    When these turns are played:
      | roll   | row             |
      | 111123 | ones            |
      | 222213 | twos            |
      | 333312 | threes          |
      | 444412 | fours           |
      | 555512 | fives           |
      | 666612 | sixes           |
      | 642651 | one_pair        |
      | 213355 | two_pairs       |
      | 225566 | three_pairs     |
      | 453554 | three_of_a_kind |
      | 242252 | four_of_a_kind  |
      | 332333 | five_of_a_kind  |
      | 123453 | small_straight  |
      | 234566 | large_straight  |
      | 123456 | full_straight   |
      | 344666 | full_house      |
      | 222555 | villa           |
      | 336666 | tower           |
      | 342654 | chance          |
      | 444444 | maxi_yatzy      |
    Then the game is over
    And player 1 has 100 in "bonus"
    And player 1 has 533 in "grand_total"
    And player 1 has 40 saved rolls
