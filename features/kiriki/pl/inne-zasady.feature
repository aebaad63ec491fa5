# language: pl
@kiriki @source:001_1d3fd0f41451d613.txt
Właściwość: Inne zasady i ograniczenia Kiriki, tekst polski
  Transkrypcja listy "Inne zasady i ograniczenia" z fixtures/sources/001_1d3fd0f41451d613.txt:
  tury, rzuty, ponowne rzuty i jednokrotne użycie każdego wzorca. Każde zdanie listy jest
  scenariuszem.

  @id:kiriki-pl-rules-13-turns @ambiguity @rule:turns
  Scenariusz: Gra kończy się po 13 turach
    Cała runda gry podzielona jest na 13 tur.
    Zakładając, że gra ma 1 gracza
    Jeżeli rozegrane zostają tury:
      | kości | wiersz     |
      | 11123 | 1s         |
      | 22213 | 2s         |
      | 33312 | 3s         |
      | 44412 | 4s         |
      | 55512 | 5s         |
      | 66612 | 6s         |
      | 14121 | Trójka     |
      | 41444 | Kareta     |
      | 11212 | Full       |
      | 14312 | Mały strit |
      | 34152 | Duży strit |
      | 12346 | Kiriki     |
      | 21526 | Szansa     |
    Wtedy gra jest zakończona
    Oraz gracz 1 rozegrał 13 tur

  @id:kiriki-pl-rules-12-turns-not-over @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Po 12 turach gra trwa dalej
    Cała runda gry podzielona jest na 13 tur.
    Zakładając, że gra ma 1 gracza
    Jeżeli rozegrane zostają tury:
      | kości | wiersz     |
      | 11123 | 1s         |
      | 22213 | 2s         |
      | 33312 | 3s         |
      | 44412 | 4s         |
      | 55512 | 5s         |
      | 66612 | 6s         |
      | 14121 | Trójka     |
      | 41444 | Kareta     |
      | 11212 | Full       |
      | 14312 | Mały strit |
      | 34152 | Duży strit |
      | 21526 | Szansa     |
    Wtedy gra nie jest zakończona
    Oraz gracz 1 ma puste pole "Kiriki"

  @id:kiriki-pl-rules-one-roll @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Jeden rzut wystarcza
    Każdy gracz może wykonać od jednego do trzech rzutów kością na turę.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345 i zapisuje wynik w wierszu "Szansa"
    Wtedy każda akcja zostaje przyjęta
    Oraz gracz 1 ma 15 w polu "Szansa"

  @id:kiriki-pl-rules-no-fourth-roll @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Czwarty rzut jest odrzucany
    Każdy gracz może wykonać od jednego do trzech rzutów kością na turę.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz ponownie rzuca kośćmi 1 i otrzymuje 6
    Oraz gracz ponownie rzuca kośćmi 2 i otrzymuje 6
    Oraz gracz ponownie rzuca kośćmi 3 i otrzymuje 6
    Wtedy ostatnia akcja zostaje odrzucona jako no-rolls-left i niczego nie zmienia

  @id:kiriki-pl-rules-two-more-rolls @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Po pierwszym rzucie dwa dodatkowe rzuty
    Po wykonaniu pierwszego rzutu, gracz może wykonać dodatkowe dwa rzuty (trzy rzuty na turę).
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz ponownie rzuca kośćmi 1 i 2 i otrzymuje 66
    Oraz gracz ponownie rzuca kośćmi 3 i otrzymuje 6
    Wtedy każda akcja zostaje przyjęta
    Oraz kości pokazują teraz 66645

  @id:kiriki-pl-rules-no-extra-rolls-needed @ambiguity @rule:turns
  Scenariusz: Bez dodatkowych rzutów po dobrym pierwszym rzucie
    Gracz nie musi wykonywać dodatkowych rzutów, jeżeli pierwszy z nich dał pozytywny wynik.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 34152 i zapisuje wynik w wierszu "Duży strit"
    Wtedy każda akcja zostaje przyjęta
    Oraz gracz 1 ma 40 w polu "Duży strit"

  @id:kiriki-pl-rules-stop-after-poor-roll @ambiguity @rule:turns
  Scenariusz: Zapis także po słabym pierwszym rzucie
    Gracz nie musi wykonywać dodatkowych rzutów, jeżeli pierwszy z nich dał pozytywny wynik.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12456 i zapisuje wynik w wierszu "Full"
    Wtedy każda akcja zostaje przyjęta
    Oraz gracz 1 ma 0 w polu "Full"

  @id:kiriki-pl-rules-reroll-all @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Ponowny rzut wszystkimi kośćmi
    Każdy dodatkowy rzut może odbywać się wszystkimi kośćmi, lub tylko wybranymi.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz ponownie rzuca kośćmi 1, 2, 3, 4, 5 i otrzymuje 66666
    Wtedy kości pokazują teraz 66666

  @id:kiriki-pl-rules-reroll-chosen @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Ponowny rzut tylko wybranymi kośćmi
    Każdy dodatkowy rzut może odbywać się wszystkimi kośćmi, lub tylko wybranymi.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz ponownie rzuca kośćmi 2 i 4 i otrzymuje 66
    Wtedy kości pokazują teraz 16365

  @id:kiriki-pl-rules-choose-dice @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Gracz wybiera kości do ponownego rzutu
    Gracz może wybrać kości, którymi chce ponownie rzucić, klikając na nie myszką.
    # Kliknięcie myszką to interfejs programu KDE; zasadą jest wybór kości.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz ponownie rzuca kośćmi 1 i 5 i otrzymuje 33
    Wtedy kości pokazują teraz 32343

  @id:kiriki-pl-rules-reroll-needs-a-die @gap @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Ponowny rzut bez wybranych kości jest odrzucany
    Gracz może wybrać kości, którymi chce ponownie rzucić, klikając na nie myszką.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz ponownie rzuca, nie wybierając żadnej kości
    Wtedy ostatnia akcja zostaje odrzucona jako empty-reroll i niczego nie zmienia

  @id:kiriki-pl-rules-previous-values-lost @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Ponowny rzut zastępuje poprzednią wartość
    Po ponownym rzucie kością, poprzednie wartości są tracone, i aktualna staje się nowa wartość.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz ponownie rzuca kośćmi 1 i otrzymuje 6
    Wtedy kości pokazują teraz 62345

  @id:kiriki-pl-rules-satisfying-roll @ambiguity @rule:turns
  Scenariusz: Rzut niepasujący do wzorca daje 0 w wybranym wierszu
    Wynik rzutu jest satysfakcjonujący jeżeli wartości wyświetlane na kościach mogą być przypisane do
    jednego z wzorców punktowania omawianych wcześniej.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 11256 i zapisuje wynik w wierszu "Kareta"
    Wtedy każda akcja zostaje przyjęta
    Oraz gracz 1 ma 0 w polu "Kareta"

  @id:kiriki-pl-rules-each-pattern-once @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Każdy wzorzec raz na gracza
    Każdy wzorzec punktowania może być użyty przez danego gracza tylko raz w każdej grze. Czyli, jeżeli
    jakiś wzorzec punktowania został wykorzystany przez jednego gracza, to nie może być już przez niego
    użyty ponownie.
    Zakładając, że gra ma 2 graczy
    Jeżeli gracz rzuca 12345 i zapisuje wynik w wierszu "Szansa"
    Oraz gracz rzuca 22222 i zapisuje wynik w wierszu "2s"
    Oraz gracz rzuca 66666 i zapisuje wynik w wierszu "Szansa"
    Wtedy ostatnia akcja zostaje odrzucona jako row-used i niczego nie zmienia

  @id:kiriki-pl-rules-others-may-still-use @rule:turns @ruleset:kiriki-fr @ruleset:kiriki-no-extra
  Scenariusz: Inni gracze mogą dalej korzystać z wzorca
    Jednakże, inni gracze dalej mogą z niego korzystać, dopóki nie wykorzystają tego samego wzorca w
    swojej rundzie.
    Zakładając, że gra ma 2 graczy
    Jeżeli gracz rzuca 12345 i zapisuje wynik w wierszu "Szansa"
    Oraz gracz rzuca 66665 i zapisuje wynik w wierszu "Szansa"
    Wtedy każda akcja zostaje przyjęta
    Oraz gracz 2 ma 29 w polu "Szansa"
    Oraz jest kolej gracza 1

  @id:kiriki-pl-rules-repeat-kiriki-uses-kiriki-again @ambiguity @rule:extra-turns
  Scenariusz: Kolejne Kiriki trafia ponownie do wiersza Kiriki
    Każdy wzorzec punktowania może być użyty przez danego gracza tylko raz w każdej grze.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 11111 i zapisuje wynik w wierszu "Kiriki"
    Oraz gracz rzuca 22222 i zapisuje wynik w wierszu "Kiriki"
    Wtedy każda akcja zostaje przyjęta
    Oraz gracz 1 ma 100 w polu "Kiriki"
