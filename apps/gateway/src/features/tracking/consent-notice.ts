/**
 * The cookie notice's behaviour. The notice itself is in every page's HTML, shown from the first
 * paint while the browser holds no answer (shared/consent-notice.ts); this script takes its
 * choice without leaving the page and opens it again from the footer's "Ustawienia cookies".
 * 'Akceptuję' allows the cookies that wait for consent (client id, traffic source, A/B variant:
 * /polityka-cookies/), 'Tylko niezbędne' keeps the strictly necessary ones only and takes back
 * what an earlier 'Akceptuję' allowed.
 *
 * The choice is posted to /ustawienia-cookies/, where the notice's own form posts before this
 * script runs (and the settings page's form without JavaScript): its answer sets cookie_consent
 * (12 months) and deletes the cookies the choice no longer allows, the HttpOnly ones included.
 * Then the choice is reported as an event (80), which goes out under the new answer. When the post
 * cannot be made (offline), the choice is kept in the browser's cookie alone, and the next answer
 * of POST /api/event deletes what it no longer allows.
 */
import { EVENT } from '@lib/tracking/catalogue';
import {
  CONSENT_FIELD,
  CONSENT_VALUES,
  COOKIE_SETTINGS_PATH,
  type ConsentChoice,
  choiceOf,
  consentCookie,
  readConsent,
} from '../../shared/consent';
import {
  CONSENT_NOTICE_ATTRIBUTE,
  CONSENT_NOTICE_OPEN_CLASS,
  CONSENT_NOTICE_TEXTS,
  CONSENT_UNSET_CLASS,
} from '../../shared/consent-notice';
import { type Tracker } from './tracked-event';

/** What "Ustawienia cookies" adds to the notice (the current answer, a close button); gone on close. */
const AGAIN_ATTRIBUTE = 'data-consent-again';

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

const findNotice = () => document.querySelector<HTMLElement>(`[${CONSENT_NOTICE_ATTRIBUTE}]`);

/** Room below the page's end, so its last lines and links can be scrolled out from under the notice. */
function makeRoom(notice: HTMLElement): void {
  document.body.style.paddingBottom = `${notice.offsetHeight + 32}px`;
}

function removeAgainParts(notice: HTMLElement): void {
  for (const added of notice.querySelectorAll(`[${AGAIN_ATTRIBUTE}]`)) added.remove();
}

function hide(notice: HTMLElement): void {
  document.documentElement.classList.remove(CONSENT_UNSET_CLASS);
  notice.classList.remove(CONSENT_NOTICE_OPEN_CLASS);
  removeAgainParts(notice);
  document.body.style.paddingBottom = '';
}

export interface ConsentNotice {
  /** Opens the notice again, saying what was chosen; false when this page carries no notice. */
  reopen(): boolean;
}

/**
 * Takes over the page's notice: a choice is posted in the background and reported to `tracker`.
 * Listens in the capture phase, so the form's post is neither sent nor counted as a form submission.
 */
export function takeOverConsentNotice(tracker: Pick<Tracker, 'track' | 'flush'>): ConsentNotice {
  document.addEventListener(
    'submit',
    (event) => {
      const notice =
        event.target instanceof HTMLFormElement
          ? event.target.closest<HTMLElement>(`[${CONSENT_NOTICE_ATTRIBUTE}]`)
          : null;
      const submitter = event.submitter;
      const choice = submitter instanceof HTMLButtonElement ? choiceOf(submitter.value) : undefined;
      // A browser that does not say which button was pressed posts the form itself.
      if (!notice || !choice) return;
      event.preventDefault();
      event.stopPropagation();
      hide(notice);
      void postChoice(choice).then((taken) => {
        if (!taken) document.cookie = consentCookie(choice, location.protocol === 'https:');
        tracker.track({
          event_id: EVENT.consentChoice,
          sub4: 'cookies',
          sub5: choice === 'granted' ? 'accepted' : 'declined',
        });
        tracker.flush();
      });
    },
    true,
  );
  const shown = findNotice();
  if (shown && document.documentElement.classList.contains(CONSENT_UNSET_CLASS)) makeRoom(shown);
  // A page restored from the back/forward cache shows what it showed when left; the answer may have
  // been given since, on another page.
  addEventListener('pageshow', (event) => {
    const notice = findNotice();
    if (event.persisted && notice && readConsent(document.cookie) !== 'unset') hide(notice);
  });

  return {
    reopen() {
      const notice = findNotice();
      const actions = notice?.querySelector('form');
      if (!notice || !actions) return false;
      removeAgainParts(notice);
      const current = readConsent(document.cookie);
      if (current !== 'unset') {
        const state = document.createElement('p');
        state.setAttribute(AGAIN_ATTRIBUTE, '');
        state.dataset['consentCurrent'] = current;
        state.textContent = CONSENT_NOTICE_TEXTS[current];
        actions.before(state);
      }
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'button button--small button--outline';
      close.setAttribute(AGAIN_ATTRIBUTE, '');
      close.textContent = CONSENT_NOTICE_TEXTS.close;
      close.addEventListener('click', () => hide(notice));
      actions.append(close);
      notice.classList.add(CONSENT_NOTICE_OPEN_CLASS);
      makeRoom(notice);
      // Opened on request: the visitor's focus goes to the choice.
      actions.querySelector('button')?.focus();
      return true;
    },
  };
}
