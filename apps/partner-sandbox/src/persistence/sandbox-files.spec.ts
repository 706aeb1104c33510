import path from 'node:path';
import { assembleLenders } from '../domain/sandbox-lenders';
import { sandboxConfigSchema } from '../sandbox.config';
import { readSandboxFiles } from './sandbox-files';

const root = path.resolve(__dirname, '../../../..');
const SECRET = 's'.repeat(64);

describe('the repository’s sandbox files', () => {
  // The defaults of the configuration, read from the workspace root as `npm start` and the tests do.
  const defaults = sandboxConfigSchema.parse({ LEAD_STATUS_CALLBACK_URL: 'http://127.0.0.1:3000/cb' });
  const at = (file: string) => path.join(root, file);

  it('fit together: every lender of the sandbox lender file has its behaviour and its offer in the Polish feed', async () => {
    const files = await readSandboxFiles({
      lenderFile: at(defaults.LENDER_DELIVERY_FILE),
      feed: at(defaults.PARTNER_SANDBOX_FEED),
      behaviourFile: at(defaults.SANDBOX_BEHAVIOUR_FILE),
    });
    if (!('ok' in files)) throw new Error(files.problems.join('\n'));
    const secrets = Object.fromEntries(
      ['VIVUS', 'WANDOO', 'KUKI', 'NETCREDIT', 'SMARTNEY', 'PROVIDENT'].map((n) => [
        `LENDER_SECRET_${n}`,
        SECRET,
      ]),
    );
    const result = assembleLenders({
      ...files.ok,
      env: { PARTNER_SANDBOX_URL: 'http://127.0.0.1:8090', ...secrets },
      day: '2025-01-01',
    });
    // The reviewed behaviour file names exactly the lenders of the sandbox lender file.
    const behaviours = (JSON.parse(files.ok.behaviourFile) as { lenders: Record<string, string> }).lenders;
    const listed = (JSON.parse(files.ok.lenderFile) as { lenders: { slug: string }[] }).lenders.map(
      (l) => l.slug,
    );
    expect(Object.keys(behaviours).sort()).toEqual([...listed].sort());
    expect('ok' in result && result.ok.map((l) => [l.slug, l.behaviour, l.limits])).toEqual([
      [
        'vivus',
        'decide',
        { offerId: 2024, amountMinGrosze: 10_000, amountMaxGrosze: 300_000, ageMin: 18, ageMax: 75 },
      ],
      [
        'wandoo',
        'decide-later',
        { offerId: 2025, amountMinGrosze: 10_000, amountMaxGrosze: 500_000, ageMin: 18, ageMax: 75 },
      ],
      [
        'kuki',
        'decide',
        { offerId: 2011, amountMinGrosze: 10_000, amountMaxGrosze: 500_000, ageMin: 18, ageMax: 75 },
      ],
      [
        'netcredit',
        'decide-later',
        { offerId: 2013, amountMinGrosze: 50_000, amountMaxGrosze: 1_000_000, ageMin: 20, ageMax: 70 },
      ],
      [
        'smartney',
        'decide',
        { offerId: 2020, amountMinGrosze: 100_000, amountMaxGrosze: 2_500_000, ageMin: 18, ageMax: 70 },
      ],
      [
        'provident',
        'timeout',
        { offerId: 2017, amountMinGrosze: 50_000, amountMaxGrosze: 2_000_000, ageMin: 20, ageMax: 78 },
      ],
    ]);
  });

  it('names a file it cannot read', async () => {
    const files = await readSandboxFiles({
      lenderFile: at('deploy/lenders/no-such-file.json'),
      feed: at(defaults.PARTNER_SANDBOX_FEED),
      behaviourFile: at(defaults.SANDBOX_BEHAVIOUR_FILE),
    });
    expect('problems' in files && files.problems).toEqual([
      expect.stringMatching(/^lender file .*no-such-file\.json: ENOENT/),
    ]);
  });
});
