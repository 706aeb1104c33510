import { type ConsentKey } from '@lib/pl-validation';
import { type ConsentAnswer } from '../domain/application-journey';
import { type ApplicationConsentEntity } from '../persistence/application.entity';

/** The aad scope an application's personal fields are sealed under. */
export const sealScope = (applicationId: string) => `applications/${applicationId}`;

/** The last answer per consent key (answers come oldest first). */
export function consentsInForce(
  answers: readonly ApplicationConsentEntity[],
): Partial<Record<ConsentKey, ConsentAnswer>> {
  const out: Partial<Record<ConsentKey, ConsentAnswer>> = {};
  for (const answer of answers)
    out[answer.consentKey as ConsentKey] = { given: answer.granted, textVersion: answer.textVersion };
  return out;
}

/** Whether the consent `key` is in force (its last answer was 'given'). */
export function consentGiven(answers: readonly ApplicationConsentEntity[], key: ConsentKey): boolean {
  return consentsInForce(answers)[key]?.given === true;
}
