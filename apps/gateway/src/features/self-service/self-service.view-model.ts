import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, leadsV1 } from '@lib/contracts';
import { CONSENTS, type ConsentKey } from '@lib/pl-validation';
import { type ConsentRowView, type OverviewView } from './self-service-data';
import { type ErasureState, type LinkRefusal, MARKETING_CHOICE } from './self-service-texts';

const { ConsentType } = leadsV1;

/** Every consent type the overview may list: its form value and label, in the order the page shows them. */
const CONSENT_ROWS: readonly {
  type: leadsV1.ConsentType;
  key: ConsentKey | 'dataProcessing' | 'dataSharing';
  label: string;
}[] = [
  { type: ConsentType.TERMS, key: 'terms', label: 'Akceptacja regulaminu serwisu' },
  { type: ConsentType.MATCHING, key: 'matching', label: 'Dopasowanie ofert pożyczkodawców do wniosku' },
  { type: ConsentType.DELIVERY, key: 'delivery', label: 'Przekazanie wniosku pożyczkodawcom' },
  {
    type: ConsentType.CREDIT_BUREAU,
    key: 'creditBureau',
    label: 'Sprawdzenie historii kredytowej w biurach informacji kredytowej i gospodarczej',
  },
  { type: ConsentType.MARKETING_EMAIL, key: 'marketingEmail', label: 'Oferty pożyczek e-mailem' },
  { type: ConsentType.MARKETING_SMS, key: 'marketingSms', label: 'Oferty pożyczek SMS-em' },
  { type: ConsentType.MARKETING_PHONE, key: 'marketingPhone', label: 'Kontakt telefoniczny w sprawie ofert' },
  // Consents of applications sent before the form asked for matching and delivery separately.
  {
    type: ConsentType.DATA_PROCESSING,
    key: 'dataProcessing',
    label: 'Przetwarzanie danych w celu obsługi wniosku (wcześniejsza wersja zgody)',
  },
  {
    type: ConsentType.DATA_SHARING,
    key: 'dataSharing',
    label: 'Przekazanie danych pożyczkodawcom (wcześniejsza wersja zgody)',
  },
];

/** The three marketing consents: „Wypisz mnie ze wszystkich wiadomości marketingowych” withdraws them at once. */
export const MARKETING_TYPES: readonly leadsV1.ConsentType[] = [
  ConsentType.MARKETING_EMAIL,
  ConsentType.MARKETING_SMS,
  ConsentType.MARKETING_PHONE,
];

/** The consent types a withdrawal form's value names; null for anything else. */
export function consentTypesOfChoice(choice: string): leadsV1.ConsentType[] | null {
  if (choice === MARKETING_CHOICE) return [...MARKETING_TYPES];
  const row = CONSENT_ROWS.find((candidate) => candidate.key === choice);
  return row ? [row.type] : null;
}

const wordingOf = (key: string): string => CONSENTS.find((consent) => consent.key === key)?.text ?? '';

/** One consent of the overview as a row; null for a type the page does not know (UNSPECIFIED, a newer one). */
export function consentRow(consent: leadsV1.ConsentInForce): ConsentRowView | null {
  const row = CONSENT_ROWS.find((candidate) => candidate.type === consent.type);
  if (!row) return null;
  return {
    key: row.key,
    label: row.label,
    text: wordingOf(row.key),
    state: consent.granted ? 'granted' : consent.answeredAt ? 'answered' : 'never',
    answeredAt: consent.answeredAt,
    marketing: MARKETING_TYPES.includes(row.type),
  };
}

/** GetSelfServiceOverview as the page shows it: the consents in the page's order, each once. */
export function overviewView(overview: leadsV1.SelfServiceOverview): OverviewView {
  const order = (key: string) => CONSENT_ROWS.findIndex((row) => row.key === key);
  const rows = new Map<string, ConsentRowView>();
  for (const consent of overview.consents) {
    const row = consentRow(consent);
    if (row && !rows.has(row.key)) rows.set(row.key, row);
  }
  return {
    maskedAddress: overview.maskedAddress,
    applications: overview.applications,
    contactMessages: overview.contactMessages,
    pendingDeliveries: overview.pendingDeliveries,
    marketingStopped: overview.marketingStopped,
    sessionExpiresAt: overview.sessionExpiresAt,
    consents: [...rows.values()].sort((a, b) => order(a.key) - order(b.key)),
  };
}

/**
 * Why OpenSelfService refused a link: FAILED_PRECONDITION with the reason LINK_USED or
 * LINK_EXPIRED (another reason: unusable), NOT_FOUND (or a token the service finds malformed):
 * invalid. Undefined for anything else (an outage: the link may still be good).
 */
export function linkRefusalOf(error: unknown): LinkRefusal | undefined {
  if (GrpcCallError.hasCode(error, GrpcStatus.FAILED_PRECONDITION)) {
    const reason = error.errorInfo?.reason;
    return reason === 'LINK_USED' ? 'used' : reason === 'LINK_EXPIRED' ? 'expired' : 'unusable';
  }
  if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT)) return 'invalid';
  return undefined;
}

/** The session named by the cookie is unknown or over (the person asks for a new link). */
export const isSessionOver = (error: unknown): boolean =>
  GrpcCallError.hasCode(error, GrpcStatus.UNAUTHENTICATED, GrpcStatus.PERMISSION_DENIED);

/** An erasure request's state as the page shows it. */
export function erasureState(status: leadsV1.RequestStatus): ErasureState {
  if (status === leadsV1.RequestStatus.COMPLETED) return 'completed';
  if (status === leadsV1.RequestStatus.REJECTED) return 'rejected';
  return 'pending';
}

/** A file name safe in a Content-Disposition header: the service's when it is plain, else a dated default. */
export function exportFileName(fileName: string, today: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.json$/.test(fileName) ? fileName : `moje-dane-${today}.json`;
}
