import { type offersV1 } from '@lib/contracts';
import { NOT_A_LENDER_LABELS } from '../view-models/offer-card';
import { formatMoneyRange, formatMoneyWhole, formatPercentDecimal } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { NO_DATA, periodText } from './period-text';

/** Where a fact comes from; url '' when the source has no address. */
export interface FactSourceView {
  name: string;
  url: string;
}

/** One line of a lender's facts block: the value, or unknown, with its source and date. */
export interface FactRow {
  label: string;
  /** The value as shown; for an unknown fact the unknown wording. */
  value: string;
  known: boolean;
  source: FactSourceView | null;
  /** 'YYYY-MM-DD'; '' when unknown. */
  checkedAt: string;
}

export interface LenderFactsView {
  slug: string;
  name: string;
  /** Verified kind code ('porownywarka', …); '' when unknown. */
  kind: string;
  /** A comparison site or intermediary: it does not lend, labelled wherever it appears. */
  notALender: boolean;
  /** The offer figures come from the bundled sample feed: the block carries the sample notice. */
  sampleOffer: boolean;
  rows: FactRow[];
}

/** The RRSO row of a brand that does not lend: no loan of its own has one. */
export const NO_OWN_COST =
  'nie dotyczy – serwis nie udziela pożyczek, koszt ustala pożyczkodawca, do którego trafi wniosek';

/** What an unverified editorial fact reads as; never a guess. */
export const BEING_VERIFIED = 'w trakcie weryfikacji';
/** What a figure the feed does not give reads as. */
export { NO_DATA } from './period-text';

export const KIND_LABELS: Record<string, string> = {
  'instytucja-pozyczkowa': 'instytucja pożyczkowa',
  bank: 'bank',
  skok: 'spółdzielcza kasa oszczędnościowo-kredytowa (SKOK)',
  porownywarka: 'porównywarka ofert – nie udziela pożyczek',
  posrednik: 'pośrednik kredytowy – nie udziela pożyczek',
};

export { periodEnds, periodText, wholeMonths } from './period-text';

type MoneyLocale = Pick<Locale, 'code' | 'currency'>;

/** '100–3 000 zł' (a range: the en dash unspaced, the currency once, as the offer cards write it). */
export function amountText(locale: MoneyLocale, min: number, max: number): string {
  if (max <= 0) return NO_DATA;
  return min > 0 ? formatMoneyRange(locale, min, max) : formatMoneyWhole(locale, max);
}

const sourceOf = (source: offersV1.FactSource | null | undefined): FactSourceView | null =>
  source && source.name !== '' ? { name: source.name, url: source.url } : null;

function editorial(
  label: string,
  fact: offersV1.TextFact | null | undefined,
  show: (value: string) => string = (v) => v,
): FactRow {
  if (!fact || fact.value === '')
    return { label, value: BEING_VERIFIED, known: false, source: null, checkedAt: '' };
  return {
    label,
    value: show(fact.value),
    known: true,
    source: sourceOf(fact.source),
    checkedAt: fact.checkedAt,
  };
}

/**
 * A lender's facts as rows: editorial facts (company, kind, register) and the feed's figures
 * (amounts, period, first loan free, RRSO of the representative example), each with its source
 * and date; what we do not have reads as being verified (editorial) or no data (figures).
 */
export function toLenderFactsView(facts: offersV1.LenderFacts, locale: MoneyLocale): LenderFactsView {
  const kind = facts.kind?.value ?? '';
  const register =
    facts.register && facts.register.value !== '' && facts.registerEntry && facts.registerEntry.value !== ''
      ? { ...facts.register, value: `${facts.register.value}, wpis ${facts.registerEntry.value}` }
      : facts.register;
  const rows: FactRow[] = [
    editorial('Firma (strona umowy)', facts.company),
    editorial('Rodzaj działalności', facts.kind, (value) => KIND_LABELS[value] ?? value),
    editorial('Licencja lub rejestr', register),
  ];
  const offer = facts.offer;
  if (!offer) {
    const missing = (label: string): FactRow => ({
      label,
      value: NO_DATA,
      known: false,
      source: null,
      checkedAt: '',
    });
    rows.push(
      missing('Kwota'),
      missing('Okres'),
      missing('Pierwsza pożyczka za 0\u00a0zł'),
      missing('RRSO przykładu reprezentatywnego'),
    );
  } else {
    const source = sourceOf(offer.source);
    const figure = (label: string, value: string): FactRow => ({
      label,
      value,
      known: value !== NO_DATA,
      source,
      checkedAt: offer.checkedAt,
    });
    const example = offer.representativeExample;
    const notALender = kind in NOT_A_LENDER_LABELS;
    rows.push(
      figure('Kwota', amountText(locale, offer.amountMinGrosze, offer.amountMaxGrosze)),
      figure('Okres', periodText(offer.periodMinDays, offer.periodMaxDays)),
      figure(
        'Pierwsza pożyczka za 0\u00a0zł',
        offer.firstLoanFree
          ? `tak, do ${formatMoneyWhole(locale, offer.firstLoanFreeMaxGrosze)} dla nowego klienta`
          : 'nie',
      ),
      notALender
        ? {
            label: 'RRSO przykładu reprezentatywnego',
            value: NO_OWN_COST,
            known: false,
            source: null,
            checkedAt: '',
          }
        : figure(
            'RRSO przykładu reprezentatywnego',
            example && example.rrsoPercent !== ''
              ? `${formatPercentDecimal(example.rrsoPercent)} (${formatMoneyWhole(locale, example.amountGrosze)} na ${periodText(example.periodDays, example.periodDays)})`
              : NO_DATA,
          ),
    );
  }
  return {
    slug: facts.slug,
    name: facts.name,
    kind,
    notALender: kind in NOT_A_LENDER_LABELS,
    sampleOffer: facts.offer?.sample === true,
    rows,
  };
}
