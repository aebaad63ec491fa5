# language: pl
@kiriki @source:001_1d3fd0f41451d613.txt
Właściwość: Tablica wyników Kiriki, tekst polski
  Transkrypcja pierwszej części fixtures/sources/001_1d3fd0f41451d613.txt, tłumaczenia podręcznika
  KDE Kiriki. Każdy przykład zachowuje kości i wynik z tekstu; niezgodności są oznaczone
  (@erratum, @variant, @ambiguity, @gap) i wyjaśnione w fixtures/errata.yaml. Cytaty zachowują
  typograficzne cudzysłowy tekstu.

  @id:kiriki-pl-sheet-lines @ambiguity @rule:sheet
  Scenariusz: Tablica wyników ma czternaście wierszy
    Tablica wyników w Kiriki jest podzielona na czternaście różnych wierszy. Każdy wiersz zawiera
    pojedynczy wzorzec wyniku, i wynik gracza uzyskany za rzut pasujący do wzorca.
    Wtedy tablica wyników ma 14 wierszy ze wzorcem wyniku
    Oraz tablica wyników ma 3 wiersze podsumowania

  @rule:<wiersz>
  Szablon scenariusza: Górne wiersze sumują kości o danej wartości
    Zakładając, że wynik rzutu to <kości>
    Wtedy wiersz "<wiersz>" daje <wynik>
    Oraz "<suma>" daje <wynik> z wyrzuconych kości

    Przykłady: 1s
      1s: Suma wszystkich kości z ‘1’. Przykład: Wynik rzutu: '14112'. Suma to: '3'='1'+'1'+'1'.
      Wynik rzutu: '51111'. Suma to: '4'='1'+'1'+'1'+'1'.
      | id               | kości | wiersz | wynik | suma            |
      | kiriki-pl-ones-1 | 14112 | 1s     | 3     | '1'+'1'+'1'     |
      | kiriki-pl-ones-2 | 51111 | 1s     | 4     | '1'+'1'+'1'+'1' |

    Przykłady: 2s
      2s: Suma wszystkich kości z ‘2’. Przykład: Wynik rzutu: '22422'. Suma to: '8'='2'+'2'+'2'+'2'.
      Wynik rzutu: '42322'. Suma to: '6'='2'+'2'+'2'.
      | id               | kości | wiersz | wynik | suma            |
      | kiriki-pl-twos-1 | 22422 | 2s     | 8     | '2'+'2'+'2'+'2' |
      | kiriki-pl-twos-2 | 42322 | 2s     | 6     | '2'+'2'+'2'     |

    Przykłady: 3s
      3s: Suma wszystkich kości z ‘3’. Przykład: Wynik rzutu: '34132'. Suma to: '6'='3'+'3'.
      Wynik rzutu: '33333'. Suma to: '15'='3'+'3'+'3'+'3'+'3'.
      | id                 | kości | wiersz | wynik | suma                |
      | kiriki-pl-threes-1 | 34132 | 3s     | 6     | '3'+'3'             |
      | kiriki-pl-threes-2 | 33333 | 3s     | 15    | '3'+'3'+'3'+'3'+'3' |

    Przykłady: 4s
      4s: Suma wszystkich kości z ‘4’. Przykład: Wynik rzutu: '14142'. Suma to: '8'='4'+'4'.
      Wynik rzutu: '41414'. Suma to: '12'='4'+'4'+'4'.
      | id                | kości | wiersz | wynik | suma        |
      | kiriki-pl-fours-1 | 14142 | 4s     | 8     | '4'+'4'     |
      | kiriki-pl-fours-2 | 41414 | 4s     | 12    | '4'+'4'+'4' |

    Przykłady: 5s
      5s: Suma wszystkich kości z ‘5’. Przykład: Wynik rzutu: '15155'. Suma to: '15'='5'+'5'+'5'.
      Wynik rzutu: '51555'. Suma to: '20'='5'+'5'+'5'+'5'.
      | id                | kości | wiersz | wynik | suma            |
      | kiriki-pl-fives-1 | 15155 | 5s     | 15    | '5'+'5'+'5'     |
      | kiriki-pl-fives-2 | 51555 | 5s     | 20    | '5'+'5'+'5'+'5' |

    Przykłady: 6s
      6s: Suma wszystkich kości z ‘6’. Przykład: Wynik rzutu: '66616'. Suma to: '24'='6'+'6'+'6'+'6'.
      Wynik rzutu: '61616'. Suma to: '18'='6'+'6'+'6'.
      | id                | kości | wiersz | wynik | suma            |
      | kiriki-pl-sixes-1 | 66616 | 6s     | 24    | '6'+'6'+'6'+'6' |
      | kiriki-pl-sixes-2 | 61616 | 6s     | 18    | '6'+'6'+'6'     |

  @id:kiriki-pl-bonus-above-62 @rule:bonus
  Scenariusz: Premia 35 punktów powyżej 62
    Bonus jeżeli > 62: Gracz otrzymuje dodatkowych 35 punktów jeżeli suma wszystkich powyższy pól jest
    większa niż 62.
    Zakładając, że gra ma 1 gracza
    Jeżeli rozegrane zostają tury:
      | kości | wiersz |
      | 11123 | 1s     |
      | 22213 | 2s     |
      | 33312 | 3s     |
      | 44412 | 4s     |
      | 55512 | 5s     |
      | 66612 | 6s     |
    Wtedy gracz 1 ma 35 w polu "Bonus jeżeli > 62"
    Oraz gracz 1 ma 98 w polu "Wyższa suma ogólna"

  @id:kiriki-pl-no-bonus-at-62 @rule:bonus
  Scenariusz: Brak premii przy 62 punktach
    Bonus jeżeli > 62: Gracz otrzymuje dodatkowych 35 punktów jeżeli suma wszystkich powyższy pól jest
    większa niż 62.
    Zakładając, że gra ma 1 gracza
    Jeżeli rozegrane zostają tury:
      | kości | wiersz |
      | 11234 | 1s     |
      | 22213 | 2s     |
      | 33312 | 3s     |
      | 44412 | 4s     |
      | 55512 | 5s     |
      | 66612 | 6s     |
    Wtedy gracz 1 ma 0 w polu "Bonus jeżeli > 62"
    Oraz gracz 1 ma 62 w polu "Wyższa suma ogólna"

  @id:kiriki-pl-upper-total @ambiguity @rule:upper-total
  Scenariusz: Wyższa suma ogólna zawiera sumę wszystkich powyższych pól
    Wyższa suma ogólna: nie jest to pole wykorzystywane w grze, zawiera sumę wszystkich powyższych pól.
    Zakładając, że gra ma 1 gracza
    Jeżeli rozegrane zostają tury:
      | kości | wiersz |
      | 11123 | 1s     |
      | 22213 | 2s     |
      | 33312 | 3s     |
      | 44412 | 4s     |
      | 55512 | 5s     |
      | 66612 | 6s     |
    Wtedy gracz 1 ma 35 w polu "Bonus jeżeli > 62"
    Oraz gracz 1 ma 98 w polu "Wyższa suma ogólna"

  @id:kiriki-pl-upper-total-not-playable @ambiguity @rule:upper-total
  Scenariusz: Wyższa suma ogólna nie jest polem wykorzystywanym w grze
    Wyższa suma ogólna: nie jest to pole wykorzystywane w grze, zawiera sumę wszystkich powyższych pól.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz zapisuje wynik w wierszu "Wyższa suma ogólna"
    Wtedy ostatnia akcja zostaje odrzucona jako not-playable i niczego nie zmienia

  @ambiguity @rule:<wiersz>
  Szablon scenariusza: Trójka i kareta sumują wszystkie kości
    Zakładając, że wynik rzutu to <kości>
    Wtedy wiersz "<wiersz>" daje <wynik>
    Oraz "<suma>" daje <wynik> z wyrzuconych kości

    Przykłady: Trójka
      Trójka: Suma wartości wszystkich kości, gdy trzy z nich mają tą samą wartość. Przykład: Wynik rzutu:
      '14121'. Suma to: '9'='1'+'1'+'1'+'4'+'2'. Wynik rzutu: '55151'. Suma to: '17'='5'+'5'+'5'+'1'+'1'.
      | id                          | kości | wiersz | wynik | suma                |
      | kiriki-pl-three-of-a-kind-1 | 14121 | Trójka | 9     | '1'+'1'+'1'+'4'+'2' |
      | kiriki-pl-three-of-a-kind-2 | 55151 | Trójka | 17    | '5'+'5'+'5'+'1'+'1' |

    Przykłady: Kareta
      Kareta: Suma wartości wszystkich kości, gdy cztery z nich mają tą samą wartość. Przykład: Wynik
      rzutu: '41444'. Suma to: '17'='4'+'4'+'4'+'4'+'1'. Wynikrzutu: '22522'. Suma to: '13'='2'+'2'+'2'+'2'+'5'.
      | id                         | kości | wiersz | wynik | suma                |
      | kiriki-pl-four-of-a-kind-1 | 41444 | Kareta | 17    | '4'+'4'+'4'+'4'+'1' |
      | kiriki-pl-four-of-a-kind-2 | 22522 | Kareta | 13    | '2'+'2'+'2'+'2'+'5' |

  @rule:<wiersz>
  Szablon scenariusza: Full i Kiriki dają stałe punkty
    # Tekst nie podaje wyniku tych przykładów: wynika on z zasady wiersza w tym tekście.
    Zakładając, że wynik rzutu to <kości>
    Wtedy wiersz "<wiersz>" daje <wynik>

    @ambiguity
    Przykłady: Full
      Full: 25 punktów dla gracza, jeżeli w danej turze wyrzucono trójkę i parę. Przykład: Wynik rzutu:
      '11212'. Wynik rzutu: '53353'.
      | id                     | kości | wiersz | wynik |
      | kiriki-pl-full-house-1 | 11212 | Full   | 25    |
      | kiriki-pl-full-house-2 | 53353 | Full   | 25    |

    @ambiguity
    Przykłady: Kiriki
      Kiriki: 50 punktów jest przyznawane jeżeli w rundzie wyrzucono pięć kości o tej samej wartości. … Przykład:
      Wynik rzutu: '11111'. Wynik rzutu: '33333'.
      | id                 | kości | wiersz | wynik |
      | kiriki-pl-kiriki-1 | 11111 | Kiriki | 50    |
      | kiriki-pl-kiriki-2 | 33333 | Kiriki | 50    |

  @rule:<wiersz>
  Szablon scenariusza: Strity
    # Tekst nie podaje wyniku tych przykładów: wynika on z zasady wiersza w tym tekście.
    Zakładając, że wynik rzutu to <kości>
    Wtedy wiersz "<wiersz>" daje <wynik>
    Oraz kości zawierają sekwencję "<sekwencja>"

    @ambiguity
    Przykłady: Mały strit
      Mały strit: 30 punktów dla gracza, jeżeli w danej turze wyrzucono cztery kości w sekwencji wartości. Przykład:
      Wynik rzutu: '14312'. Sekwencja to: '1','2','3','4'. Wynikrzutu: '51643'. Sekwencja to: '3','4','5','6'.
      | id                         | kości | wiersz     | wynik | sekwencja       |
      | kiriki-pl-small-straight-1 | 14312 | Mały strit | 30    | '1','2','3','4' |
      | kiriki-pl-small-straight-2 | 51643 | Mały strit | 30    | '3','4','5','6' |

    Przykłady: Duży strit
      Duży strit: 40 punktów dla gracza, jeżeli w danej turze wyrzucono pięć kości w sekwencji wartości. Przykład:
      Wynik rzutu: '34152'. Sekwencja to: '1','2','3','4','5'. Wynikrzutu: '53264'. Sekwencja to: '2','3','4','5','6'.
      | id                         | kości | wiersz     | wynik | sekwencja           |
      | kiriki-pl-large-straight-1 | 34152 | Duży strit | 40    | '1','2','3','4','5' |
      | kiriki-pl-large-straight-2 | 53264 | Duży strit | 40    | '2','3','4','5','6' |

  @id:kiriki-pl-first-kiriki-no-extra-turn @rule:extra-turns
  Scenariusz: Pierwsze Kiriki nie daje dodatkowej tury
    Możesz zdobyć punkty dla dowolnej liczby sekwencji Kiriki, dla każdego przypadku ponad pierwsze
    wystąpienie, otrzymujesz dodatkową turę przed zakończeniem gry.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 11111 i zapisuje wynik w wierszu "Kiriki"
    Wtedy gracz 1 ma 50 w polu "Kiriki"
    Oraz gracz 1 zdobył 0 dodatkowych tur

  @id:kiriki-pl-further-kiriki-extra-turn @gap @rule:extra-turns
  Scenariusz: Każde kolejne Kiriki daje dodatkową turę przed końcem gry
    Możesz zdobyć punkty dla dowolnej liczby sekwencji Kiriki, dla każdego przypadku ponad pierwsze
    wystąpienie, otrzymujesz dodatkową turę przed zakończeniem gry.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 11111 i zapisuje wynik w wierszu "Kiriki"
    Oraz gracz rzuca 44444 i zapisuje wynik w wierszu "Kiriki"
    Wtedy gracz 1 ma 100 w polu "Kiriki"
    Oraz gracz 1 zdobył 1 dodatkową turę

  @id:kiriki-pl-extra-turn-at-the-end @ambiguity @rule:extra-turns
  Scenariusz: Dodatkowa tura przychodzi po 13 turach każdego gracza
    Możesz zdobyć punkty dla dowolnej liczby sekwencji Kiriki, dla każdego przypadku ponad pierwsze
    wystąpienie, otrzymujesz dodatkową turę przed zakończeniem gry.
    Zakładając, że gra ma 2 graczy
    Jeżeli rozegrane zostają tury:
      | gracz | kości | wiersz     |
      | 1     | 11111 | Kiriki     |
      | 2     | 11123 | 1s         |
      | 1     | 22222 | Kiriki     |
      | 2     | 22213 | 2s         |
      | 1     | 11123 | 1s         |
      | 2     | 33312 | 3s         |
      | 1     | 22213 | 2s         |
      | 2     | 44412 | 4s         |
      | 1     | 33312 | 3s         |
      | 2     | 55512 | 5s         |
      | 1     | 44412 | 4s         |
      | 2     | 66612 | 6s         |
      | 1     | 55512 | 5s         |
      | 2     | 14121 | Trójka     |
      | 1     | 66612 | 6s         |
      | 2     | 41444 | Kareta     |
      | 1     | 14121 | Trójka     |
      | 2     | 11212 | Full       |
      | 1     | 41444 | Kareta     |
      | 2     | 14312 | Mały strit |
      | 1     | 11212 | Full       |
      | 2     | 34152 | Duży strit |
      | 1     | 14312 | Mały strit |
      | 2     | 12346 | Kiriki     |
      | 1     | 34152 | Duży strit |
      | 2     | 21526 | Szansa     |
      | 1     | 21526 | Szansa     |
    Wtedy gra jest zakończona
    Oraz gracz 1 rozegrał 14 tur
    Oraz gracz 2 rozegrał 13 tur
    Oraz gracz 1 ma 100 w polu "Kiriki"

  @id:kiriki-pl-scratched-kiriki-takes-no-more @gap @rule:kiriki
  Scenariusz: Wiersz Kiriki skreślony zerem nie przyjmuje kolejnego Kiriki
    Możesz zdobyć punkty dla dowolnej liczby sekwencji Kiriki, dla każdego przypadku ponad pierwsze
    wystąpienie, otrzymujesz dodatkową turę przed zakończeniem gry.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345 i zapisuje wynik w wierszu "Kiriki"
    Oraz gracz rzuca 66666 i zapisuje wynik w wierszu "Kiriki"
    Wtedy ostatnia akcja zostaje odrzucona jako row-used i niczego nie zmienia

  @rule:chance
  Szablon scenariusza: Szansa sumuje wszystkie kości
    Zakładając, że wynik rzutu to <kości>
    Wtedy wiersz "<wiersz>" daje <wynik>
    Oraz "<suma>" daje <wynik> z wyrzuconych kości

    Przykłady: Szansa
      Szansa: Suma wartości wszystkich wyrzuconych kości. Przykład: Wynik rzutu: '51143'. Suma to:
      '14'='5'+'1'+'1'+'4'+'3'. Wynik rzutu: '21526'. Suma to: '16'='2'+'1'+'5'+'2'+'6'.
      | id                 | kości | wiersz | wynik | suma                |
      | kiriki-pl-chance-1 | 51143 | Szansa | 14    | '5'+'1'+'1'+'4'+'3' |
      | kiriki-pl-chance-2 | 21526 | Szansa | 16    | '2'+'1'+'5'+'2'+'6' |

  @id:kiriki-pl-lower-total @ambiguity @rule:lower-total
  Scenariusz: Niższa suma ogólna sumuje pola od Trójki w dół
    Niższa suma ogólna: To pole nie jest wykorzystywane w grze, wyświetla ono podsumowanie wszystkich pól
    poczynając od 'Trójki' w dół.
    Zakładając, że gra ma 1 gracza
    Jeżeli rozegrane zostają tury:
      | kości | wiersz     |
      | 14121 | Trójka     |
      | 41444 | Kareta     |
      | 11212 | Full       |
      | 14312 | Mały strit |
      | 21526 | Szansa     |
    Wtedy gracz 1 ma 97 w polu "Niższa suma ogólna"

  @id:kiriki-pl-grand-total @rule:grand-total
  Scenariusz: Suma ogólna wyświetla całkowitą liczbę punktów
    Suma ogólna: To pole nie jest wykorzystywane w grze, wyświetla całkowitą uzyskaną liczbę punktów.
    Zakładając, że gra ma 1 gracza
    Jeżeli rozegrane zostają tury:
      | kości | wiersz |
      | 66612 | 6s     |
      | 14121 | Trójka |
      | 21526 | Szansa |
    Wtedy gracz 1 ma 18 w polu "Wyższa suma ogólna"
    Oraz gracz 1 ma 25 w polu "Niższa suma ogólna"
    Oraz gracz 1 ma 43 w polu "Suma ogólna"

  @id:kiriki-pl-lower-total-not-playable @ambiguity @rule:lower-total
  Scenariusz: Niższa suma ogólna nie jest polem wykorzystywanym w grze
    Niższa suma ogólna: To pole nie jest wykorzystywane w grze, wyświetla ono podsumowanie wszystkich pól
    poczynając od 'Trójki' w dół.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz zapisuje wynik w wierszu "Niższa suma ogólna"
    Wtedy ostatnia akcja zostaje odrzucona jako not-playable i niczego nie zmienia

  @id:kiriki-pl-grand-total-not-playable @rule:grand-total
  Scenariusz: Suma ogólna nie jest polem wykorzystywanym w grze
    Suma ogólna: To pole nie jest wykorzystywane w grze, wyświetla całkowitą uzyskaną liczbę punktów.
    Zakładając, że gra ma 1 gracza
    Jeżeli gracz rzuca 12345
    Oraz gracz zapisuje wynik w wierszu "Suma ogólna"
    Wtedy ostatnia akcja zostaje odrzucona jako not-playable i niczego nie zmienia
