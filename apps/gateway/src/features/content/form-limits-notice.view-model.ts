import { type contentV1, type leadsV1 } from '@lib/contracts';
import { groszeFromZloty } from '@lib/finance';
import { periodText } from '../../app/loaders/offer-request';
import { offersListPath } from '../../app/site-paths/offers';
import { formatDate, formatMoneyWhole } from '../../shared/format';
import { type Locale } from '../../shared/locale';

/*
 * What a page speaking to a group of borrowers (retirees, people holding a passport rather than a
 * Polish ID card) says next to its call to action: what the application form accepts for them,
 * from the leads service's limits (the ages and the document of the lenders it passes applications
 * to, with the feed's day), and, where the form cannot serve the group, what helps instead: an
 * offer of the list, applied for on the lender's own site. Pure: the page's declaration and the
 * limits in, sentences out.
 */

/** The group a page names (PageOfferBlock's applicant fields); ages 0: that end not named. */
export interface ApplicantGroup {
  ageFrom: number;
  ageTo: number;
  documents: string[];
}

/** The group an offers block declares; null when it names none. */
export function applicantGroupOf(block: contentV1.PageOfferBlock | null | undefined): ApplicantGroup | null {
  if (!block) return null;
  const group = {
    ageFrom: block.applicantAgeFrom,
    ageTo: block.applicantAgeTo,
    documents: [...block.applicantDocuments],
  };
  return group.ageFrom > 0 || group.ageTo > 0 || group.documents.length > 0 ? group : null;
}

export interface FormLimitsNotice {
  /** The sentences, one paragraph each. */
  lines: string[];
  /** Where the figures come from and of what day; '' when the notice states none. */
  source: string;
  /** Where to look instead of the form. */
  link: { href: string; text: string };
}

/** The documents a group may hold, after a negation ('paszportu ani karty pobytu'). */
const DOCUMENT_GENITIVE: Readonly<Record<string, string>> = {
  passport: 'paszportu',
  residenceCard: 'karty pobytu',
};

const agesText = (min: number, max: number | null) =>
  max === null ? `osoby, które mają co najmniej ${min} lat` : `osoby w wieku od ${min} do ${max} lat`;

/**
 * The notice for a group and the form's limits (null: the leads service did not answer), for the
 * block's amount and period (its link goes to the offers list of the same request).
 */
export function formLimitsNotice(
  group: ApplicantGroup,
  limits: leadsV1.ApplicationLimits | null,
  request: { amountZl: number; periodDays: number },
  locale: Pick<Locale, 'code' | 'currency' | 'timezone'>,
): FormLimitsNotice {
  const link = {
    href: offersListPath(request.amountZl, request.periodDays),
    text: `Wszystkie oferty na ${formatMoneyWhole(locale, groszeFromZloty(request.amountZl))} i ${periodText(request.periodDays)} – wniosek składasz na stronie pożyczkodawcy`,
  };
  if (!limits?.known)
    return {
      lines: [
        'Nie możemy teraz sprawdzić, w jakim wieku i z jakim dokumentem przyjmuje wnioski nasz formularz – zależy to od pożyczkodawców, którym przekazujemy wnioski. Odśwież stronę za chwilę albo wybierz ofertę z listy i złóż wniosek na stronie pożyczkodawcy.',
      ],
      source: '',
      link,
    };
  if (limits.lenders.length === 0)
    return {
      lines: [
        'Teraz nie przekazujemy wniosków żadnemu pożyczkodawcy: formularz tylko dopasuje Twój wniosek do ofert, a wniosek złożysz na stronie wybranego pożyczkodawcy. Dlatego formularz nie pyta ani o wiek, ani o dokument tożsamości – o tym, kogo przyjmuje, decyduje pożyczkodawca.',
      ],
      source: '',
      link,
    };
  const lines: string[] = [];
  const max = limits.ageMax > 0 ? limits.ageMax : null;
  if (group.ageFrom > 0 || group.ageTo > 0) {
    if (!limits.ageChecked)
      lines.push(
        'Formularz nie pyta o wiek: żaden z pożyczkodawców, którym przekazujemy wnioski, nie prosi o PESEL ani o wiek.',
      );
    else {
      lines.push(
        `Nasz formularz wniosku przyjmuje ${agesText(limits.ageMin, max)} – osobom w takim wieku udzielają pożyczek pożyczkodawcy, którym przekazujemy wnioski.`,
      );
      const groupTop = group.ageTo > 0 ? group.ageTo : Number.POSITIVE_INFINITY;
      if (max !== null && groupTop > max)
        lines.push(
          `Jeśli masz więcej niż ${max} lat, formularz nie przyjmie Twojego wniosku. Wybierz wtedy ofertę z listy i złóż wniosek bezpośrednio na stronie pożyczkodawcy – przy każdej ofercie podajemy, w jakim wieku udziela pożyczek.`,
        );
      if (group.ageFrom > 0 && group.ageFrom < limits.ageMin)
        lines.push(
          `Jeśli masz mniej niż ${limits.ageMin} lat, formularz nie przyjmie Twojego wniosku – sprawdź przy ofertach z listy, od jakiego wieku udzielają pożyczek.`,
        );
    }
  }
  if (group.documents.length > 0) {
    const held = group.documents.map((document) => DOCUMENT_GENITIVE[document] ?? document).join(' ani ');
    lines.push(
      limits.identityDocuments.includes('id_card')
        ? `Gdy pożyczkodawca, któremu przekażemy wniosek, prosi o dokument tożsamości, formularz przyjmuje tylko polski dowód osobisty – ${held} nie da się w nim podać. Bez polskiego dowodu wybierz ofertę z listy i złóż wniosek bezpośrednio na stronie pożyczkodawcy, sprawdzając wcześniej, czy przyjmuje Twój dokument: dane ofert, z których korzystamy, tego nie podają.`
        : 'Formularz nie pyta o dokument tożsamości, bo nie potrzebuje go żaden z pożyczkodawców, którym przekazujemy wnioski. O dokument może poprosić pożyczkodawca, zanim zawrze z Tobą umowę.',
    );
    if (limits.ageChecked)
      lines.push(
        'Formularz poprosi też o numer PESEL, jeśli wymaga go pożyczkodawca, któremu przekażemy wniosek – bez numeru PESEL nie złożysz przez nas wniosku do takiego pożyczkodawcy.',
      );
  }
  const day = limits.asOf !== '' ? `, stan na ${formatDate(locale, limits.asOf)}` : '';
  return {
    lines,
    source: `Źródło: dane ofert pożyczkodawców, którym przekazujemy wnioski${day}${limits.sample ? ' (dane przykładowe)' : ''}.`,
    link,
  };
}
