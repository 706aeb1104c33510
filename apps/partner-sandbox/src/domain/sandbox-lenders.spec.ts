import { assembleLenders, type SandboxSources } from './sandbox-lenders';

const SECRET = 's'.repeat(64);

const lender = (slug: string, lenderId: number, requiredFields: string[] = ['firstName', 'phone']) => ({
  slug,
  lenderId,
  name: slug,
  enabled: true,
  endpoint: `\${PARTNER_SANDBOX_URL}/lenders/${slug}/applications`,
  secretEnv: `LENDER_SECRET_${slug.toUpperCase()}`,
  requiredFields,
});
const offer = (lenderId: number, more: object = {}) => ({
  offer_id: lenderId * 10,
  header: `Offer of ${lenderId}`,
  lender_link: 'https://lender.example/',
  lender_id: lenderId,
  amount_min: 100,
  amount_max: 3000,
  age_min: 18,
  age_max: 75,
  ...more,
});

const sources = (changes: Partial<SandboxSources> = {}): SandboxSources => ({
  lenderFile: JSON.stringify({
    environment: 'sandbox',
    lenders: [lender('vivus', 124), lender('wandoo', 125)],
  }),
  feed: JSON.stringify([offer(124), offer(125, { amount_max: 5000 }), offer(999)]),
  behaviourFile: JSON.stringify({ lenders: { vivus: 'decide', wandoo: 'decide-later' } }),
  env: {
    PARTNER_SANDBOX_URL: 'http://127.0.0.1:8090',
    LENDER_SECRET_VIVUS: SECRET,
    LENDER_SECRET_WANDOO: SECRET,
  },
  day: '2025-01-01',
  ...changes,
});
const problemsOf = (result: ReturnType<typeof assembleLenders>) =>
  'problems' in result ? result.problems : [];
const behaviours = (lenders: Record<string, string>) => JSON.stringify({ lenders });

describe('assembleLenders', () => {
  it('plays every lender of the lender file with its behaviour, its secret and its offer’s limits', () => {
    expect(assembleLenders(sources())).toEqual({
      ok: [
        {
          slug: 'vivus',
          name: 'vivus',
          enabled: true,
          secret: SECRET,
          requiredFields: ['firstName', 'phone'],
          behaviour: 'decide',
          limits: {
            offerId: 1240,
            amountMinGrosze: 10_000,
            amountMaxGrosze: 300_000,
            ageMin: 18,
            ageMax: 75,
          },
        },
        expect.objectContaining({
          slug: 'wandoo',
          behaviour: 'decide-later',
          limits: {
            offerId: 1250,
            amountMinGrosze: 10_000,
            amountMaxGrosze: 500_000,
            ageMin: 18,
            ageMax: 75,
          },
        }),
      ],
    });
  });

  it('refuses a lender without an entry in the behaviour file', () => {
    expect(problemsOf(assembleLenders(sources({ behaviourFile: behaviours({ vivus: 'decide' }) })))).toEqual([
      'lender wandoo: no entry in the behaviour file',
    ]);
  });

  it('plays a lender file with some of the lenders of the behaviour file', () => {
    const onlyVivus = JSON.stringify({ environment: 'sandbox', lenders: [lender('vivus', 124)] });
    const result = assembleLenders(sources({ lenderFile: onlyVivus }));
    expect('ok' in result && result.ok.map((l) => l.slug)).toEqual(['vivus']);
  });

  it('refuses a behaviour it does not know', () => {
    expect(
      problemsOf(
        assembleLenders(sources({ behaviourFile: behaviours({ vivus: 'maybe', wandoo: 'decide' }) })),
      ),
    ).toEqual(['behaviour file, lenders.vivus: must be one of decide, decide-later, timeout']);
  });

  it('refuses a lender file that is not a sandbox one', () => {
    const production = JSON.stringify({ environment: 'production', lenders: [] });
    expect(problemsOf(assembleLenders(sources({ lenderFile: production })))).toEqual([
      'lender file: its environment is "production"; the sandbox plays only the lenders of a "sandbox" file',
    ]);
  });

  it('refuses a lender without an offer in the feed', () => {
    expect(problemsOf(assembleLenders(sources({ feed: JSON.stringify([offer(124)]) })))).toEqual([
      'lender wandoo: the feed has no offer with lender_id 125',
    ]);
  });

  it('passes on the lender file’s own problems, a missing secret among them, with every other file’s', () => {
    const { LENDER_SECRET_WANDOO: _unset, ...env } = sources().env;
    expect(problemsOf(assembleLenders(sources({ env, behaviourFile: '{', feed: '{}' })))).toEqual([
      'lender file, lender wandoo: LENDER_SECRET_WANDOO must hold a secret of at least 32 characters',
      expect.stringMatching(/^behaviour file is not JSON: /),
      'feed: feed is not a JSON array of offers',
    ]);
  });
});
