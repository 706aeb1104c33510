/**
 * The A/B flows of a page that runs experiments (the home page marks it with
 * islandMarker('experiments') and lists its experiment ids in data-experiments): mirrors the
 * gateway's variant cookies into local storage and back (experiment-mirror.ts). Storage that is
 * not available (private mode, blocked) leaves the cookie as the only home; nothing breaks.
 */
import { mirrorExperiments } from './experiment-mirror';

export function mount(element: HTMLElement): void {
  const ids = (element.dataset['experiments'] ?? '').split(',').filter((id) => id !== '');
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return;
  }
  try {
    for (const cookie of mirrorExperiments(document.cookie, storage, ids, location.protocol === 'https:'))
      document.cookie = cookie;
  } catch {
    // A full or refused storage: the cookie still holds the variant.
  }
}
