# language: de
@kiriki @source:000_0d382d195f2c3840.txt
Funktionalität: Die Punktetafel von Kiriki, deutscher Text
  Transkription des zweiten Absatzes (deutsch) von fixtures/sources/000_0d382d195f2c3840.txt,
  einer Übersetzung des Handbuchs von KDE Kiriki. Jedes Beispiel behält die Würfel und Punkte des
  Textes; Unstimmigkeiten und Lücken sind markiert (@erratum, @variant, @ambiguity, @gap) und in
  fixtures/errata.yaml begründet.

  @id:kiriki-de-sheet-lines @ambiguity @rule:sheet
  Szenario: Die Punktetafel hat vierzehn Zeilen
    die punktetafel in & kiriki; ist in vierzehn zeilen unterteilt. jede zeile enthält ein punktemuster
    und die punkte, die der spieler für das erreichen dieses musters erhalten hat.
    Dann hat die Punktetafel 14 Zeilen mit einem Punktemuster
    Und hat die Punktetafel 3 Summenzeilen

  @rule:<zeile>
  Szenariogrundriss: Die oberen Zeilen zählen die Würfel eines Wertes zusammen
    Angenommen die Würfel zeigen <würfel>
    Dann ergibt die Zeile "<zeile>" <punkte>
    Und ergibt die Summe "<rechnung>" der gezeigten Würfel <punkte>

    Beispiele: 1s
      1s: summe aller einser. beispiel: würfel zeigen: '14112'. ergebnis: '3'='1'+'1'+'1'.
      würfel zeigen: '51111'. ergebnis: '4'='1'+'1'+'1'+'1'.
      | id               | würfel | zeile | punkte | rechnung        |
      | kiriki-de-ones-1 | 14112  | 1s    | 3      | '1'+'1'+'1'     |
      | kiriki-de-ones-2 | 51111  | 1s    | 4      | '1'+'1'+'1'+'1' |

    Beispiele: 2s
      2s: summe aller zweier. beispiel: würfel zeigen: '22422'. ergebnis: '8'='2'+'2'+'2'+'2'.
      würfel zeigen: '42322'. ergebnis: '6'='2'+'2'+'2'.
      | id               | würfel | zeile | punkte | rechnung        |
      | kiriki-de-twos-1 | 22422  | 2s    | 8      | '2'+'2'+'2'+'2' |
      | kiriki-de-twos-2 | 42322  | 2s    | 6      | '2'+'2'+'2'     |

    Beispiele: 3s
      3s: summe aller dreier. beispiel: würfel zeigen: '34132'. ergebnis: '6'='3'+'3'.
      würfel zeigen: '33333'. ergebnis: '15'='3'+'3'+'3'+'3'+'3'.
      | id                 | würfel | zeile | punkte | rechnung            |
      | kiriki-de-threes-1 | 34132  | 3s    | 6      | '3'+'3'             |
      | kiriki-de-threes-2 | 33333  | 3s    | 15     | '3'+'3'+'3'+'3'+'3' |

    Beispiele: 4s
      4s: summe aller vierer. beispiel: würfel zeigen: '14142'. ergebnis: '8'='4'+'4'.
      würfel zeigen: '41414'. ergebnis: '12'='4'+'4'+'4'.
      | id                | würfel | zeile | punkte | rechnung    |
      | kiriki-de-fours-1 | 14142  | 4s    | 8      | '4'+'4'     |
      | kiriki-de-fours-2 | 41414  | 4s    | 12     | '4'+'4'+'4' |

    Beispiele: 5s
      5s: summe aller fünfer. beispiel: würfel zeigen: '15155'. ergebnis: '15'='5'+'5'+'5'.
      würfel zeigen: '51555'. ergebnis: '20'='5'+'5'+'5'+'5'.
      | id                | würfel | zeile | punkte | rechnung        |
      | kiriki-de-fives-1 | 15155  | 5s    | 15     | '5'+'5'+'5'     |
      | kiriki-de-fives-2 | 51555  | 5s    | 20     | '5'+'5'+'5'+'5' |

    Beispiele: 6s
      6s: summe aller sechser. beispiel: würfel zeigen: '66616'. ergebnis: '24'='6'+'6'+'6'+'6'.
      würfel zeigen: '61616'. ergebnis: '18'='6'+'6'+'6'.
      | id                | würfel | zeile | punkte | rechnung        |
      | kiriki-de-sixes-1 | 66616  | 6s    | 24     | '6'+'6'+'6'+'6' |
      | kiriki-de-sixes-2 | 61616  | 6s    | 18     | '6'+'6'+'6'     |

  @id:kiriki-de-bonus-above-62 @rule:bonus
  Szenario: 35 Punkte extra über 62
    bonus wenn > 62: der spieler bekommt 35 punkte extra, wenn die oberen felder zusammengezählt mehr
    als 62 punkte ergeben.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile |
      | 11123  | 1s    |
      | 22213  | 2s    |
      | 33312  | 3s    |
      | 44412  | 4s    |
      | 55512  | 5s    |
      | 66612  | 6s    |
    Dann hat Spieler 1 35 in "bonus wenn > 62"

  @id:kiriki-de-no-bonus-at-62 @rule:bonus
  Szenario: Kein Bonus bei 62 Punkten
    bonus wenn > 62: der spieler bekommt 35 punkte extra, wenn die oberen felder zusammengezählt mehr
    als 62 punkte ergeben.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile |
      | 11234  | 1s    |
      | 22213  | 2s    |
      | 33312  | 3s    |
      | 44412  | 4s    |
      | 55512  | 5s    |
      | 66612  | 6s    |
    Dann hat Spieler 1 0 in "bonus wenn > 62"
    Und hat Spieler 1 62 in "gesamt oben"

  @id:kiriki-de-upper-total @ambiguity @rule:upper-total
  Szenario: Gesamt oben zählt die oberen Felder zusammen
    gesamt oben: dies ist kein spielfeld; hier werden nur die oberen felder zusammengezählt.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile |
      | 11123  | 1s    |
      | 22213  | 2s    |
      | 33312  | 3s    |
      | 44412  | 4s    |
      | 55512  | 5s    |
      | 66612  | 6s    |
    Dann hat Spieler 1 98 in "gesamt oben"

  @id:kiriki-de-upper-total-not-playable @rule:upper-total
  Szenario: Gesamt oben ist kein Spielfeld
    gesamt oben: dies ist kein spielfeld; hier werden nur die oberen felder zusammengezählt.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt
    Und der Spieler in die Zeile "gesamt oben" einträgt
    Dann wird die letzte Aktion als not-playable abgelehnt und ändert nichts

  @ambiguity @rule:<zeile>
  Szenariogrundriss: Drei und vier einer Sorte zählen alle Würfel zusammen
    Angenommen die Würfel zeigen <würfel>
    Dann ergibt die Zeile "<zeile>" <punkte>
    Und ergibt die Summe "<rechnung>" der gezeigten Würfel <punkte>

    Beispiele: drei einer sorte
      drei einer sorte: summe aller würfel wenn drei würfel den gleichen wert zeigen. beispiel: würfel
      zeigen: '14121'. ergebnis: '9'='1'+'1'+'1'+'4'+'2'. würfel zeigen: '55151'. ergebnis: '17'='5'+'5'+'5'+'1'+'1'.
      | id                          | würfel | zeile            | punkte | rechnung            |
      | kiriki-de-three-of-a-kind-1 | 14121  | drei einer sorte | 9      | '1'+'1'+'1'+'4'+'2' |
      | kiriki-de-three-of-a-kind-2 | 55151  | drei einer sorte | 17     | '5'+'5'+'5'+'1'+'1' |

    Beispiele: vier einer sorte
      vier einer sorte: summe aller würfel wenn vier würfel den gleichen wert zeigen. beispiel: würfel
      zeigen: '41444'. ergebnis: '17'='4'+'4'+'4'+'4'+'1'. würfel zeigen: '22522'. ergebnis: '13'='2'+'2'+'2'+'2'+'5'.
      | id                         | würfel | zeile            | punkte | rechnung            |
      | kiriki-de-four-of-a-kind-1 | 41444  | vier einer sorte | 17     | '4'+'4'+'4'+'4'+'1' |
      | kiriki-de-four-of-a-kind-2 | 22522  | vier einer sorte | 13     | '2'+'2'+'2'+'2'+'5' |

  @rule:<zeile>
  Szenariogrundriss: Full House und Kiriki geben feste Punkte
    # Der Text nennt für diese Beispiele keine Punkte: sie folgen aus der Regel der Zeile in diesem Text.
    Angenommen die Würfel zeigen <würfel>
    Dann ergibt die Zeile "<zeile>" <punkte>

    @ambiguity
    Beispiele: full house
      full house: der spieler bekommt 25 punkte, wenn in der runde drei gleiche würfel und ein paar
      erspielt wurden. beispiel: würfel zeigen: '11212'. würfel zeigen: '53353'.
      | id                     | würfel | zeile      | punkte |
      | kiriki-de-full-house-1 | 11212  | full house | 25     |
      | kiriki-de-full-house-2 | 53353  | full house | 25     |

    @ambiguity
    Beispiele: kiriki
      kiriki;: der spieler bekommt 50 punkte, wenn er die runde mit fünf gleichen würfeln beendet. …
      beispiel: würfel zeigen:' 11111 '. würfel zeigen:' 33333 '.
      | id                 | würfel | zeile  | punkte |
      | kiriki-de-kiriki-1 | 11111  | kiriki | 50     |
      | kiriki-de-kiriki-2 | 33333  | kiriki | 50     |

  @rule:<zeile>
  Szenariogrundriss: Straßen
    # Der Text nennt für diese Beispiele keine Punkte: sie folgen aus der Regel der Zeile in diesem Text.
    Angenommen die Würfel zeigen <würfel>
    Dann ergibt die Zeile "<zeile>" <punkte>
    Und enthalten die Würfel die Reihe "<reihe>"

    @ambiguity
    Beispiele: kleine straße
      kleine straße: der spieler bekommt 30 punkte, wenn in der runde vier würfel in einer reihe erspielt
      wurden. beispiel: würfel zeigen: '14312'. die reihe lautet: '1','2','3','4'. würfel zeigen: '51643'.
      die reihe lautet: '3','4','5','6'.
      | id                         | würfel | zeile         | punkte | reihe           |
      | kiriki-de-small-straight-1 | 14312  | kleine straße | 30     | '1','2','3','4' |
      | kiriki-de-small-straight-2 | 51643  | kleine straße | 30     | '3','4','5','6' |

    @ambiguity
    Beispiele: große straße
      große straße: der spieler bekommt 40 punkte, wenn in der runde fünf würfel in einer reihe erspielt
      wurden. beispiel: würfel zeigen: '34152'. die reihe lautet: '1','2','3','4','5'. würfel zeigen: '53264'.
      die reihe lautet: '2','3','4','5','6'.
      | id                         | würfel | zeile        | punkte | reihe               |
      | kiriki-de-large-straight-1 | 34152  | große straße | 40     | '1','2','3','4','5' |
      | kiriki-de-large-straight-2 | 53264  | große straße | 40     | '2','3','4','5','6' |

  @id:kiriki-de-first-kiriki-no-extra-turn @rule:extra-turns
  Szenario: Der erste Kiriki gibt keinen zusätzlichen Wurf
    es können unendlich viele & kiriki; gepunktet werden und für jeden weiteren (nach dem ersten) darf
    zum ende des spiels nochmals gewürfelt werden.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 11111 würfelt und in die Zeile "kiriki" einträgt
    Dann hat Spieler 1 50 in "kiriki"
    Und hat Spieler 1 0 zusätzliche Züge erhalten

  @id:kiriki-de-further-kiriki-extra-turn @ambiguity @gap @rule:extra-turns
  Szenario: Jeder weitere Kiriki gibt einen Wurf am Ende des Spiels
    es können unendlich viele & kiriki; gepunktet werden und für jeden weiteren (nach dem ersten) darf
    zum ende des spiels nochmals gewürfelt werden.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 11111 würfelt und in die Zeile "kiriki" einträgt
    Und der Spieler 33333 würfelt und in die Zeile "kiriki" einträgt
    Und der Spieler 66666 würfelt und in die Zeile "kiriki" einträgt
    Dann hat Spieler 1 150 in "kiriki"
    Und hat Spieler 1 2 zusätzliche Züge erhalten
    Und hat Spieler 1 3 Züge gespielt

  @id:kiriki-de-extra-turn-has-three-rolls @ambiguity @rule:extra-turns
  Szenario: Der zusätzliche Zug am Ende des Spiels hat bis zu drei Würfe
    es können unendlich viele & kiriki; gepunktet werden und für jeden weiteren (nach dem ersten) darf
    zum ende des spiels nochmals gewürfelt werden.
    # Der zweite Kiriki füllt keine Zeile: der vierzehnte Zug ist der zusätzliche, und er ist ein ganzer Zug.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile            |
      | 11111  | kiriki           |
      | 22222  | kiriki           |
      | 11123  | 1s               |
      | 22213  | 2s               |
      | 33312  | 3s               |
      | 44412  | 4s               |
      | 55512  | 5s               |
      | 66612  | 6s               |
      | 14121  | drei einer sorte |
      | 41444  | vier einer sorte |
      | 11212  | full house       |
      | 14312  | kleine straße    |
      | 34152  | große straße     |
    Und der Spieler 12345 würfelt
    Und der Spieler die Würfel 1 neu würfelt und 6 erhält
    Und der Spieler die Würfel 2 neu würfelt und 6 erhält
    Und der Spieler in die Zeile "chance" einträgt
    Dann wird jede Aktion angenommen
    Und ist das Spiel beendet
    Und hat Spieler 1 14 Züge gespielt
    Und hat Spieler 1 24 in "chance"

  @id:kiriki-de-extra-turn-at-the-end @rule:extra-turns
  Szenario: Der zusätzliche Zug kommt erst, wenn alle Spieler ihre 13 Züge gespielt haben
    es können unendlich viele & kiriki; gepunktet werden und für jeden weiteren (nach dem ersten) darf
    zum ende des spiels nochmals gewürfelt werden.
    Angenommen ein Spiel mit 2 Spielern
    Wenn diese Züge gespielt werden:
      | spieler | würfel | zeile            |
      | 1       | 11111  | kiriki           |
      | 2       | 11123  | 1s               |
      | 1       | 22222  | kiriki           |
      | 2       | 22213  | 2s               |
      | 1       | 11123  | 1s               |
      | 2       | 33312  | 3s               |
      | 1       | 22213  | 2s               |
      | 2       | 44412  | 4s               |
      | 1       | 33312  | 3s               |
      | 2       | 55512  | 5s               |
      | 1       | 44412  | 4s               |
      | 2       | 66612  | 6s               |
      | 1       | 55512  | 5s               |
      | 2       | 14121  | drei einer sorte |
      | 1       | 66612  | 6s               |
      | 2       | 41444  | vier einer sorte |
      | 1       | 14121  | drei einer sorte |
      | 2       | 11212  | full house       |
      | 1       | 41444  | vier einer sorte |
      | 2       | 14312  | kleine straße    |
      | 1       | 11212  | full house       |
      | 2       | 34152  | große straße     |
      | 1       | 14312  | kleine straße    |
      | 2       | 12346  | kiriki           |
      | 1       | 34152  | große straße     |
      | 2       | 21526  | chance           |
      | 1       | 21526  | chance           |
    Dann ist das Spiel beendet
    Und hat Spieler 1 14 Züge gespielt
    Und hat Spieler 2 13 Züge gespielt
    Und hat Spieler 1 100 in "kiriki"

  @id:kiriki-de-scratched-kiriki-takes-no-more @gap @rule:kiriki
  Szenario: Ein mit 0 gestrichener Kiriki nimmt keinen weiteren Kiriki an
    es können unendlich viele & kiriki; gepunktet werden und für jeden weiteren (nach dem ersten) darf
    zum ende des spiels nochmals gewürfelt werden.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt und in die Zeile "kiriki" einträgt
    Und der Spieler 66666 würfelt und in die Zeile "kiriki" einträgt
    Dann wird die letzte Aktion als row-used abgelehnt und ändert nichts

  @rule:chance
  Szenariogrundriss: Chance zählt alle Würfel zusammen
    Angenommen die Würfel zeigen <würfel>
    Dann ergibt die Zeile "<zeile>" <punkte>
    Und ergibt die Summe "<rechnung>" der gezeigten Würfel <punkte>

    Beispiele: chance
      chance: summe aller werte die die würfel zeigen. beispiel: würfel zeigen:' 51143 '.
      ergebnis:' 14'='5'+'1'+'1'+'4'+'3 '. würfel zeigen:' 21526 '. ergebnis:' 16'='2'+'1'+'5'+'2'+'6 '.
      | id                 | würfel | zeile  | punkte | rechnung             |
      | kiriki-de-chance-1 | 51143  | chance | 14     | '5'+'1'+'1'+'4'+'3 ' |
      | kiriki-de-chance-2 | 21526  | chance | 16     | '2'+'1'+'5'+'2'+'6 ' |

  @id:kiriki-de-lower-total @rule:lower-total
  Szenario: Gesamt unten zählt die Felder ab drei einer Sorte zusammen
    gesamt unten: dies ist kein spielfeld; hier werden nur die felder ab drei einer sorte zusammengezählt.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile            |
      | 14121  | drei einer sorte |
      | 41444  | vier einer sorte |
      | 11212  | full house       |
      | 14312  | kleine straße    |
      | 21526  | chance           |
    Dann hat Spieler 1 97 in "gesamt unten"

  @id:kiriki-de-grand-total @ambiguity @rule:grand-total
  Szenario: Das Ergebnis zählt gesamt oben und gesamt unten zusammen
    ergebnis: dies ist kein spielfeld; hier werden nur gesamt oben und gesamt unten zusammengezählt.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile            |
      | 66612  | 6s               |
      | 14121  | drei einer sorte |
      | 21526  | chance           |
    Dann hat Spieler 1 18 in "gesamt oben"
    Und hat Spieler 1 25 in "gesamt unten"
    Und hat Spieler 1 43 in "ergebnis"

  @id:kiriki-de-lower-total-not-playable @rule:lower-total
  Szenario: Gesamt unten ist kein Spielfeld
    gesamt unten: dies ist kein spielfeld; hier werden nur die felder ab drei einer sorte zusammengezählt.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt
    Und der Spieler in die Zeile "gesamt unten" einträgt
    Dann wird die letzte Aktion als not-playable abgelehnt und ändert nichts

  @id:kiriki-de-grand-total-not-playable @ambiguity @rule:grand-total
  Szenario: Das Ergebnis ist kein Spielfeld
    ergebnis: dies ist kein spielfeld; hier werden nur gesamt oben und gesamt unten zusammengezählt.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt
    Und der Spieler in die Zeile "ergebnis" einträgt
    Dann wird die letzte Aktion als not-playable abgelehnt und ändert nichts

  @id:kiriki-de-other-rules-13-turns @gap @rule:turns
  Szenario: Das Spiel endet nach 13 Zügen
    weitere regeln und bedingungen:
    # Der Text endet mit dieser Überschrift: die Regeln der Züge folgen der Referenz (fixtures/errata.yaml).
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile            |
      | 11123  | 1s               |
      | 22213  | 2s               |
      | 33312  | 3s               |
      | 44412  | 4s               |
      | 55512  | 5s               |
      | 66612  | 6s               |
      | 14121  | drei einer sorte |
      | 41444  | vier einer sorte |
      | 11212  | full house       |
      | 14312  | kleine straße    |
      | 34152  | große straße     |
      | 12346  | kiriki           |
      | 21526  | chance           |
    Dann ist das Spiel beendet
    Und hat Spieler 1 13 Züge gespielt

  @id:kiriki-de-other-rules-three-rolls @gap @rule:turns
  Szenario: Ein Zug hat höchstens drei Würfe
    weitere regeln und bedingungen:
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt
    Und der Spieler die Würfel 1 neu würfelt und 6 erhält
    Und der Spieler die Würfel 2 neu würfelt und 6 erhält
    Und der Spieler die Würfel 3 neu würfelt und 6 erhält
    Dann wird die letzte Aktion als no-rolls-left abgelehnt und ändert nichts
