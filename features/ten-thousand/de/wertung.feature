# language: de
@ten_thousand @source:002_6cba594efee4f1e0.txt
Funktionalität: Die Wertung von 10000, deutscher Text
  Transkription von fixtures/sources/002_6cba594efee4f1e0.txt, einer groben, teils maschinellen
  Übersetzung einer Seite über das Würfelspiel 10000 (Farkle, Dix mille). Jedes Beispiel und jeder
  Regelsatz des Textes ist ein Fall; Lücken und Widersprüche sind markiert (mit den Tags gap,
  erratum und ambiguity) und in fixtures/errata.yaml mit ihrer Entscheidung begründet.

  # "A Schalten" und "Geschäfts Roll" sind maschinell übersetzte Überschriften ("A Turn", "Scoring Roll").

  @id:ten-thousand-de-six-dice @rule:turn @ruleset:farkle @ruleset:farkle-linear @ruleset:ten-thousand-exact
  Szenario: Ein Zug beginnt mit sechs Würfeln
    The Ten Thousand Dice Game , auch als Farkle , Dix Mille auf Französisch bekannt, oder einfach 10000,
    ist mit sechs Würfeln gespielt .
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 123456 würfelt
    Dann wird jede Aktion angenommen
    Und hat der Spieler 6 Würfel zu werfen

  @id:ten-thousand-de-five-dice-refused @rule:turn @ruleset:farkle @ruleset:farkle-linear @ruleset:ten-thousand-exact
  Szenario: Ein erster Wurf mit fünf Würfeln wird abgelehnt
    The Ten Thousand Dice Game , auch als Farkle , Dix Mille auf Französisch bekannt, oder einfach 10000,
    ist mit sechs Würfeln gespielt .
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 12345 würfelt
    Dann wird die letzte Aktion als bad-dice abgelehnt und ändert nichts

  @id:ten-thousand-de-any-number-of-players @gap @rule:players
  Szenario: Beliebig viele Spieler
    Farkle kann eine beliebige Anzahl von Spielern macht es ein perfektes Spiel für große Gruppen, kleine
    Versammlungen und alles dazwischen zu haben.
    Angenommen ein Spiel mit 20 Spielern
    Wenn der Spieler 111236 würfelt und 111 beiseitelegt
    Und der Spieler seine Punkte sichert
    Dann hat Spieler 1 1000 Punkte
    Und ist Spieler 2 am Zug

  @id:ten-thousand-de-set-aside-each-roll @rule:set-aside
  Szenario: Nach jedem Wurf wird mindestens ein Wertungswürfel beiseitegelegt
    10.000 muss ein Spieler haben und beiseite mindestens ein Scoring sterben, oder eine Kombination von
    Scoring- Würfel mit jeder Rolle .
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 111556 würfelt
    Und der Spieler 123456 würfelt
    Dann wird die letzte Aktion als must-set-aside abgelehnt und ändert nichts

  @id:ten-thousand-de-stop-and-bank @rule:turn @ruleset:farkle @ruleset:farkle-linear @ruleset:ten-thousand-exact
  Szenario: Der Spieler würfelt weiter, bis er aufhört
    Ein Spieler setzt Walzen und Scoring, bis sie entscheiden, zu stoppen oder zu , bis sie eine Rolle
    ohne Scoring- Würfel geworfen .
    Angenommen ein Spiel mit 2 Spielern
    Wenn der Spieler 111236 würfelt und 111 beiseitelegt
    Und der Spieler 523 würfelt und 5 beiseitelegt
    Und der Spieler seine Punkte sichert
    Dann hat Spieler 1 1050 Punkte
    Und ist Spieler 2 am Zug

  @id:ten-thousand-de-farkle-ends-the-turn @gap @rule:farkle
  Szenario: Ein Wurf ohne Wertungswürfel beendet den Zug
    Ein Spieler setzt Walzen und Scoring, bis sie entscheiden, zu stoppen oder zu , bis sie eine Rolle
    ohne Scoring- Würfel geworfen .
    Angenommen ein Spiel mit 2 Spielern
    Wenn der Spieler 111236 würfelt und 111 beiseitelegt
    Und der Spieler 234 würfelt
    Dann ist Spieler 2 am Zug
    Und hat Spieler 1 0 Punkte
    Und stehen im laufenden Zug 0 Punkte

  @rule:<regel>
  Szenariogrundriss: Was punktet
    Angenommen die Würfel zeigen <würfel>
    Dann ergeben die Würfel höchstens <punkte> Punkte

    Beispiele: Wertungswürfel und Kombinationen
      Die Spieler erhalten , wenn 1s oder 5s gerollt , drei einer Art , vier von einer Art , eine gerade
      oder sechs einzigartig.
      | id                                   | würfel | punkte | regel           |
      | ten-thousand-de-scores-a-one         | 1      | 100    | singles         |
      | ten-thousand-de-scores-a-five        | 5      | 50     | singles         |
      | ten-thousand-de-scores-three-of-a-kind | 222  | 200    | three-of-a-kind |
      | ten-thousand-de-scores-four-of-a-kind | 2222  | 400    | more-of-a-kind  |
      | ten-thousand-de-scores-a-straight    | 12345  | 1250   | straights       |

    @gap
    Beispiele: sechs einzigartig
      eine gerade oder sechs einzigartig.
      | id                          | würfel | punkte | regel           |
      | ten-thousand-de-six-unique  | 123456 | 1250   | straights       |

    @gap
    Beispiele: drei Paare
      Die Spieler erhalten , wenn 1s oder 5s gerollt , drei einer Art , vier von einer Art , eine gerade
      oder sechs einzigartig.
      | id                          | würfel | punkte | regel           |
      | ten-thousand-de-three-pairs | 223344 | 0      | patterns        |

  @id:ten-thousand-de-hot-dice @gap @rule:hot-dice
  Szenario: Wenn alle sechs Würfel punkten, geht es mit allen sechs weiter
    « Wenn alle sechs Würfel punkten , dann werden alle sechs Würfel werden aufgegriffen und wiederum ein
    Spieler setzt sich mit allen sechs Würfeln. »
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 111555 würfelt und 111555 beiseitelegt
    Dann hat der Spieler 6 Würfel zu werfen
    Und stehen im laufenden Zug 1500 Punkte

  @id:ten-thousand-de-hot-dice-roll-on @gap @rule:hot-dice
  Szenario: Nach sechs Wertungswürfeln wird mit sechs neuen Würfeln weitergewürfelt
    « Wenn alle sechs Würfel punkten , dann werden alle sechs Würfel werden aufgegriffen und wiederum ein
    Spieler setzt sich mit allen sechs Würfeln. »
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 111555 würfelt und 111555 beiseitelegt
    Und der Spieler 123466 würfelt und 1 beiseitelegt
    Dann stehen im laufenden Zug 1600 Punkte
    Und hat der Spieler 5 Würfel zu werfen

  @id:ten-thousand-de-running-total @gap @rule:turn
  Szenario: Eine laufende Summe der Punkte
    Die Spieler sind verpflichtet, eine laufende Summe ihrer Punkte für die Punktrichter zu halten.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 111236 würfelt und 111 beiseitelegt
    Und der Spieler seine Punkte sichert
    Und der Spieler 555234 würfelt und 555 beiseitelegt
    Und der Spieler seine Punkte sichert
    Dann hat Spieler 1 1500 Punkte

  @id:ten-thousand-de-combinations-in-one-roll @rule:set-aside
  Szenario: Kombinationen zählen nur innerhalb eines Wurfs
    Scoring Kombinationen zählen nur , wenn sie in einem einzigen gerollt zu werfen. Zum Beispiel eine
    einzige 1 100 Punkte wert , wenn Sie rollen eine 1 und auf dem nächsten Wurf Sie rollen zwei weitere
    lohnt es 300.
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 123346 würfelt und 1 beiseitelegt
    Und der Spieler 11234 würfelt und 11 beiseitelegt
    Dann stehen im laufenden Zug 300 Punkte

  @rule:<regel>
  Szenariogrundriss: Beiseitegelegte Würfel punkten
    Dann ergibt das Beiseitelegen von <würfel> <punkte> Punkte

    Beispiele: Kombination mit 1s
      Zum Beispiel eine einzige 1 100 Punkte wert , … Wenn drei 1s gerollt in einem einzigen Wurf sie im
      Wert von 1.000 .
      | id                         | würfel | punkte | regel           |
      | ten-thousand-de-single-one | 1      | 100    | singles         |
      | ten-thousand-de-three-ones | 111    | 1000   | three-of-a-kind |

    Beispiele: Kombinationen mit 2s, 3s, 4s, 6s
      Ein einziger Wurf mit drei 2s ist im Wert von 200 Punkten. … Drei 3s gleich 300. Drei 4s gleich
      400. Drei 6s gleich 600
      | id                           | würfel | punkte | regel           |
      | ten-thousand-de-three-twos   | 222    | 200    | three-of-a-kind |
      | ten-thousand-de-three-threes | 333    | 300    | three-of-a-kind |
      | ten-thousand-de-three-fours  | 444    | 400    | three-of-a-kind |
      | ten-thousand-de-three-sixes  | 666    | 600    | three-of-a-kind |

    Beispiele: Vier und fünf einer Art
      Rollen von vier einer Art sind es wert, der ursprüngliche Betrag mal zwei , sind Rollen von fünf
      einer Art der ursprüngliche Betrag mal vier wert. Zum Beispiel eine Rolle von fünf 2s in einer
      einzigen Rolle lohnt 200x4 oder 800.
      | id                          | würfel | punkte | regel           |
      | ten-thousand-de-four-twos   | 2222   | 400    | more-of-a-kind  |
      | ten-thousand-de-five-twos   | 22222  | 800    | more-of-a-kind  |
      | ten-thousand-de-four-ones   | 1111   | 2000   | more-of-a-kind  |
      | ten-thousand-de-five-ones   | 11111  | 4000   | more-of-a-kind  |

    @gap
    Beispiele: Sechs einer Art
      Rollen von vier einer Art sind es wert, der ursprüngliche Betrag mal zwei , sind Rollen von fünf
      einer Art der ursprüngliche Betrag mal vier wert.
      | id                          | würfel | punkte | regel           |
      | ten-thousand-de-six-twos    | 222222 | 1600   | more-of-a-kind  |

    @ambiguity
    Beispiele: Hoch Geraden
      Hoch Geraden bestehen aus Walz die Zahlen 1-5 in einer einzigen Rolle , ist dies Rolle wert 1.250
      Punkten.
      | id                            | würfel | punkte | regel           |
      | ten-thousand-de-high-straight | 12345  | 1250   | straights       |
      | ten-thousand-de-high-straight-shuffled | 52413 | 1250 | straights       |

  @rule:singles
  Szenariogrundriss: Einzelne 2er, 3er, 4er und 6er sind nichts wert
    Dann wird das Beiseitelegen von <würfel> als not-scoring abgelehnt

    Beispiele: Einzelwürfel
      Einzel 2s sind nichts wert. Das gleiche Muster gilt für 3s , 4s und 6s . … Einzel 3s , 4s und 6s
      sind nichts wert.
      | id                           | würfel |
      | ten-thousand-de-single-two   | 2      |
      | ten-thousand-de-single-three | 3      |
      | ten-thousand-de-single-four  | 4      |
      | ten-thousand-de-single-six   | 6      |
      | ten-thousand-de-pair-of-twos | 22     |

  @id:ten-thousand-de-low-straight @ambiguity @rule:straights
  Szenario: Eine niedrige Gerade ist nur ihre 5 wert
    Low Geraden sind eine einzige Rolle von 2-6 und sind nur wert, die 50 Punkte für die einzelnen Rolle
    von 5.
    Angenommen die Würfel zeigen 23456
    Dann ergeben die Würfel höchstens 50 Punkte
    Und wird das Beiseitelegen von 23456 als not-scoring abgelehnt
    Und ergibt das Beiseitelegen von 5 50 Punkte

  @id:ten-thousand-de-entry-at-750 @ambiguity @gap @rule:entry
  Szenario: Mit 750 Punkten in einer Runde auf das Brett
    gewann ein Spieler die Punktzahl nicht " bekommen auf dem Brett " , bis sie ein Minimum von 750
    Punkten in einer Runde erzielt haben .
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 555234 würfelt und 555 beiseitelegt
    Und der Spieler 155 würfelt und 155 beiseitelegt
    Und der Spieler 523466 würfelt und 5 beiseitelegt
    Und der Spieler seine Punkte sichert
    Dann ist Spieler 1 auf dem Brett
    Und hat Spieler 1 750 Punkte

  @id:ten-thousand-de-below-750 @gap @rule:entry
  Szenario: Unter 750 Punkten bleibt der Spieler vom Brett
    gewann ein Spieler die Punktzahl nicht " bekommen auf dem Brett " , bis sie ein Minimum von 750
    Punkten in einer Runde erzielt haben .
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 555234 würfelt und 555 beiseitelegt
    Und der Spieler seine Punkte sichert
    Dann ist Spieler 1 nicht auf dem Brett
    Und hat Spieler 1 0 Punkte

  @id:ten-thousand-de-target @gap @rule:end
  Szenario: Das Spiel endet, wenn ein Spieler 10.000 Punkte erreicht oder übersteigt
    Scoring fortgesetzt, bis ein Spieler trifft oder übersteigt 10.000 Punkte .
    Angenommen ein Spiel mit 1 Spieler
    Wenn der Spieler 111112 würfelt und 11111 beiseitelegt
    Und der Spieler 1 würfelt und 1 beiseitelegt
    Und der Spieler 111115 würfelt und 111115 beiseitelegt
    Und der Spieler seine Punkte sichert
    Und der Spieler 111113 würfelt und 11111 beiseitelegt
    Und der Spieler seine Punkte sichert
    Dann ist das Spiel beendet
    Und hat Spieler 1 12150 Punkte
    Und gewinnt Spieler 1

  @rule:end @ruleset:farkle-five-dice
  Szenariogrundriss: Kürzere Varianten
    Dann ist ein Spiel bis <ziel> Punkte kürzer als das Spiel bis zum Ziel

    Beispiele: 5.000
      Kürzere Varianten sind mit 5.000 oder 75.000 Punkte gespielt , wenn die Spieler wünschen sich ein
      kürzeres Spiel .
      | id                          | ziel |
      | ten-thousand-de-shorter-5000 | 5000 |

    @erratum
    Beispiele: 75.000
      Kürzere Varianten sind mit 5.000 oder 75.000 Punkte gespielt , wenn die Spieler wünschen sich ein
      kürzeres Spiel .
      | id                            | ziel  |
      | ten-thousand-de-shorter-75000 | 75000 |
