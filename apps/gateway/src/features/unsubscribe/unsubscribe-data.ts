import { type LinkSent } from './unsubscribe-form';

/**
 * The link request page: the form, the confirmation that the link went out (`?wyslano=email|sms`,
 * the same whether or not the address is known), or the form with the notice that no SMS can be
 * sent now (`?sms=niedostepny`).
 */
export interface UnsubscribePageData {
  sent: LinkSent | null;
  smsUnavailable: boolean;
}
