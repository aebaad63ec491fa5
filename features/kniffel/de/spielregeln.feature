# language: de
@kniffel @source:wikipedia-kniffel-de.txt
Funktionalität: Kniffel, wie die deutsche Wikipedia die Regeln gibt
  Transkription von fixtures/sources/wikipedia-kniffel-de.txt: jeder Regelsatz des Abschnitts
  „Spielregeln“ (drei gespeicherte Fassungen) und jedes Beispiel des Textes, mit Würfeln, die ihn
  zeigen, wo der Text keine nennt. Wo der Text schweigt oder mehrdeutig ist, ist der Fall markiert
  (@ambiguity, @gap) und der Befund in fixtures/errata.yaml begründet. Die Regeln, in denen Kniffel
  vom Yahtzee des Verlags abweicht (der freie Joker, fünf gleiche Würfel als Full House), haben je
  einen Fall, der unter den Regeln von Yahtzee scheitert.

  @rule:<zeile>
  Szenariogrundriss: Jedes Feld zählt, wie sein Satz sagt
    Angenommen die Würfel zeigen <würfel>
    Dann ergibt die Zeile "<zeile>" <punkte>

    Beispiele: Einsen
      Oberer Block („drinnen“ od. Sammeln): - Nur Einsen zählen
      | id                | würfel | zeile  | punkte |
      | kniffel-de-ones-1 | 11123  | Einsen | 3      |
      | kniffel-de-ones-2 | 23456  | Einsen | 0      |

    Beispiele: Zweien
      - Nur Zweien zählen
      | id                | würfel | zeile  | punkte |
      | kniffel-de-twos-1 | 22225  | Zweien | 8      |

    Beispiele: Dreien
      - Nur Dreien zählen
      | id                  | würfel | zeile  | punkte |
      | kniffel-de-threes-1 | 33333  | Dreien | 15     |

    Beispiele: Vieren
      - Nur Vieren zählen
      | id                 | würfel | zeile  | punkte |
      | kniffel-de-fours-1 | 14424  | Vieren | 12     |

    Beispiele: Fünfen
      - Nur Fünfen zählen
      | id                 | würfel | zeile  | punkte |
      | kniffel-de-fives-1 | 51234  | Fünfen | 5      |

    Beispiele: Sechsen
      - Nur Sechsen zählen
      | id                 | würfel | zeile   | punkte |
      | kniffel-de-sixes-1 | 66166  | Sechsen | 24     |

    Beispiele: 3er Pasch
      3er Pasch: Mindestens drei gleiche Würfel. Alle Augen werden addiert.
      | id                           | würfel | zeile     | punkte |
      | kniffel-de-three-of-a-kind-1 | 33345  | 3er Pasch | 18     |
      | kniffel-de-three-of-a-kind-2 | 44441  | 3er Pasch | 17     |
      | kniffel-de-three-of-a-kind-3 | 33445  | 3er Pasch | 0      |

    Beispiele: 4er Pasch
      4er Pasch: Mindestens vier gleiche Würfel. Alle Augen werden addiert.
      | id                          | würfel | zeile     | punkte |
      | kniffel-de-four-of-a-kind-1 | 24444  | 4er Pasch | 18     |
      | kniffel-de-four-of-a-kind-2 | 66666  | 4er Pasch | 30     |
      | kniffel-de-four-of-a-kind-3 | 33345  | 4er Pasch | 0      |

    Beispiele: Full House
      Full House: Drei gleiche Würfel sowie zwei gleiche Würfel. 25 Punkte.
      | id                      | würfel | zeile      | punkte |
      | kniffel-de-full-house-1 | 22666  | Full House | 25     |
      | kniffel-de-full-house-2 | 22236  | Full House | 0      |
      | kniffel-de-full-house-3 | 22336  | Full House | 0      |

    Beispiele: Kleine Straße
      Kleine Straße: Vier Würfel in aufsteigender Reihenfolge. 30 Punkte.
      | id                          | würfel | zeile         | punkte |
      | kniffel-de-small-straight-1 | 12346  | Kleine Straße | 30     |
      | kniffel-de-small-straight-2 | 34561  | Kleine Straße | 30     |
      | kniffel-de-small-straight-3 | 12356  | Kleine Straße | 0      |

    Beispiele: Große Straße
      Große Straße: Fünf Würfel in aufsteigender Reihenfolge. 40 Punkte.
      | id                          | würfel | zeile        | punkte |
      | kniffel-de-large-straight-1 | 12345  | Große Straße | 40     |
      | kniffel-de-large-straight-2 | 23456  | Große Straße | 40     |
      | kniffel-de-large-straight-3 | 12346  | Große Straße | 0      |

    Beispiele: Kniffel
      Kniffel: Fünf Würfel mit gleicher Augenzahl. 50 Punkte.
      | id                   | würfel | zeile   | punkte |
      | kniffel-de-kniffel-1 | 44444  | Kniffel | 50     |
      | kniffel-de-kniffel-2 | 44443  | Kniffel | 0      |

  @id:kniffel-de-straight-in-any-order @ambiguity @rule:small-straight
  Szenario: Eine kleine Straße zählt in jeder Reihenfolge der Würfel
    Kleine Straße: Vier Würfel in aufsteigender Reihenfolge. 30 Punkte.
    Angenommen die Würfel zeigen 43216
    Dann ergibt die Zeile "Kleine Straße" 30
    Und ergibt die Zeile "Große Straße" 0

  @id:kniffel-de-chance-sum @gap @rule:chance
  Szenario: Die Chance zählt alle Augen
    - Chance oder ?: Keine b
    Angenommen die Würfel zeigen 13456
    Dann ergibt die Zeile "Chance" 19

  @id:kniffel-de-five-of-a-kind-full-house @rule:full-house
  Szenario: Fünf gleiche Würfel zählen als Full House, solange das Feld Kniffel offen ist
    «Wenn man keinen Kniffel unter „Kniffel“ eingetragen hat (z. B. Kniffel gestrichen), kann man
    einen Kniffel auch als Full-House (25 Punkte) verwenden.»
    Angenommen die Würfel zeigen 33333
    Dann ergibt die Zeile "Full House" 25

  @id:kniffel-de-struck-kniffel-full-house @rule:full-house
  Szenario: Ist das Feld Kniffel gestrichen, zählt ein Kniffel im Full House 25
    «Wenn man keinen Kniffel unter „Kniffel“ eingetragen hat (z. B. Kniffel gestrichen), kann man
    einen Kniffel auch als Full-House (25 Punkte) verwenden.»
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12346 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 33333 würfelt und in die Zeile "Full House" einträgt
    Dann hat Spieler 1 25 in "Full House"
    Und hat Spieler 1 0 in "yahtzee_bonus"

  @id:kniffel-de-large-as-small @rule:small-straight
  Szenario: Eine große Straße zählt als kleine Straße 30
    Eine Große Straße kann man auch als Kleine Straße verwenden und zählt dort auch nur 30 Punkte.
    Angenommen die Würfel zeigen 23456
    Dann ergibt die Zeile "Kleine Straße" 30

  @id:kniffel-de-unmet-field-scores-0 @rule:three-of-a-kind
  Szenario: Ein Wurf, der die Bedingung eines Feldes nicht erfüllt, streicht es mit 0
    «Wenn man ein Ergebnis in ein Feld einträgt, bei dem die Bedingung nicht erfüllt ist (z. B. wenn
    beim Feld Dreierpasch nicht drei Würfel gleich sind), dann wird das Feld gestrichen oder die
    Punktzahl „0“ eingetragen.»
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12346 würfelt und in die Zeile "3er Pasch" einträgt
    Dann hat Spieler 1 0 in "3er Pasch"
    Und wird jede Aktion angenommen

  @id:kniffel-de-bonus-at-63 @rule:bonus
  Szenario: Drei Würfel in jedem oberen Feld bringen den Bonus von 35
    «Wenn man beim Sammeln in der Summe mindestens 63 Punkte (z. B. für jedes Feld drei Würfel)
    bekommen hat, gibt es einen Bonus von 35 Punkte»
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile   |
      | 11123  | Einsen  |
      | 22213  | Zweien  |
      | 33312  | Dreien  |
      | 44412  | Vieren  |
      | 55512  | Fünfen  |
      | 66612  | Sechsen |
    Dann hat Spieler 1 35 in "bonus"
    Und hat Spieler 1 98 in "upper_total"

  @id:kniffel-de-no-bonus-at-62 @rule:bonus
  Szenario: Mit 62 Punkten oben gibt es keinen Bonus
    Hat man diese Felder ausgefüllt und erreicht 63 Punkte oder mehr, erhält man einen Bonus von 35
    Punkten.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile   |
      | 11234  | Einsen  |
      | 22213  | Zweien  |
      | 33312  | Dreien  |
      | 44412  | Vieren  |
      | 55512  | Fünfen  |
      | 66612  | Sechsen |
    Dann hat Spieler 1 62 in "upper_total"
    Und hat Spieler 1 0 in "bonus"

  @id:kniffel-de-three-rolls @rule:turns
  Szenario: Ein Zug von Kniffel hat höchstens drei Würfe
    In jeder Runde darf man bis zu drei Mal hintereinander würfeln. … Jeder Spieler hat nacheinander
    bis zu drei Würfe.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt
    Und der Spieler die Würfel 1 und 2 neu würfelt und 66 erhält
    Und der Spieler die Würfel 3 neu würfelt und 6 erhält
    Und der Spieler die Würfel 4 neu würfelt und 6 erhält
    Dann wird die letzte Aktion als no-rolls-left abgelehnt und ändert nichts

  @id:kniffel-de-keep-matching-dice @rule:turns
  Szenario: Die zur Seite gelegten Würfel bleiben liegen
    Dabei darf man „passende“ Würfel zur Seite legen und mit den verbleibenden weiterwürfeln.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12355 würfelt
    Und der Spieler die Würfel 1, 2 und 3 neu würfelt und 564 erhält
    Dann zeigen die Würfel jetzt 56455

  @id:kniffel-de-reroll-a-kept-die @rule:turns
  Szenario: Ein nach dem ersten Wurf behaltener Würfel darf beim dritten Wurf wieder in den Becher
    Auch Würfel, die nach dem ersten Wurf zur Seite gelegt wurden, dürfen beim zweiten und dritten
    Wurf wieder mit in den Becher.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt
    Und der Spieler die Würfel 1 neu würfelt und 6 erhält
    Und der Spieler die Würfel 2 neu würfelt und 6 erhält
    Dann zeigen die Würfel jetzt 66345

  @id:kniffel-de-a-field-each-turn @rule:sheet
  Szenario: Ein Zug endet nicht ohne ein ausgefülltes oder gestrichenes Feld
    Spätestens nach dem dritten Wurf ist ein Durchgang beendet und ein Feld auf dem Zettel muss
    ausgefüllt oder gestrichen werden.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt
    Und der Spieler den Zug ohne Eintrag beendet
    Dann wird die letzte Aktion als rows-still-open abgelehnt und ändert nichts

  @id:kniffel-de-a-free-field @rule:sheet
  Szenario: Ein schon gefülltes Feld nimmt keinen Wurf mehr
    Spätestens nach dem dritten Wurf muss man sich für ein freies Feld auf dem Spielzettel
    entscheiden, welches nun mit dem Ergebnis dieses Wurfes bewertet wird.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 22345 würfelt und in die Zeile "Zweien" einträgt
    Und der Spieler 22225 würfelt und in die Zeile "Zweien" einträgt
    Dann wird die letzte Aktion als row-used abgelehnt und ändert nichts

  @id:kniffel-de-turn-by-turn @rule:players
  Szenario: Es wird reihum gewürfelt
    Es wird reihum gewürfelt.
    Angenommen ein Spiel mit 8 Spielern
    Wenn der Spieler 12345 würfelt und in die Zeile "Große Straße" einträgt
    Dann ist Spieler 2 am Zug

  @id:kniffel-de-thirteen-turns @rule:sheet
  Szenario: Nach 13 Zügen sind alle Felder gefüllt und die Punkte zusammengezählt
    Ist der Spielzettel voll, so ist das Spiel beendet und die Punkte vom Sammeln und den anderen
    Spielen und eventuell der Bonus werden zusammengezählt. … Sind nach 13 Durchgängen alle Felder
    ausgefüllt, werden die Punkte addiert.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile         |
      | 11123  | Einsen        |
      | 22213  | Zweien        |
      | 33312  | Dreien        |
      | 44412  | Vieren        |
      | 55512  | Fünfen        |
      | 66612  | Sechsen       |
      | 66621  | 3er Pasch     |
      | 55552  | 4er Pasch     |
      | 22333  | Full House    |
      | 12346  | Kleine Straße |
      | 23456  | Große Straße  |
      | 11111  | Kniffel       |
      | 65432  | Chance        |
    Dann ist das Spiel beendet
    Und hat Spieler 1 13 Züge gespielt
    Und hat Spieler 1 98 in "upper_total"
    Und hat Spieler 1 306 in "grand_total"

  @id:kniffel-de-most-points-win @rule:players
  Szenario: Wer die meisten Punkte hat, gewinnt
    Gewinner ist, wer am Ende die höchste Summe auf seinem Zettel erzielen kann. … Es gewinnt der
    Spieler mit den meisten Punkten.
    Angenommen ein Spiel mit 2 Spielern
    Wenn diese Züge gespielt werden:
      | würfel | zeile         |
      | 11123  | Einsen        |
      | 12346  | Einsen        |
      | 22213  | Zweien        |
      | 13456  | Zweien        |
      | 33312  | Dreien        |
      | 12456  | Dreien        |
      | 44412  | Vieren        |
      | 12356  | Vieren        |
      | 55512  | Fünfen        |
      | 12346  | Fünfen        |
      | 66612  | Sechsen       |
      | 12345  | Sechsen       |
      | 66621  | 3er Pasch     |
      | 12345  | 3er Pasch     |
      | 55552  | 4er Pasch     |
      | 12345  | 4er Pasch     |
      | 22333  | Full House    |
      | 12345  | Full House    |
      | 12346  | Kleine Straße |
      | 12356  | Kleine Straße |
      | 23456  | Große Straße  |
      | 12356  | Große Straße  |
      | 11111  | Kniffel       |
      | 12356  | Kniffel       |
      | 65432  | Chance        |
      | 11112  | Chance        |
    Dann ist das Spiel beendet
    Und gewinnt Spieler 1

  @id:kniffel-de-further-kniffel-100 @rule:extra-turns
  Szenario: Ein weiterer Kniffel bringt 100, wenn im Feld Kniffel 50 stehen
    «Wenn man bereits einen Kniffel unter „Kniffel“ mit 50 Punkten eingetragen hat und noch einen
    weiteren Kniffel erhält, dann kann dieser Kniffel in ein beliebiges freies Feld unter „Andere
    Spiele“ eingetragen werden mit 100 Punkten, unter „Sammeln“ mit 100 + den zu zählenden Würfeln»
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 55555 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 55555 würfelt und in die Zeile "Fünfen" einträgt
    Dann hat Spieler 1 25 in "Fünfen"
    Und hat Spieler 1 100 in "yahtzee_bonus"
    Und hat Spieler 1 175 in "grand_total"

  @id:kniffel-de-further-kniffels-add-up @rule:extra-turns
  Szenario: Jeder weitere Kniffel bringt wieder 100
    «Wenn man bereits einen Kniffel unter „Kniffel“ mit 50 Punkten eingetragen hat und noch einen
    weiteren Kniffel erhält, dann kann dieser Kniffel in ein beliebiges freies Feld unter „Andere
    Spiele“ eingetragen werden mit 100 Punkten»
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 22222 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 22222 würfelt und in die Zeile "Zweien" einträgt
    Und der Spieler 66666 würfelt und in die Zeile "Sechsen" einträgt
    Dann hat Spieler 1 200 in "yahtzee_bonus"

  @id:kniffel-de-no-100-after-a-struck-kniffel @rule:kniffel
  Szenario: Ein Kniffel nach einem gestrichenen Feld Kniffel bringt keine 100
    «Wenn man bereits einen Kniffel unter „Kniffel“ mit 50 Punkten eingetragen hat und noch einen
    weiteren Kniffel erhält»
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12346 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 22222 würfelt und in die Zeile "Zweien" einträgt
    Dann hat Spieler 1 10 in "Zweien"
    Und hat Spieler 1 0 in "yahtzee_bonus"

  @id:kniffel-de-100-not-in-the-bonus @rule:bonus
  Szenario: Die 100 eines weiteren Kniffels zählen nicht für den Bonus
    unter „Sammeln“ mit 100 + den zu zählenden Würfeln - wobei die 100 Punkte aber bei der Berechnung
    des Bonus nicht mitgezählt werden.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile   |
      | 66666  | Kniffel |
      | 11234  | Einsen  |
      | 22134  | Zweien  |
      | 33124  | Dreien  |
      | 44123  | Vieren  |
      | 55123  | Fünfen  |
      | 66666  | Sechsen |
    Dann hat Spieler 1 60 in "upper_total"
    Und hat Spieler 1 0 in "bonus"
    Und hat Spieler 1 100 in "yahtzee_bonus"

  @id:kniffel-de-further-kniffel-any-lower-field @rule:joker
  Szenario: Ein weiterer Kniffel darf in ein unteres Feld, auch bei freiem oberem Feld seines Wertes
    dann kann dieser Kniffel in ein beliebiges freies Feld unter „Andere Spiele“ eingetragen werden
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 44444 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 44444 würfelt und in die Zeile "Chance" einträgt
    Dann hat Spieler 1 20 in "Chance"
    Und hat Spieler 1 100 in "yahtzee_bonus"
    Und ist die Zeile "Vieren" von Spieler 1 leer

  @id:kniffel-de-further-kniffel-other-upper-field @rule:joker
  Szenario: Ein weiterer Kniffel darf in ein anderes oberes Feld, für 0
    unter „Sammeln“ mit 100 + den zu zählenden Würfeln
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 44444 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 44444 würfelt und in die Zeile "Einsen" einträgt
    Dann hat Spieler 1 0 in "Einsen"
    Und hat Spieler 1 100 in "yahtzee_bonus"

  @id:kniffel-de-further-kniffel-large-straight @ambiguity @rule:joker
  Szenario: Ist sein oberes Feld gefüllt, zählt ein weiterer Kniffel 40 in der großen Straße, und 100
    dann kann dieser Kniffel in ein beliebiges freies Feld unter „Andere Spiele“ eingetragen werden mit
    100 Punkten
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 44444 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 44412 würfelt und in die Zeile "Vieren" einträgt
    Und der Spieler 44444 würfelt und in die Zeile "Große Straße" einträgt
    Dann hat Spieler 1 40 in "Große Straße"
    Und hat Spieler 1 100 in "yahtzee_bonus"

  @id:kniffel-de-further-kniffel-full-house @rule:joker
  Szenario: Ein weiterer Kniffel zählt im Full House 25, auch bei freiem oberem Feld seiner Augenzahl
    dann kann dieser Kniffel in ein beliebiges freies Feld unter „Andere Spiele“ eingetragen werden …
    kann man einen Kniffel auch als Full-House (25 Punkte) verwenden.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 33333 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 33333 würfelt und in die Zeile "Full House" einträgt
    Dann hat Spieler 1 25 in "Full House"
    Und hat Spieler 1 100 in "yahtzee_bonus"

  @id:kniffel-de-struck-kniffel-large-straight @gap @rule:joker
  Szenario: Nach gestrichenem Feld Kniffel zählt ein Kniffel 40 in der großen Straße, oben gefüllt
    «Wenn man keinen Kniffel unter „Kniffel“ eingetragen hat (z. B. Kniffel gestrichen), kann man
    einen Kniffel auch als Full-House (25 Punkte) verwenden.»
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12346 würfelt und in die Zeile "Kniffel" einträgt
    Und der Spieler 22213 würfelt und in die Zeile "Zweien" einträgt
    Und der Spieler 22222 würfelt und in die Zeile "Große Straße" einträgt
    Dann hat Spieler 1 40 in "Große Straße"
    Und hat Spieler 1 0 in "yahtzee_bonus"

  @id:kniffel-de-total-with-100 @ambiguity @rule:grand-total
  Szenario: Die Endsumme zählt die 100 eines weiteren Kniffels mit
    Ist der Spielzettel voll, so ist das Spiel beendet und die Punkte vom Sammeln und den anderen
    Spielen und eventuell der Bonus werden zusammengezählt.
    Angenommen ein Spiel mit 1 Spieler
    Wenn diese Züge gespielt werden:
      | würfel | zeile         |
      | 11111  | Kniffel       |
      | 11111  | Einsen        |
      | 22213  | Zweien        |
      | 33312  | Dreien        |
      | 44412  | Vieren        |
      | 55512  | Fünfen        |
      | 66612  | Sechsen       |
      | 66621  | 3er Pasch     |
      | 55552  | 4er Pasch     |
      | 22333  | Full House    |
      | 12346  | Kleine Straße |
      | 23456  | Große Straße  |
      | 65432  | Chance        |
    Dann ist das Spiel beendet
    Und hat Spieler 1 100 in "upper_total"
    Und hat Spieler 1 100 in "yahtzee_bonus"
    Und hat Spieler 1 408 in "grand_total"
