/**
 * The cookie notice, accepted with a single click, drawn by the
 * tracker only while the browser holds no answer, so every page's HTML stays the same for everyone.
 * Its own chunk: the first load does not carry it. 'Akceptuję' allows the cookies that wait for
 * consent (client id, traffic source: /polityka-cookies/), 'Tylko niezbędne' keeps the strictly
 * necessary ones. The choice is kept in the cookie_consent cookie (12 months) and reported as an
 * event; the answer of that event sets (or deletes) the cookies it allows.
 */
import { EVENT } from '@lib/tracking/catalogue';
import { type ConsentChoice, consentCookie } from '../../shared/consent';
import { type Tracker } from './tracked-event';

const TEXT =
  'Używamy plików cookie niezbędnych do działania serwisu. Za Twoją zgodą zapiszemy też identyfikator przeglądarki ' +
  'i źródło wizyty, żeby liczyć statystyki odwiedzin i rozliczać się z partnerami. Szczegóły znajdziesz w ';

export function showConsentNotice(tracker: Pick<Tracker, 'track' | 'flush'>): void {
  if (document.querySelector('.consent-notice')) return;
  const notice = document.createElement('section');
  notice.className = 'consent-notice';
  notice.setAttribute('aria-label', 'Zgoda na pliki cookie');
  const text = document.createElement('p');
  const link = document.createElement('a');
  link.href = '/polityka-cookies/';
  link.textContent = 'polityce cookies';
  text.append(TEXT, link, '.');
  const actions = document.createElement('div');
  actions.className = 'consent-notice__actions';
  const button = (label: string, choice: ConsentChoice, modifier: string) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = `button button--small${modifier}`;
    element.textContent = label;
    element.addEventListener('click', () => {
      document.cookie = consentCookie(choice, location.protocol === 'https:');
      notice.remove();
      document.body.style.paddingBottom = '';
      tracker.track({
        event_id: EVENT.consentChoice,
        sub4: 'cookies',
        sub5: choice === 'granted' ? 'accepted' : 'declined',
      });
      tracker.flush();
    });
    return element;
  };
  actions.append(button('Akceptuję', 'granted', ''), button('Tylko niezbędne', 'denied', ' button--outline'));
  notice.append(text, actions);
  document.body.append(notice);
  // Room below the page's end, so its last lines and links can be scrolled out from under the notice.
  document.body.style.paddingBottom = `${notice.offsetHeight + 32}px`;
}
