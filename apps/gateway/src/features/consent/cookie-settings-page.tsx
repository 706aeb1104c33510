import { COOKIE_SETTINGS_PATH, CONSENT_FIELD, CONSENT_VALUES } from '../../shared/consent';
import { type CookieSettingsPageData } from './cookie-settings-data';
import { COOKIE_SETTINGS_TEXTS } from './cookie-settings-texts';

/** '/ustawienia-cookies/': the two choices as submit buttons of one form, and what was saved after a post. */
export default function CookieSettingsPage({ data }: { data: CookieSettingsPageData }) {
  return (
    <section className="container cookie-settings">
      <h1>{COOKIE_SETTINGS_TEXTS.title}</h1>
      {data.saved && (
        <p className="notice notice--info" role="status" data-consent-saved={data.saved}>
          {data.saved === 'granted' ? COOKIE_SETTINGS_TEXTS.savedGranted : COOKIE_SETTINGS_TEXTS.savedDenied}
        </p>
      )}
      <p>{COOKIE_SETTINGS_TEXTS.intro}</p>
      <p>{COOKIE_SETTINGS_TEXTS.consent}</p>
      <form method="post" action={COOKIE_SETTINGS_PATH} id="ustawienia" data-track-form="cookie-settings">
        <div className="cookie-settings__choices">
          <button className="button" type="submit" name={CONSENT_FIELD} value={CONSENT_VALUES.granted}>
            {COOKIE_SETTINGS_TEXTS.accept}
          </button>
          <button
            className="button button--outline"
            type="submit"
            name={CONSENT_FIELD}
            value={CONSENT_VALUES.denied}
          >
            {COOKIE_SETTINGS_TEXTS.necessaryOnly}
          </button>
        </div>
      </form>
      <p>
        Jakie pliki zapisujemy, do czego służą i jak długo je przechowujemy, opisuje{' '}
        <a href="/polityka-cookies/">polityka cookies</a>.
      </p>
    </section>
  );
}
