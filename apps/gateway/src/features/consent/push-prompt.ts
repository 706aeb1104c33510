/**
 * The push-notification prompt: agree or decline, remembered in the browser
 * (push-consent.ts). Drawn by the tracker once the cookie notice has been answered (never both at
 * once), so cached pages stay shared. 'Tak' asks the browser for its notification permission;
 * 'Nie, dziękuję' (or a refusal in the browser's dialog) keeps the prompt away for 30 days. Each
 * answer is a consent choice event (id 80, sub4 'push').
 */
import { EVENT } from '@lib/tracking/catalogue';
import {
  type BrowserPermission,
  type PushChoice,
  PUSH_CONSENT_KEY,
  readPushConsent,
  shouldAskForPush,
  writePushConsent,
} from './push-consent';

interface ConsentTracker {
  track(event: { event_id: number; sub4?: string; sub5?: string }): void;
  flush(): void;
}

const TEXT =
  'Chcesz dostawać powiadomienia o nowych ofertach pożyczek i ważnych zmianach kursów walut? Możesz je wyłączyć w każdej chwili w ustawieniach przeglądarki.';

function browserPermission(): BrowserPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function stored(): string | null {
  try {
    return localStorage.getItem(PUSH_CONSENT_KEY);
  } catch {
    return null;
  }
}

function remember(choice: PushChoice): void {
  try {
    localStorage.setItem(PUSH_CONSENT_KEY, writePushConsent(choice, Date.now()));
  } catch {
    // Storage blocked: the prompt may come back on the next page; nothing else breaks.
  }
}

/** Shows the prompt when it is due (push-consent.ts decides); does nothing otherwise. */
export function showPushPromptIfDue(tracker: ConsentTracker): void {
  if (document.querySelector('.push-prompt')) return;
  const due = shouldAskForPush(readPushConsent(stored()), browserPermission(), Date.now());
  // What was decided, on the root element (for end-to-end tests and monitoring): 'shown' or 'not-due'.
  document.documentElement.dataset['pushPrompt'] = due ? 'shown' : 'not-due';
  if (!due) return;
  const prompt = document.createElement('section');
  prompt.className = 'push-prompt';
  prompt.setAttribute('aria-label', 'Powiadomienia');
  const text = document.createElement('p');
  text.textContent = TEXT;
  const actions = document.createElement('div');
  actions.className = 'push-prompt__actions';
  const answer = (choice: PushChoice) => {
    remember(choice);
    prompt.remove();
    tracker.track({
      event_id: EVENT.consentChoice,
      sub4: 'push',
      sub5: choice === 'granted' ? 'accepted' : 'declined',
    });
    tracker.flush();
  };
  const button = (label: string, modifier: string, onClick: () => void) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = `button button--small${modifier}`;
    element.textContent = label;
    element.addEventListener('click', onClick);
    return element;
  };
  actions.append(
    button('Tak, powiadamiaj mnie', '', () => {
      // The browser's own dialog has the last word: a refusal there is a decline here.
      Notification.requestPermission()
        .then((permission) => answer(permission === 'granted' ? 'granted' : 'denied'))
        .catch(() => answer('denied'));
    }),
    button('Nie, dziękuję', ' button--outline', () => answer('denied')),
  );
  prompt.append(text, actions);
  document.body.append(prompt);
}
