import { type ConsentChoice } from '../../shared/consent';

/** The cookie settings page: the choice, or after a choice sent without JavaScript what was saved. */
export interface CookieSettingsPageData {
  saved: ConsentChoice | null;
}
