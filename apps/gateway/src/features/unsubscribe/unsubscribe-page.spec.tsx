import { renderToStaticMarkup } from 'react-dom/server';
import { FALLBACK_NAVIGATION } from '../../app/layouts/fallback-navigation';
import { type FormState } from '../../app/form-state';
import { RenderContextProvider } from '../../app/render-context';
import { createPolishLocale } from '../../shared/locale';
import { type UnsubscribePageData } from './unsubscribe-data';
import { UNSUBSCRIBE_TEXTS } from './unsubscribe-form';
import UnsubscribePage from './unsubscribe-page';

function page(data: UnsubscribePageData, formState?: FormState): string {
  return renderToStaticMarkup(
    <RenderContextProvider
      value={{
        locale: createPolishLocale('http://localhost:3000'),
        buildId: 'test',
        today: '2026-11-28',
        navigation: FALLBACK_NAVIGATION,
        ...(formState ? { formState } : {}),
      }}
    >
      <UnsubscribePage data={data} />
    </RenderContextProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the /unsubscribe/ page', () => {
  it('asks for one address, explains what the link allows, and has no erasure checkbox', () => {
    const html = page({ sent: null, smsUnavailable: false }, { values: { csrf_token: 'token' } });
    expect(html).toContain('name="adres"');
    expect(html).not.toContain('type="checkbox"');
    expect(html).toContain('value="token"');
    const shown = text(html);
    expect(shown).toContain('Adres e-mail lub numer telefonu');
    expect(shown).toContain('samo wysłanie tego formularza niczego nie zmienia');
    expect(shown).toContain('wycofać każdą zgodę osobno');
    expect(shown).toContain('pobrać swoje dane w pliku JSON');
    expect(shown).not.toContain(UNSUBSCRIBE_TEXTS.smsUnavailable);
  });

  it('confirms a request the same way for a known and an unknown address, by channel', () => {
    const email = text(page({ sent: 'email', smsUnavailable: false }));
    expect(email).toContain(UNSUBSCRIBE_TEXTS.sentEmail);
    expect(email).not.toContain('name="adres"');
    expect(text(page({ sent: 'sms', smsUnavailable: false }))).toContain(UNSUBSCRIBE_TEXTS.sentSms);
  });

  it('asks for the e-mail (or the contact form) when no SMS can be sent, with the form right there', () => {
    const html = page({ sent: null, smsUnavailable: true }, { values: { csrf_token: 'token' } });
    expect(text(html)).toContain(UNSUBSCRIBE_TEXTS.smsUnavailable);
    expect(html).toContain('href="/kontakt/"');
    expect(html).toContain('name="adres"');
  });
});
