import { type leadsV1 } from '@lib/contracts';
import { createPolishLocale } from '../../shared/locale';
import { applicantGroupOf, formLimitsNotice } from './form-limits-notice.view-model';

const locale = createPolishLocale('http://localhost:3000');
const request = { amountZl: 2000, periodDays: 61 };
/** The sandbox's lenders on the sample feed: 18–78, Vivus and Smartney asking the ID card. */
const limits = (overrides: Partial<leadsV1.ApplicationLimits> = {}): leadsV1.ApplicationLimits => ({
  known: true,
  lenders: [{ lenderSlug: 'provident', lenderName: 'Provident', ageMin: 20, ageMax: 78 }],
  ageChecked: true,
  ageMin: 18,
  ageMax: 78,
  identityDocuments: ['id_card'],
  asOf: '2026-11-28',
  sample: true,
  ...overrides,
});
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const retirees = { ageFrom: 60, ageTo: 0, documents: [] };
const passportHolders = { ageFrom: 0, ageTo: 0, documents: ['passport', 'residenceCard'] };

describe('what the form accepts, said to the group a page speaks to', () => {
  it('reads the group from the offers block, none when the block names none', () => {
    const block = {
      amountGrosze: 200_000,
      periodDays: 61,
      productTypes: [],
      firstLoanFreeOnly: false,
      ageFrom: 60,
      ageTo: 75,
      business: false,
      withoutCreditCheck: false,
      fallbackPath: '',
      fallbackTitle: '',
      applicantAgeFrom: 60,
      applicantAgeTo: 0,
      applicantDocuments: [],
    };
    expect(applicantGroupOf(block)).toEqual(retirees);
    expect(applicantGroupOf({ ...block, applicantAgeFrom: 0 })).toBeNull();
    expect(applicantGroupOf(null)).toBeNull();
  });

  it('tells retirees the form’s ages, that it refuses older people, and where to apply instead, with the source', () => {
    const notice = formLimitsNotice(retirees, limits(), request, locale);
    expect(notice.lines[0]).toBe(
      'Nasz formularz wniosku przyjmuje osoby w wieku od 18 do 78 lat – osobom w takim wieku udzielają pożyczek pożyczkodawcy, którym przekazujemy wnioski.',
    );
    expect(notice.lines[1]).toMatch(
      /^Jeśli masz więcej niż 78 lat, formularz nie przyjmie Twojego wniosku\./,
    );
    expect(notice.source).toBe(
      'Źródło: dane ofert pożyczkodawców, którym przekazujemy wnioski, stan na 28.11.2026 (dane przykładowe).',
    );
    expect(notice.link.href).toBe('/offers/?suma=2000&okres=61');
    expect(plain(notice.link.text)).toBe(
      'Wszystkie oferty na 2 000 zł i 61 dni – wniosek składasz na stronie pożyczkodawcy',
    );
    // With no upper limit the form refuses no retiree: nothing says it does.
    const open = formLimitsNotice(retirees, limits({ ageMax: 0 }), request, locale);
    expect(open.lines).toEqual([
      'Nasz formularz wniosku przyjmuje osoby, które mają co najmniej 18 lat – osobom w takim wieku udzielają pożyczek pożyczkodawcy, którym przekazujemy wnioski.',
    ]);
  });

  it('tells passport holders that the form takes only the Polish ID card, and about the PESEL', () => {
    const notice = formLimitsNotice(passportHolders, limits(), request, locale);
    expect(notice.lines[0]).toContain(
      'formularz przyjmuje tylko polski dowód osobisty – paszportu ani karty pobytu nie da się w nim podać',
    );
    expect(notice.lines[0]).toContain('złóż wniosek bezpośrednio na stronie pożyczkodawcy');
    expect(notice.lines[1]).toContain('numer PESEL');
    expect(notice.lines.join(' ')).not.toContain('lat');
    const noDocument = formLimitsNotice(passportHolders, limits({ identityDocuments: [] }), request, locale);
    expect(noDocument.lines[0]).toContain('Formularz nie pyta o dokument tożsamości');
  });

  it('says the form only matches offers without lenders, and that it cannot tell while the limits are unknown', () => {
    const none = formLimitsNotice(retirees, limits({ lenders: [] }), request, locale);
    expect(none.lines).toEqual([
      expect.stringMatching(/^Teraz nie przekazujemy wniosków żadnemu pożyczkodawcy/),
    ]);
    expect(none.source).toBe('');
    for (const unknown of [null, limits({ known: false })]) {
      const notice = formLimitsNotice(passportHolders, unknown, request, locale);
      expect(notice.lines).toEqual([expect.stringMatching(/^Nie możemy teraz sprawdzić/)]);
      expect(notice.source).toBe('');
    }
  });
});
