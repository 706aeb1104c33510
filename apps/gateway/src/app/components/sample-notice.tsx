/**
 * What each kind of bundled sample data is, in the words of the one notice shown next to figures
 * that come from it. Bundled data let the site run without partners' feeds or the banks' tables;
 * a visitor must never take them for a lender's or a bank's real terms.
 */
export const SAMPLE_DATA_TEXT = {
  offers:
    'oferty i ich koszty na tej stronie pochodzą z przykładowego pliku dołączonego do serwisu, a nie od pożyczkodawców. Nie są aktualną ofertą żadnej firmy – obowiązujące warunki podaje pożyczkodawca na swojej stronie.',
  bankRates:
    'kursy banków oznaczone jako dane przykładowe nie pochodzą z tabel kursowych banków: wyliczyliśmy je z kursu średniego NBP i założonej przez nas marży, żeby pokazać działanie serwisu. Obowiązujące kursy podaje bank na swojej stronie.',
  nbpRates:
    'kursy NBP na tej stronie pochodzą z archiwum tabel NBP dołączonego do serwisu, a nie z bieżącej publikacji NBP: to kursy z dnia podanego przy nich, nie dzisiejsze.',
  sandboxLenders:
    'pożyczkodawcy poniżej to konta testowe w środowisku próbnym serwisu. Wniosek nie trafił do żadnej prawdziwej firmy, a ich odpowiedzi są symulowane.',
} as const;

export type SampleDataSubject = keyof typeof SAMPLE_DATA_TEXT;

/** 'Dane przykładowe – …': one notice per kind of sample data, placed next to the figures it concerns. */
export function SampleDataNotice({ subject }: { subject: SampleDataSubject }) {
  return (
    <p className="notice notice--sample" role="note" data-sample-notice={subject}>
      <strong>Dane przykładowe</strong> – {SAMPLE_DATA_TEXT[subject]}
    </p>
  );
}
