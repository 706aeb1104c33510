import { fraudWarningText } from './contact-safety';
import { intermediaryFooterText } from './intermediary';
import { fillOperatorMarkers } from './operator-markers';
import { EXAMPLE_ENTRY_MARK, EXAMPLE_OPERATOR, type OperatorView, operatorFacts } from './operator';

/** A configured operator: real-looking data, not the example. */
const CONFIGURED: OperatorView = {
  ...EXAMPLE_OPERATOR,
  example: false,
  name: 'Porównywarka Testowa sp. z o.o.',
  email: 'biuro@porownywarka-testowa.pl',
  phone: '+48 12 345 67 89',
  creditIntermediaryEntry: 'RPK012345',
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the credit intermediary disclosure', () => {
  it('states the register entry, the scope of authority and the pay, from the configured operator', () => {
    const { html, used } = fillOperatorMarkers(
      '<h2>Pośrednictwo</h2><p>{{operator:intermediary}}</p>',
      CONFIGURED,
    );
    expect(used).toBe(true);
    expect(html).toContain('<div class="intermediary-disclosure" data-operator="intermediary">');
    const shown = text(html);
    expect(shown).toContain(
      'Porównywarka Testowa sp. z o.o., jest pośrednikiem kredytowym wpisanym do rejestru pośredników kredytowych prowadzonego przez Komisję Nadzoru Finansowego pod numerem RPK012345.',
    );
    expect(shown).toContain('Współpracujemy z kilkoma pożyczkodawcami');
    expect(shown).toContain(
      'Nie mamy umocowania do zawierania umów pożyczki ani kredytu w imieniu pożyczkodawców',
    );
    expect(shown).toContain('nie przyjmujemy od Ciebie żadnych pieniędzy');
    expect(shown).toContain(
      'Za korzystanie z serwisu nic nie płacisz. Wynagrodzenie, czyli prowizję, płaci nam pożyczkodawca',
    );
    expect(shown).not.toContain(EXAMPLE_ENTRY_MARK);
    // Only a paragraph of its own becomes the block; inline, the marker stays for the checks to report.
    expect(fillOperatorMarkers('<p>Zob. {{operator:intermediary}}</p>', CONFIGURED).html).toContain(
      '{{operator:intermediary}}',
    );
  });

  it('says the example entry is an example wherever it is shown: footer, long form, identity block', () => {
    expect(EXAMPLE_OPERATOR.creditIntermediaryEntry).toBe('RPK000000');
    expect(intermediaryFooterText(EXAMPLE_OPERATOR)).toContain(`wpis nr RPK000000 – ${EXAMPLE_ENTRY_MARK}`);
    expect(text(fillOperatorMarkers('<p>{{operator:intermediary}}</p>', EXAMPLE_OPERATOR).html)).toContain(
      `pod numerem RPK000000 – ${EXAMPLE_ENTRY_MARK}.`,
    );
    expect(operatorFacts(EXAMPLE_OPERATOR)).toContainEqual({
      label: 'Rejestr pośredników kredytowych KNF',
      value: `wpis nr RPK000000 – ${EXAMPLE_ENTRY_MARK}`,
    });
    expect(intermediaryFooterText(CONFIGURED)).toContain('wpis nr RPK012345)');
  });
});

describe('the fraud warning', () => {
  it('says what we never ask for and how we do get in touch, never that we do not call', () => {
    const warning = fraudWarningText(CONFIGURED);
    expect(warning).toContain(
      'Nigdy nie prosimy o hasła do bankowości, kody z SMS-ów, dane karty płatniczej ani o wpłaty i nie każemy instalować aplikacji do zdalnego dostępu.',
    );
    expect(warning).toContain('E-maile wysyłamy tylko z adresów w domenie porownywarka-testowa.pl');
    expect(warning).toContain(
      'dzwonimy wyłącznie do osób, które we wniosku zgodziły się na kontakt telefoniczny – z numeru +48 12 345 67 89.',
    );
    expect(warning).not.toMatch(/nigdy nie (dzwoni|telefonuj)|nie dzwonimy/i);
    // Without an operator (a render outside a served page) it names no domain or number.
    expect(fraudWarningText(undefined)).toContain('z adresów w naszej domenie');
    expect(fraudWarningText(undefined)).not.toMatch(/\+48|@/);
  });
});
