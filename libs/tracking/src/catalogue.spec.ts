import {
  checkEventFields,
  EVENT,
  EVENT_CATALOGUE,
  eventDefinition,
  isKnownEventId,
  NON_VISIT_EVENT_IDS,
  SERVER_ONLY_EVENT_IDS,
} from './catalogue';

describe('the event catalogue', () => {
  it('has one definition per id, in id order, named as in EVENT', () => {
    const ids = EVENT_CATALOGUE.map((d) => d.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    for (const definition of EVENT_CATALOGUE) expect(EVENT[definition.name]).toBe(definition.id);
    expect(Object.keys(EVENT)).toHaveLength(EVENT_CATALOGUE.length);
  });

  it("keeps the spec's ids: page view 5 with sub4 'pageView', restored page 27 with sub1 'pageLoadFromCache'", () => {
    expect(eventDefinition(5)?.fixed).toEqual({ sub4: 'pageView' });
    expect(eventDefinition(27)?.fixed).toEqual({ sub1: 'pageLoadFromCache' });
    expect(isKnownEventId(5)).toBe(true);
    expect(isKnownEventId(6)).toBe(false);
  });
});

describe('checkEventFields', () => {
  it.each([
    [EVENT.pageView, { sub4: 'pageView' }],
    [EVENT.pageLoadFromCache, { sub1: 'pageLoadFromCache' }],
    [EVENT.fieldFocus, { sub4: 'contact', sub5: 'email', sub8: '0' }],
    [EVENT.fieldInvalid, { sub8: '12', sub6: 'valueMissing' }],
    [EVENT.experimentAssignment, { sub4: '0300.1', sub5: 'B' }],
    [EVENT.formSubmission, { sub4: 'contact', sub5: 'sent' }],
    [EVENT.consentChoice, { sub4: 'cookies', sub5: 'accepted' }],
  ])('accepts event %i with %p', (id, subs) => {
    expect(checkEventFields(id, subs)).toBeUndefined();
  });

  it.each([
    [99, {}, 'event_id 99 is not in the event catalogue'],
    [EVENT.pageView, { sub4: 'pageview' }, "sub4 must be 'pageView' for event 5 (pageView)"],
    [EVENT.pageView, {}, "sub4 must be 'pageView' for event 5 (pageView)"],
    [
      EVENT.pageLoadFromCache,
      { sub1: '' },
      "sub1 must be 'pageLoadFromCache' for event 27 (pageLoadFromCache)",
    ],
    [EVENT.fieldFilled, {}, 'sub8 is required for event 41 (fieldFilled)'],
    [EVENT.fieldFilled, { sub8: '-1' }, 'sub8 must be a non-negative integer for event 41 (fieldFilled)'],
    [EVENT.fieldFilled, { sub8: '01' }, 'sub8 must be a non-negative integer for event 41 (fieldFilled)'],
    [EVENT.fieldFilled, { sub8: '1.5' }, 'sub8 must be a non-negative integer for event 41 (fieldFilled)'],
    [EVENT.consentChoice, { sub4: 'cookies' }, 'sub5 is required for event 80 (consentChoice)'],
  ])('refuses event %i with %p', (id, subs, reason) => {
    expect(checkEventFields(id, subs)).toBe(reason);
  });
});

describe('server-only events', () => {
  const accepted = {
    sub4: 'vivus',
    sub5: 'accepted',
    sub6: 'callback',
    sub7: '1',
  };

  it('are the offer click, and the delivery, consent and erasure events, each sub-field of the latter held to a shape', () => {
    expect(SERVER_ONLY_EVENT_IDS).toEqual([50, 100, 101, 102, 103, 104, 110, 120]);
    expect(NON_VISIT_EVENT_IDS).toEqual([100, 101, 102, 103, 104, 110, 120]);
    for (const id of NON_VISIT_EVENT_IDS) {
      const definition = eventDefinition(id)!;
      // Each sub-field is held to a shape (a number, a slug, a listed word): free text would be the
      // way an e-mail or a name could slip into the stream.
      const shaped = new Set([
        ...(definition.integer ?? []),
        ...(definition.slug ?? []),
        ...Object.keys(definition.fixed ?? {}),
        ...Object.keys(definition.oneOf ?? {}),
      ]);
      expect(Object.keys(definition.fields).filter((field) => !shaped.has(field))).toEqual([]);
    }
  });

  it('are refused from a browser, and from a caller that does not say where the event came from', () => {
    const reason =
      'event_id 101 (applicationAccepted) is recorded by the server only, never accepted from a browser';
    expect(checkEventFields(EVENT.applicationAccepted, accepted, 'browser')).toBe(reason);
    expect(checkEventFields(EVENT.applicationAccepted, accepted)).toBe(reason);
    expect(checkEventFields(EVENT.applicationAccepted, accepted, 'server')).toBeUndefined();
  });

  it('keep their rules from the server: fixed states, listed values, slugs, counts', () => {
    expect(checkEventFields(EVENT.applicationAccepted, { ...accepted, sub5: 'rejected' }, 'server')).toBe(
      "sub5 must be 'accepted' for event 101 (applicationAccepted)",
    );
    expect(checkEventFields(EVENT.applicationAccepted, { ...accepted, sub6: 'phone' }, 'server')).toBe(
      "sub6 must be one of 'answer', 'callback' for event 101 (applicationAccepted)",
    );
    expect(
      checkEventFields(EVENT.consentWithdrawn, { sub4: 'anna@example.pl', sub5: 'selfService' }, 'server'),
    ).toMatch(/^sub4 must be one of 'terms', 'matching'/);
    expect(checkEventFields(EVENT.applicationAccepted, { ...accepted, sub4: 'Jan Kowalski' }, 'server')).toBe(
      "sub4 must be a slug (a-z, 0-9 and '-') for event 101 (applicationAccepted)",
    );
    expect(
      checkEventFields(EVENT.personalDataErased, { sub4: '1', sub5: '0', sub6: 'two', sub7: '0' }, 'server'),
    ).toBe('sub6 must be a non-negative integer for event 120 (personalDataErased)');
    expect(
      checkEventFields(
        EVENT.applicationDeliveryFailed,
        { sub4: 'kuki', sub5: 'failed', sub6: 'refused', sub7: '1', sub8: '422' },
        'server',
      ),
    ).toBeUndefined();
  });

  it('take the offer click from the server only: the gateway counts it once, so a browser can neither forge nor repeat it', () => {
    const click = { sub4: '17', sub5: 'vivus', sub6: '2', sub7: 'offers' };
    expect(checkEventFields(EVENT.offerClick, click)).toBe(
      'event_id 50 (offerClick) is recorded by the server only, never accepted from a browser',
    );
    expect(checkEventFields(EVENT.offerClick, click, 'browser')).toBe(
      'event_id 50 (offerClick) is recorded by the server only, never accepted from a browser',
    );
    expect(checkEventFields(EVENT.offerClick, click, 'server')).toBeUndefined();
    expect(checkEventFields(EVENT.offerClick, { sub5: 'vivus' }, 'server')).toBe(
      'sub4 is required for event 50 (offerClick)',
    );
    // Its session_id is the visitor's own: the visitor reports count it.
    expect(eventDefinition(EVENT.offerClick)?.visitSession).toBe(true);
  });

  it('leave the browser events as they were from either origin', () => {
    expect(checkEventFields(EVENT.pageView, { sub4: 'pageView' }, 'server')).toBeUndefined();
    expect(checkEventFields(EVENT.pageView, { sub4: 'pageView' }, 'browser')).toBeUndefined();
  });
});
