# language: fr
@kiriki @source:000_0d382d195f2c3840.txt @ruleset:kiriki-fr
Fonctionnalité: Le tableau de score de Kiriki, texte français
  Transcription du premier paragraphe (en français) de fixtures/sources/000_0d382d195f2c3840.txt,
  traduction du manuel de KDE Kiriki. Chaque exemple garde les dés et le score du texte, même
  faux ; les erreurs et les silences sont signalés (@erratum, @variant, @ambiguity, @gap) et expliqués dans
  fixtures/errata.yaml. Les scénarios tournent sous la règle de référence (kiriki) et sous la
  règle du texte français pris au mot (kiriki-fr).

  @id:kiriki-fr-sheet-lines @ambiguity @rule:sheet
  Scénario: Le tableau compte quatorze lignes
    le tableau de score de & kiriki; est divisé en quatorze lignes différentes. chaque ligne a un
    « & #160; score type & #160; » et les joueurs un score gagné pour un lancé correspondant à un type.
    Alors le tableau de score compte 14 lignes avec un score type
    Et le tableau de score compte 3 lignes de résumé

  @rule:<ligne>
  Plan du scénario: Les lignes du haut additionnent les dés d'une même valeur
    Soit les dés affichent <dés>
    Alors la ligne "<ligne>" vaut <score>
    Et "<calcul>" fait <score> avec les dés affichés

    Exemples: 1s
      1s & #160;: addition de tous les dés valant 1. exemple & #160;: les dés affichent & #160;: 14112.
      le score vaut & #160;: 3 = 1 + 1 + 1. les dés affichent & #160;: 51111. le score vaut & #160;: 4 = 1 + 1 + 1 + 1.
      | id               | dés   | ligne | score | calcul        |
      | kiriki-fr-ones-1 | 14112 | 1s    | 3     | 1 + 1 + 1     |
      | kiriki-fr-ones-2 | 51111 | 1s    | 4     | 1 + 1 + 1 + 1 |

    Exemples: 2s
      2s & #160;: addition de tous les dés valant 2. exemple & #160;: les dés affichent & #160;: 22422.
      le score vaut & #160;: 8 = 2 + 2 + 2 + 2. les dés affichent & #160;: 42322. le score vaut & #160;: 6 = 2 + 2 + 2.
      | id               | dés   | ligne | score | calcul        |
      | kiriki-fr-twos-1 | 22422 | 2s    | 8     | 2 + 2 + 2 + 2 |
      | kiriki-fr-twos-2 | 42322 | 2s    | 6     | 2 + 2 + 2     |

    Exemples: 3s
      3s & #160;: addition de tous les dés valant 3. exemple & #160;: les dés affichent & #160;: 34132.
      le score vaut & #160;: 6 = 3 + 3. les dés affichent & #160;: 33333. le score vaut & #160;: 15 = 3 + 3 + 3 + 3 + 3.
      | id                 | dés   | ligne | score | calcul            |
      | kiriki-fr-threes-1 | 34132 | 3s    | 6     | 3 + 3             |
      | kiriki-fr-threes-2 | 33333 | 3s    | 15    | 3 + 3 + 3 + 3 + 3 |

    Exemples: 4s
      4s & #160;: addition de tous les dés valant 4. exemple & #160;: les dés affichent & #160;: 14142.
      le score vaut & #160;: 8 = 4 + 4. les dés affichent & #160;: 41414. le score vaut & #160;: 12 = 4 + 4 + 4.
      | id                | dés   | ligne | score | calcul    |
      | kiriki-fr-fours-1 | 14142 | 4s    | 8     | 4 + 4     |
      | kiriki-fr-fours-2 | 41414 | 4s    | 12    | 4 + 4 + 4 |

    Exemples: 5s
      5s & #160;: addition de tous les dés valant 5. exemple & #160;: les dés affichent & #160;: 15155.
      le score vaut & #160;: 15 = 5 + 5 + 5. les dés affichent & #160;: 51555. le score vaut & #160;: 20 = 5 + 5 + 5 + 5.
      | id                | dés   | ligne | score | calcul        |
      | kiriki-fr-fives-1 | 15155 | 5s    | 15    | 5 + 5 + 5     |
      | kiriki-fr-fives-2 | 51555 | 5s    | 20    | 5 + 5 + 5 + 5 |

    @erratum
    Exemples: 6s, premier exemple
      6s & #160;: addition de tous les dés valant 6. exemple & #160;: les dés affichent & #160;: 61616.
      le score vaut & #160;: 24 = 6 + 6 + 6 + 6.
      | id                | dés   | ligne | score | calcul        |
      | kiriki-fr-sixes-1 | 61616 | 6s    | 24    | 6 + 6 + 6 + 6 |

    Exemples: 6s, second exemple
      les dés affichent & #160;: 61616. le score vaut & #160;: 18 = 6 + 6 + 6.
      | id                | dés   | ligne | score | calcul    |
      | kiriki-fr-sixes-2 | 61616 | 6s    | 18    | 6 + 6 + 6 |

  @id:kiriki-fr-bonus-above-62 @rule:bonus
  Scénario: Le bonus de 35 points au-dessus de 62
    bonus si > 62 & #160;: le joueur gagne 35 points supplémentaire si la valeur totale de tous les
    champs du dessus sont supérieurs à 62 points.
    Soit une partie à 1 joueur
    Quand ces tours sont joués :
      | dés   | ligne |
      | 11123 | 1s    |
      | 22213 | 2s    |
      | 33312 | 3s    |
      | 44412 | 4s    |
      | 55512 | 5s    |
      | 66612 | 6s    |
    Alors le joueur 1 a 35 en "bonus si > 62"

  @id:kiriki-fr-no-bonus-at-62 @rule:bonus
  Scénario: Pas de bonus à 62 points
    bonus si > 62 & #160;: le joueur gagne 35 points supplémentaire si la valeur totale de tous les
    champs du dessus sont supérieurs à 62 points.
    Soit une partie à 1 joueur
    Quand ces tours sont joués :
      | dés   | ligne |
      | 11234 | 1s    |
      | 22213 | 2s    |
      | 33312 | 3s    |
      | 44412 | 4s    |
      | 55512 | 5s    |
      | 66612 | 6s    |
    Alors le joueur 1 a 0 en "bonus si > 62"
    Et le joueur 1 a 62 en "total du haut"

  @id:kiriki-fr-upper-total @rule:upper-total
  Scénario: Le total du haut résume les champs du dessus
    total du haut & #160;: ce n'est pas un champ jouable, mais seulement un résumé de tous les champs du dessus.
    Soit une partie à 1 joueur
    Quand ces tours sont joués :
      | dés   | ligne |
      | 11123 | 1s    |
      | 22213 | 2s    |
      | 33312 | 3s    |
      | 44412 | 4s    |
      | 55512 | 5s    |
      | 66612 | 6s    |
    Alors le joueur 1 a 98 en "total du haut"

  @id:kiriki-fr-upper-total-not-playable @rule:upper-total
  Scénario: Le total du haut n'est pas un champ jouable
    total du haut & #160;: ce n'est pas un champ jouable, mais seulement un résumé de tous les champs du dessus.
    Soit une partie à 1 joueur
    Quand le joueur lance 12345
    Et le joueur marque la ligne "total du haut"
    Alors la dernière action est refusée comme not-playable et ne change rien

  @ambiguity @rule:<ligne>
  Plan du scénario: Les lignes « du même type » additionnent tous les dés
    Soit les dés affichent <dés>
    Alors la ligne "<ligne>" vaut <score>
    Et "<calcul>" fait <score> avec les dés affichés

    Exemples: 3 du même type
      3 du même type & #160;: valeur totale des dés quand trois des dés ont la même valeur exemple & #160;:
      les dés affichent & #160;: 14121. le score vaut & #160;: 9 = 1 + 1 + 1 + 4 + 2. les dés affichent & #160;: 55151.
      le score vaut & #160;: 17 = 5 + 5 + 5 + 1 + 1.
      | id                          | dés   | ligne          | score | calcul            |
      | kiriki-fr-three-of-a-kind-1 | 14121 | 3 du même type | 9     | 1 + 1 + 1 + 4 + 2 |
      | kiriki-fr-three-of-a-kind-2 | 55151 | 3 du même type | 17    | 5 + 5 + 5 + 1 + 1 |

    Exemples: 4 du même type, premier exemple
      4 du même type & #160;: valeur totale des dés quand quatre des dés ont la même valeur. exemple & #160;:
      les dés affichent & #160;: 41444. le score vaut & #160;: 17 = 4 + 4 + 4 + 4 + 1.
      | id                         | dés   | ligne          | score | calcul            |
      | kiriki-fr-four-of-a-kind-1 | 41444 | 4 du même type | 17    | 4 + 4 + 4 + 4 + 1 |

    @erratum
    Exemples: 4 du même type, second exemple
      les dés affichent & #160;: 22422. le score vaut & #160;: 13 = 2 + 2 + 2 + 2 + 4.
      | id                         | dés   | ligne          | score | calcul            |
      | kiriki-fr-four-of-a-kind-2 | 22422 | 4 du même type | 13    | 2 + 2 + 2 + 2 + 4 |

  @rule:<ligne>
  Plan du scénario: Les combinaisons à points fixes
    # Le texte ne donne pas de score pour ces exemples : il suit de la règle de la ligne dans ce texte.
    Soit les dés affichent <dés>
    Alors la ligne "<ligne>" vaut <score>

    @ambiguity
    Exemples: full
      full & #160;: le joueur gagne 25 points si le résultat du tour est d'une paire et un brelan.
      exemple & #160;: les dés affichent & #160;: 11212. les dés affichent & #160;: 53353.
      | id                     | dés   | ligne | score |
      | kiriki-fr-full-house-1 | 11212 | full  | 25    |
      | kiriki-fr-full-house-2 | 53353 | full  | 25    |

    Exemples: kiriki
      kiriki; & #160;: le joueur gagne 50 points et un tour supplémentaire si le résultat du tour est cinq
      dés de même valeur. exemple & #160;: les dés affichent & #160;: 11111. les dés affichent & #160;: 33333.
      | id                 | dés   | ligne  | score |
      | kiriki-fr-kiriki-1 | 11111 | kiriki | 50    |
      | kiriki-fr-kiriki-2 | 33333 | kiriki | 50    |

  @rule:<ligne>
  Plan du scénario: Les suites
    # Le texte ne donne pas de score pour ces exemples : il suit de la règle de la ligne dans ce texte.
    Soit les dés affichent <dés>
    Alors la ligne "<ligne>" vaut <score>
    Et les dés contiennent la séquence "<séquence>"

    @ambiguity
    Exemples: petite suite
      petite suite & #160;: le joueur gagne 30 points si le résultat du tour est une suite de quatre chiffres.
      exemple & #160;: les dés affichent & #160;: 14312. la séquence est & #160;: 1, 2, 3, 4. les dés affichent & #160;: 51643.
      la séquence est & #160;: 3, 4, 5, 6.
      | id                         | dés   | ligne        | score | séquence   |
      | kiriki-fr-small-straight-1 | 14312 | petite suite | 30    | 1, 2, 3, 4 |
      | kiriki-fr-small-straight-2 | 51643 | petite suite | 30    | 3, 4, 5, 6 |

    @erratum @variant
    Exemples: grande suite
      grande suite & #160;: le joueur gagne 30 points si le résultat du tour est une suite de cinq chiffres.
      exemple & #160;: les dés affichent & #160;: 34152. la séquence est & #160;: 1, 2, 3, 4, 5. les dés affichent & #160;: 53264.
      la séquence est & #160;: 2, 3, 4, 5, 6.
      | id                         | dés   | ligne        | score | séquence      |
      | kiriki-fr-large-straight-1 | 34152 | grande suite | 30    | 1, 2, 3, 4, 5 |
      | kiriki-fr-large-straight-2 | 53264 | grande suite | 30    | 2, 3, 4, 5, 6 |

  @id:kiriki-fr-kiriki-extra-turn @erratum @variant @rule:extra-turns
  Scénario: Un kiriki donne 50 points et un tour supplémentaire
    kiriki; & #160;: le joueur gagne 50 points et un tour supplémentaire si le résultat du tour est cinq
    dés de même valeur.
    Soit une partie à 1 joueur
    Quand le joueur lance 11111 et marque la ligne "kiriki"
    Alors le joueur 1 a 50 en "kiriki"
    Et le joueur 1 a gagné 1 tour supplémentaire

  @id:kiriki-fr-second-kiriki-adds-50 @gap @rule:kiriki
  Scénario: Un second kiriki ajoute 50 points à la ligne kiriki
    kiriki; & #160;: le joueur gagne 50 points et un tour supplémentaire si le résultat du tour est cinq
    dés de même valeur.
    # Le texte ne dit rien d'un second kiriki : la spécification suit la référence (fixtures/errata.yaml).
    Soit une partie à 1 joueur
    Quand le joueur lance 11111 et marque la ligne "kiriki"
    Et le joueur lance 33333 et marque la ligne "kiriki"
    Alors le joueur 1 a 100 en "kiriki"
    Et le joueur 1 a joué 2 tours

  @id:kiriki-fr-scratched-kiriki-takes-no-more @gap @rule:kiriki
  Scénario: Une ligne kiriki rayée à 0 ne prend plus de kiriki
    kiriki; & #160;: le joueur gagne 50 points et un tour supplémentaire si le résultat du tour est cinq
    dés de même valeur.
    Soit une partie à 1 joueur
    Quand le joueur lance 12345 et marque la ligne "kiriki"
    Et le joueur lance 66666 et marque la ligne "kiriki"
    Alors la dernière action est refusée comme row-used et ne change rien

  @rule:chance
  Plan du scénario: La chance additionne tous les dés
    Soit les dés affichent <dés>
    Alors la ligne "<ligne>" vaut <score>
    Et "<calcul>" fait <score> avec les dés affichés

    Exemples: chance
      chance & #160;: les valeurs de tous les dés sont additionnées exemple & #160;: les dés affichent & #160;: 51143.
      le score vaut & #160;: 14 = 5 + 1 + 1 + 4 + 3. les dés affichent & #160;: 21526. le score vaut & #160;: 16 = 2 + 1 + 5 + 2 + 6.
      | id                 | dés   | ligne  | score | calcul            |
      | kiriki-fr-chance-1 | 51143 | chance | 14    | 5 + 1 + 1 + 4 + 3 |
      | kiriki-fr-chance-2 | 21526 | chance | 16    | 2 + 1 + 5 + 2 + 6 |

  @id:kiriki-fr-lower-total @ambiguity @rule:lower-total
  Scénario: Le total du bas résume les champs à partir de « 3 de même type »
    total du bas & #160;: ce n'est pas un champ jouable, mais seulement un résumé de tous les champs de
    « & #160; 3 de même type & #160; » et suivant.
    Soit une partie à 1 joueur
    Quand ces tours sont joués :
      | dés   | ligne          |
      | 14121 | 3 du même type |
      | 41444 | 4 du même type |
      | 11212 | full           |
      | 14312 | petite suite   |
      | 21526 | chance         |
    Alors le joueur 1 a 97 en "total du bas"

  @id:kiriki-fr-grand-total @rule:grand-total
  Scénario: Le grand total résume le total du haut et le total du bas
    grand total & #160;: ce n'est pas un champ jouable, mais seulement un résumé des champs « & #160;
    total du haut & #160; » et « & #160; total du bas & #160; ».
    Soit une partie à 1 joueur
    Quand ces tours sont joués :
      | dés   | ligne          |
      | 66612 | 6s             |
      | 14121 | 3 du même type |
      | 21526 | chance         |
    Alors le joueur 1 a 18 en "total du haut"
    Et le joueur 1 a 25 en "total du bas"
    Et le joueur 1 a 43 en "grand total"

  @id:kiriki-fr-lower-total-not-playable @rule:lower-total
  Scénario: Le total du bas n'est pas un champ jouable
    total du bas & #160;: ce n'est pas un champ jouable, mais seulement un résumé de tous les champs de
    « & #160; 3 de même type & #160; » et suivant.
    Soit une partie à 1 joueur
    Quand le joueur lance 12345
    Et le joueur marque la ligne "total du bas"
    Alors la dernière action est refusée comme not-playable et ne change rien

  @id:kiriki-fr-grand-total-not-playable @rule:grand-total
  Scénario: Le grand total n'est pas un champ jouable
    grand total & #160;: ce n'est pas un champ jouable, mais seulement un résumé des champs « & #160;
    total du haut & #160; » et « & #160; total du bas & #160; ».
    Soit une partie à 1 joueur
    Quand le joueur lance 12345
    Et le joueur marque la ligne "grand total"
    Alors la dernière action est refusée comme not-playable et ne change rien

  @id:kiriki-fr-other-rules-13-turns @gap @rule:turns
  Scénario: La partie se termine après 13 tours
    autres règles et contraintes & #160;:
    # Le texte s'arrête à ce titre : les règles des tours suivent la référence (fixtures/errata.yaml).
    Soit une partie à 1 joueur
    Quand ces tours sont joués :
      | dés   | ligne          |
      | 11123 | 1s             |
      | 22213 | 2s             |
      | 33312 | 3s             |
      | 44412 | 4s             |
      | 55512 | 5s             |
      | 66612 | 6s             |
      | 14121 | 3 du même type |
      | 41444 | 4 du même type |
      | 11212 | full           |
      | 14312 | petite suite   |
      | 34152 | grande suite   |
      | 12346 | kiriki         |
      | 21526 | chance         |
    Alors la partie est terminée
    Et le joueur 1 a joué 13 tours

  @id:kiriki-fr-other-rules-three-rolls @gap @rule:turns
  Scénario: Un tour compte au plus trois lancers
    autres règles et contraintes & #160;:
    Soit une partie à 1 joueur
    Quand le joueur lance 12345
    Et le joueur relance les dés 1 et obtient 6
    Et le joueur relance les dés 2 et obtient 6
    Et le joueur relance les dés 3 et obtient 6
    Alors la dernière action est refusée comme no-rolls-left et ne change rien
