import { parseEventBody } from './event-body';

const pageView = { event_id: 5, sub4: 'pageView', page_path: '/', domain: 'www.example.pl' };

describe('parseEventBody', () => {
  it('takes one event or a batch', () => {
    expect(parseEventBody(JSON.stringify(pageView))).toEqual({ ok: true, events: [pageView] });
    const batch = parseEventBody(
      JSON.stringify([pageView, { event_id: 40, sub4: 'contact', sub5: 'email', sub8: 2 }]),
    );
    expect(batch.ok && batch.events[1]).toEqual({ event_id: 40, sub4: 'contact', sub5: 'email', sub8: '2' });
  });

  it('refuses broken JSON with 400', () => {
    expect(parseEventBody('{"event_id": 5,')).toMatchObject({ ok: false, status: 400, field: 'body' });
    expect(parseEventBody('')).toMatchObject({ ok: false, status: 400, field: 'body' });
  });

  it('refuses more than 100 events with 413, an empty batch with 400', () => {
    expect(parseEventBody(JSON.stringify(Array(101).fill(pageView)))).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(parseEventBody(JSON.stringify(Array(100).fill(pageView))).ok).toBe(true);
    expect(parseEventBody('[]')).toMatchObject({ ok: false, status: 400 });
  });

  it('names the field of a wrong type, length or unknown key', () => {
    expect(parseEventBody(JSON.stringify({ ...pageView, event_id: '5' }))).toMatchObject({
      status: 400,
      field: 'event_id',
    });
    expect(parseEventBody(JSON.stringify([pageView, { ...pageView, sub1: 'x'.repeat(256) }]))).toMatchObject({
      status: 400,
      field: 'events[1].sub1',
    });
    expect(parseEventBody(JSON.stringify({ ...pageView, colour: 'red' }))).toMatchObject({
      status: 400,
      field: 'colour',
    });
    expect(parseEventBody(JSON.stringify('pageView'))).toMatchObject({ status: 400, field: 'body' });
  });

  it("applies the catalogue's rules: known ids, fixed and required sub-fields, field index", () => {
    expect(parseEventBody(JSON.stringify({ event_id: 9999 }))).toMatchObject({
      status: 400,
      field: 'event_id',
    });
    expect(parseEventBody(JSON.stringify({ event_id: 5, sub4: 'view' }))).toMatchObject({
      status: 400,
      field: 'sub4',
    });
    expect(
      parseEventBody(JSON.stringify([pageView, { event_id: 42, sub4: 'contact', sub8: 'first' }])),
    ).toMatchObject({
      status: 400,
      field: 'events[1].sub8',
    });
    const refused = parseEventBody(JSON.stringify({ event_id: 27 }));
    expect(refused).toMatchObject({ status: 400, field: 'sub1' });
    expect(!refused.ok && refused.message).toContain('pageLoadFromCache');
  });

  it('refuses the server-only offer click (50) from a browser, naming the event that holds it', () => {
    const click = { event_id: 50, sub4: '101', sub5: 'vivus' };
    expect(parseEventBody(JSON.stringify([pageView, click]))).toEqual({
      ok: false,
      status: 400,
      field: 'events[1].event_id',
      message:
        'events[1]: event_id 50 (offerClick) is recorded by the server only, never accepted from a browser',
    });
    expect(parseEventBody(JSON.stringify(click))).toMatchObject({ status: 400, field: 'event_id' });
  });
});
