import { typesetText } from '@lib/pl-format';

/**
 * The operator: the company that runs the site. Its identity comes from the
 * gateway's configuration (kit/config/operator-env.ts, OPERATOR_* variables, validated once at
 * start) and is shown in the footer, on /kontakt/ and in the legal documents (operator-markers.ts).
 * RODO art. 13(1)(a) and the e-services act art. 5 require these data to be easy to find.
 */
export interface OperatorView {
  /**
   * True for the embedded example company (development, tests, OPERATOR_EXAMPLE=true): every place
   * that shows the data says they are an example, not a real company.
   */
  example: boolean;
  /** Registered name including the legal form: 'Porównywarka Finansowa sp. z o.o.'. */
  name: string;
  /** Legal form in words: 'spółka z ograniczoną odpowiedzialnością'. */
  legalForm: string;
  /** Registered office: 'ul. Prosta 1, 00-001 Warszawa'. */
  address: string;
  /** The registry court keeping the KRS file; null when the operator is not in the KRS. */
  registryCourt: string | null;
  /** KRS number (10 digits); null when the operator is not in the KRS. */
  krs: string | null;
  /** NIP, 10 digits. */
  nip: string;
  /** REGON, 9 or 14 digits. */
  regon: string;
  /** Share capital as it is to be printed ('5 000 zł'); null where the legal form has none. */
  shareCapital: string | null;
  email: string;
  /** Contact phone as it is to be printed ('+48 22 000 00 00'). */
  phone: string;
  /** Address for data protection matters (an appointed DPO or the administrator's own). */
  dpoEmail: string;
  /**
   * Entry in the KNF register of credit intermediaries ('RPK012345'): the site passes applications
   * to lenders, so it is one, and says so with this number in every page's footer, on /o-nas/ and
   * in the terms (intermediary.ts).
   */
  creditIntermediaryEntry: string;
}

/**
 * The embedded default: a clearly fictitious company. Its numbers pass the checksums (so the same
 * code paths run as for a real operator), its e-mail domain is one reserved for examples (RFC 2606)
 * and every page showing it says the data are an example. Production refuses these values unless
 * OPERATOR_EXAMPLE=true (a non-public deployment).
 */
export const EXAMPLE_OPERATOR: OperatorView = {
  example: true,
  name: 'Przykładowy Operator Porównywarki sp. z o.o.',
  legalForm: 'spółka z ograniczoną odpowiedzialnością',
  address: 'ul. Przykładowa 1, 00-001 Warszawa',
  registryCourt:
    'Sąd Rejonowy dla m.st. Warszawy w Warszawie, XII Wydział Gospodarczy Krajowego Rejestru Sądowego',
  krs: '0000000000',
  nip: '1234563218',
  regon: '123456785',
  shareCapital: '5 000 zł',
  email: 'kontakt@porownywarka.example',
  phone: '+48 22 000 00 00',
  dpoEmail: 'iod@porownywarka.example',
  // All zeros: no register gives out this number; the disclosure says it is an example.
  creditIntermediaryEntry: 'RPK000000',
};

/** The sentence every page showing the example company carries. */
export const OPERATOR_EXAMPLE_NOTICE =
  'Uwaga: to przykładowe, fikcyjne dane firmy, wyświetlane w wersji deweloperskiej serwisu. Nie należą do żadnego istniejącego przedsiębiorcy.';

/** Said right after the register entry of the example company, wherever the entry is shown. */
export const EXAMPLE_ENTRY_MARK = 'to przykładowy numer, a nie prawdziwy wpis';

/** The register entry as printed; the example company's is said to be an example right after it. */
export function registerEntryText(operator: OperatorView): string {
  return operator.example
    ? `${operator.creditIntermediaryEntry} – ${EXAMPLE_ENTRY_MARK}`
    : operator.creditIntermediaryEntry;
}

/** '1234563218' → '123-456-32-18', the way a NIP is usually printed. */
export function formatNip(nip: string): string {
  return /^\d{10}$/.test(nip)
    ? `${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}`
    : nip;
}

/** The identity as labelled lines, in one order for every rendering (footer, /kontakt/, documents). */
export function operatorFacts(operator: OperatorView): { label: string; value: string; href?: string }[] {
  const facts: { label: string; value: string; href?: string }[] = [
    { label: 'Nazwa', value: operator.name },
    { label: 'Forma prawna', value: operator.legalForm },
    { label: 'Adres siedziby', value: operator.address },
  ];
  if (operator.krs !== null) {
    const court = operator.registryCourt === null ? '' : `, ${operator.registryCourt}`;
    facts.push({ label: 'KRS', value: `${operator.krs}${court}` });
  }
  facts.push({ label: 'NIP', value: formatNip(operator.nip) }, { label: 'REGON', value: operator.regon });
  if (operator.shareCapital !== null)
    facts.push({ label: 'Kapitał zakładowy', value: typesetText(operator.shareCapital) });
  facts.push({
    label: 'Rejestr pośredników kredytowych KNF',
    value: `wpis nr ${registerEntryText(operator)}`,
  });
  facts.push(
    { label: 'E-mail', value: operator.email, href: `mailto:${operator.email}` },
    { label: 'Telefon', value: operator.phone, href: `tel:${operator.phone.replace(/[^\d+]/g, '')}` },
    { label: 'Ochrona danych osobowych', value: operator.dpoEmail, href: `mailto:${operator.dpoEmail}` },
  );
  return facts;
}
