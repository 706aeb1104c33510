/**
 * The cookie notice, drawn by the tracker while the browser holds no answer, and again when the
 * visitor opens the footer's "Ustawienia cookies", so every page's HTML stays the same for
 * everyone. Its own chunk: the first load does not carry it. 'Akceptuję' allows the cookies that
 * wait for consent (client id, traffic source, A/B variant: /polityka-cookies/), 'Tylko niezbędne'
 * keeps the strictly necessary ones only and takes back what an earlier 'Akceptuję' allowed.
 *
 * The choice is posted to /ustawienia-cookies/, where the settings page's form posts without
 * JavaScript: its answer sets cookie_consent (12 months) and deletes the cookies the choice no
 * longer allows, the HttpOnly ones included. Then the choice is reported as an event (80), which
 * goes out under the new answer. When the post cannot be made (offline), the choice is kept in
 * the browser's cookie alone, and the next answer of POST /api/event deletes what it no longer
 * allows.
 */
import { EVENT } from '@lib/tracking/catalogue';
import {
  CONSENT_FIELD,
  CONSENT_VALUES,
  COOKIE_SETTINGS_PATH,
  type ConsentChoice,
  consentCookie,
  readConsent,
} from '../../shared/consent';
import { type Tracker } from './tracked-event';

const TEXTS = {
  notice:
    'Używamy plików cookie niezbędnych do działania serwisu. Za Twoją zgodą zapiszemy też identyfikator przeglądarki, ' +
    'źródło wizyty i wersję strony w teście porównawczym, żeby liczyć statystyki odwiedzin, rozliczać się z partnerami ' +
    'i sprawdzać, która wersja strony lepiej się sprawdza. Decyzję zmienisz w każdej chwili w „Ustawieniach cookies” ' +
    'na dole strony. Szczegóły znajdziesz w ',
  policyLink: 'polityce cookies',
  granted: 'Obecnie zgadzasz się na wszystkie pliki cookie opisane w polityce.',
  denied: 'Obecnie zapisujemy tylko pliki niezbędne.',
  accept: 'Akceptuję',
  necessaryOnly: 'Tylko niezbędne',
  close: 'Zamknij',
} as const;

/** Posts the choice; false when it could not be posted or was not taken. */
async function postChoice(choice: ConsentChoice): Promise<boolean> {
  try {
    const response = await fetch(COOKIE_SETTINGS_PATH, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      credentials: 'same-origin',
      body: `${CONSENT_FIELD}=${CONSENT_VALUES[choice]}`,
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Shows the notice (once at a time). `again`: opened from "Ustawienia cookies", so it says what the
 * visitor chose before and can be closed without a new choice.
 */
export function showConsentNotice(tracker: Pick<Tracker, 'track' | 'flush'>, again = false): void {
  if (document.querySelector('.consent-notice')) return;
  const notice = document.createElement('section');
  notice.className = 'consent-notice';
  notice.setAttribute('aria-label', 'Zgoda na pliki cookie');
  const text = document.createElement('p');
  const link = document.createElement('a');
  link.href = '/polityka-cookies/';
  link.textContent = TEXTS.policyLink;
  text.append(TEXTS.notice, link, '.');
  notice.append(text);
  const current = readConsent(document.cookie);
  if (again && current !== 'unset') {
    const state = document.createElement('p');
    state.dataset['consentCurrent'] = current;
    state.textContent = TEXTS[current];
    notice.append(state);
  }
  const actions = document.createElement('div');
  actions.className = 'consent-notice__actions';
  const close = () => {
    notice.remove();
    document.body.style.paddingBottom = '';
  };
  const button = (label: string, modifier: string, onClick: () => void) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = `button button--small${modifier}`;
    element.textContent = label;
    element.addEventListener('click', onClick);
    return element;
  };
  const choose = (choice: ConsentChoice) => () => {
    close();
    void postChoice(choice).then((taken) => {
      if (!taken) document.cookie = consentCookie(choice, location.protocol === 'https:');
      tracker.track({
        event_id: EVENT.consentChoice,
        sub4: 'cookies',
        sub5: choice === 'granted' ? 'accepted' : 'declined',
      });
      tracker.flush();
    });
  };
  actions.append(
    button(TEXTS.accept, '', choose('granted')),
    button(TEXTS.necessaryOnly, ' button--outline', choose('denied')),
  );
  if (again) actions.append(button(TEXTS.close, ' button--outline', close));
  notice.append(actions);
  document.body.append(notice);
  // Room below the page's end, so its last lines and links can be scrolled out from under the notice.
  document.body.style.paddingBottom = `${notice.offsetHeight + 32}px`;
  // Opened on request: the visitor's focus goes to the choice.
  if (again) actions.querySelector('button')?.focus();
}
