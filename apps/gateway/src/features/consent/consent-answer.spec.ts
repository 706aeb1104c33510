import { choiceCookies, postedChoice } from './consent-answer';

describe('a cookie choice', () => {
  it('is read from the posted field, urlencoded or JSON alike, and from nothing else', () => {
    expect(postedChoice({ zgoda: 'tak' })).toBe('granted');
    expect(postedChoice({ zgoda: 'nie' })).toBe('denied');
    for (const body of [
      {},
      { zgoda: 'TAK' },
      { zgoda: ['tak'] },
      { choice: 'granted' },
      'zgoda=tak',
      null,
      ['tak'],
    ])
      expect(postedChoice(body)).toBeUndefined();
  });

  it('accepted: records the choice and leaves every other cookie alone', () => {
    expect(choiceCookies('granted', 'client_id=c; exp_0300.1=B', false)).toEqual([
      'cookie_consent=granted; Max-Age=31536000; Path=/; SameSite=Lax',
    ]);
  });

  it('refused or withdrawn: records the choice and deletes what consent allowed, the necessary ones kept', () => {
    const header =
      'session_id=s; pp_form=f; client_id=c; utm_campaign=lato; utm_campaign_session=lato; exp_0300.1=A';
    const set = choiceCookies('denied', header, true);
    expect(set[0]).toBe('cookie_consent=denied; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(set.slice(1).map((line) => line.slice(0, line.indexOf('=')))).toEqual([
      'client_id',
      'utm_campaign',
      'utm_campaign_session',
      'exp_0300.1',
      // The view beacon's visit, on its endpoint's path: never in this header, deleted all the same.
      'pp_visit',
    ]);
    expect(set.slice(1).every((line) => line.includes('Max-Age=0;'))).toBe(true);
    expect(set.at(-1)).toContain('Path=/api/views;');
  });
});
