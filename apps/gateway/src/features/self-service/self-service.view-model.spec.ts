import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, leadsV1, richStatusMetadata } from '@lib/contracts';
import { CONSENTS } from '@lib/pl-validation';
import {
  LINK_REFUSAL_TEXTS,
  changeHref,
  changeOf,
  changeText,
  consentStateText,
  erasedRecordsText,
  erasureHref,
  erasureStateText,
} from './self-service-texts';
import {
  MARKETING_TYPES,
  consentTypesOfChoice,
  erasureState,
  exportFileName,
  isSessionOver,
  linkRefusalOf,
  overviewView,
} from './self-service.view-model';

const { ConsentType } = leadsV1;

const failed = (code: GrpcStatus, reason?: string) =>
  new GrpcCallError({
    code,
    details: 'refused',
    method: 'leads.v1.LeadsService/OpenSelfService',
    ...(reason
      ? {
          metadata: richStatusMetadata({
            code,
            message: 'refused',
            errorInfo: { reason, domain: 'leads.v1' },
          }),
        }
      : {}),
  });

const overview = (consents: leadsV1.ConsentInForce[]): leadsV1.SelfServiceOverview => ({
  maskedAddress: 'a***@example.pl',
  applications: 2,
  contactMessages: 1,
  consents,
  marketingStopped: false,
  pendingDeliveries: 1,
  sessionExpiresAt: '2026-11-28T12:30:00Z',
});

describe('the self-service link and session answers', () => {
  it('tells a used, an expired and an unknown link apart by the service’s reason', () => {
    expect(linkRefusalOf(failed(GrpcStatus.FAILED_PRECONDITION, 'LINK_USED'))).toBe('used');
    expect(linkRefusalOf(failed(GrpcStatus.FAILED_PRECONDITION, 'LINK_EXPIRED'))).toBe('expired');
    expect(linkRefusalOf(failed(GrpcStatus.FAILED_PRECONDITION, 'SOMETHING_ELSE'))).toBe('unusable');
    expect(linkRefusalOf(failed(GrpcStatus.FAILED_PRECONDITION))).toBe('unusable');
    expect(linkRefusalOf(failed(GrpcStatus.NOT_FOUND))).toBe('invalid');
    expect(linkRefusalOf(failed(GrpcStatus.INVALID_ARGUMENT))).toBe('invalid');
    // An outage says nothing about the link.
    expect(linkRefusalOf(failed(GrpcStatus.UNAVAILABLE))).toBeUndefined();
    expect(linkRefusalOf(new Error('boom'))).toBeUndefined();
  });

  it('words each refusal in Polish with the way to a new link', () => {
    expect(LINK_REFUSAL_TEXTS.used).toMatch(/^Ten link został już użyty/);
    expect(LINK_REFUSAL_TEXTS.expired).toMatch(/^Ten link wygasł/);
    expect(LINK_REFUSAL_TEXTS.invalid).toMatch(/^Ten link jest nieprawidłowy/);
    for (const text of Object.values(LINK_REFUSAL_TEXTS)) expect(text).toMatch(/poproś o nowy/i);
  });

  it('ends the session on UNAUTHENTICATED (and PERMISSION_DENIED) only', () => {
    expect(isSessionOver(failed(GrpcStatus.UNAUTHENTICATED))).toBe(true);
    expect(isSessionOver(failed(GrpcStatus.PERMISSION_DENIED))).toBe(true);
    expect(isSessionOver(failed(GrpcStatus.UNAVAILABLE))).toBe(false);
    expect(isSessionOver(new Error('boom'))).toBe(false);
  });
});

describe('the overview', () => {
  it('lists each known consent once, in the form’s order, with its wording and state', () => {
    const view = overviewView(
      overview([
        { type: ConsentType.MARKETING_SMS, granted: false, answeredAt: '' },
        { type: ConsentType.MARKETING_EMAIL, granted: true, answeredAt: '2026-11-20T10:00:00Z' },
        { type: ConsentType.TERMS, granted: true, answeredAt: '2026-11-20T10:00:00Z' },
        { type: ConsentType.DELIVERY, granted: false, answeredAt: '2026-11-21T09:00:00Z' },
        { type: ConsentType.UNSPECIFIED, granted: true, answeredAt: '' },
        { type: ConsentType.TERMS, granted: false, answeredAt: '' },
      ]),
    );
    expect(view.consents.map((row) => [row.key, row.state, row.marketing])).toEqual([
      ['terms', 'granted', false],
      ['delivery', 'answered', false],
      ['marketingEmail', 'granted', true],
      ['marketingSms', 'never', true],
    ]);
    expect(view.consents[0]?.text).toBe(CONSENTS.find((consent) => consent.key === 'terms')?.text);
    expect(view).toMatchObject({
      maskedAddress: 'a***@example.pl',
      applications: 2,
      contactMessages: 1,
      pendingDeliveries: 1,
      marketingStopped: false,
    });
  });

  it('labels the consents of older applications too', () => {
    const view = overviewView(
      overview([
        { type: ConsentType.DATA_SHARING, granted: true, answeredAt: '2025-01-01T00:00:00Z' },
        { type: ConsentType.DATA_PROCESSING, granted: true, answeredAt: '2025-01-01T00:00:00Z' },
      ]),
    );
    expect(view.consents.map((row) => row.key)).toEqual(['dataProcessing', 'dataSharing']);
    expect(view.consents.every((row) => row.label.includes('wcześniejsza wersja zgody'))).toBe(true);
  });

  it('withdraws each consent of the form by its key, and the three marketing ones at once', () => {
    for (const consent of CONSENTS) expect(consentTypesOfChoice(consent.key)).toHaveLength(1);
    expect(consentTypesOfChoice('matching')).toEqual([ConsentType.MATCHING]);
    expect(consentTypesOfChoice('delivery')).toEqual([ConsentType.DELIVERY]);
    expect(consentTypesOfChoice('marketing')).toEqual([
      ConsentType.MARKETING_EMAIL,
      ConsentType.MARKETING_SMS,
      ConsentType.MARKETING_PHONE,
    ]);
    expect(MARKETING_TYPES).toHaveLength(3);
    for (const bad of ['', 'privacy', 'MARKETING', '__proto__', 'toString'])
      expect(consentTypesOfChoice(bad)).toBeNull();
  });

  it('says what a consent’s state is and what a withdrawal changed', () => {
    expect(consentStateText('granted', '20.11.2026')).toBe('Wyrażona (20.11.2026)');
    expect(consentStateText('answered', '21.11.2026')).toBe('Niewyrażona lub wycofana (21.11.2026)');
    expect(consentStateText('never', '')).toBe('Nie wyrażono');
    expect(changeOf('zgoda')).toBe('zgoda');
    expect(changeOf('marketing')).toBe('marketing');
    expect(changeOf('x')).toBeNull();
    expect(changeHref('marketing')).toBe('/moje-dane/?zmiana=marketing');
    expect(changeText('marketing')).toContain('wszystkich wiadomości marketingowych');
    expect(changeText('zgoda')).toMatch(/^Zgoda została wycofana/);
  });
});

describe('the erasure and the export', () => {
  it('maps the request’s status and says what was erased', () => {
    expect(erasureState(leadsV1.RequestStatus.COMPLETED)).toBe('completed');
    expect(erasureState(leadsV1.RequestStatus.REJECTED)).toBe('rejected');
    expect(erasureState(leadsV1.RequestStatus.IN_PROGRESS)).toBe('pending');
    expect(erasureState(leadsV1.RequestStatus.RECEIVED)).toBe('pending');
    expect(erasureStateText('completed')).toMatch(/^Gotowe: usunęliśmy Twoje dane osobowe/);
    expect(erasedRecordsText(3, 'completed')).toBe(
      'Usunięte wpisy: 3 (wnioski, wiadomości z formularzy i zgłoszenia).',
    );
    expect(erasedRecordsText(1, 'pending')).toMatch(/^Usunięte dotąd wpisy: 1/);
    expect(erasureHref('0f0e0d0c-0b0a-4909-8807-060504030201')).toBe(
      '/moje-dane/?wniosek=0f0e0d0c-0b0a-4909-8807-060504030201',
    );
  });

  it('names the file as the service does when that is safe in a header, else by today', () => {
    expect(exportFileName('moje-dane-2026-11-28.json', '2026-11-28')).toBe('moje-dane-2026-11-28.json');
    for (const bad of ['', 'a"b.json', '../x.json', 'dane.txt', 'moje dane.json', 'ż.json'])
      expect(exportFileName(bad, '2026-11-28')).toBe('moje-dane-2026-11-28.json');
  });
});

describe('the route', () => {
  it('is personal: noindex and in no sitemap', async () => {
    const { selfServiceRoute } = await import('./self-service.route');
    expect(selfServiceRoute.pattern).toBe('/moje-dane/');
    expect(selfServiceRoute.sitemap).toBeUndefined();
  });
});
