import { type ConverterFaqItem } from './currency-converter-data';

/** The converter page's three questions (also its FAQPage JSON-LD). Original text for this site. */
export const CONVERTER_FAQ: readonly ConverterFaqItem[] = [
  {
    question: 'Skąd pochodzą kursy w kalkulatorze walutowym?',
    answerHtml:
      '<p>Kalkulator przelicza po kursach średnich, które Narodowy Bank Polski ogłasza w tabeli A w każdy dzień roboczy (a dla rzadziej notowanych walut – w tabeli B, raz w tygodniu). Przy wyniku zawsze podajemy numer i datę tabeli, z której pochodzi kurs.</p>',
  },
  {
    question: 'Dlaczego w banku lub kantorze dostanę inną kwotę?',
    answerHtml:
      '<p>Kurs średni NBP to punkt odniesienia, a nie cena wymiany. Bank sprzedaje walutę drożej, a kupuje taniej – różnica to spread, czyli jego zarobek. Dlatego obok kalkulatora pokazujemy – gdy je mamy – kursy kupna i sprzedaży NBP oraz kursy banków, każdy z datą swojej tabeli: porównaj je, zanim wymienisz pieniądze.</p>',
  },
  {
    question: 'Jak przeliczyć jedną walutę obcą na inną, np. euro na dolary?',
    answerHtml:
      '<p>Wybierz obie waluty w kalkulatorze. Przeliczamy przez złotego: kwotę mnożymy przez kurs pierwszej waluty i dzielimy przez kurs drugiej, oba z tej samej tabeli NBP. Wynik zaokrąglamy do najmniejszej jednostki waluty docelowej, np. do 1 centa.</p>',
  },
];
