import { checkEventFields, EVENT, EVENT_CATALOGUE, eventDefinition, isKnownEventId } from './catalogue';

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
    [EVENT.offerClick, { sub4: 'offer-17' }],
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
