import { FAULTS, UsageError, parseChaosArgs } from './args.cjs';

describe('parseChaosArgs', () => {
  it('defaults to every fault, moderate load and a build', () => {
    expect(parseChaosArgs([])).toEqual({
      faults: [...FAULTS],
      connections: 16,
      writers: 2,
      clicks: 200,
      stallSeconds: 8,
      settleSeconds: 10,
      recoverTimeoutSeconds: 60,
      applications: 24,
      deliveryTimeoutSeconds: 300,
      build: true,
      help: false,
    });
  });

  it('reads every flag', () => {
    expect(
      parseChaosArgs([
        '--faults',
        'postgres,stall',
        '-c',
        '64',
        '--writers',
        '4',
        '--clicks',
        '0',
        '--stall',
        '5',
        '--settle',
        '3',
        '--recover-timeout',
        '30',
        '--applications',
        '12',
        '--delivery-timeout',
        '120',
        '--no-build',
      ]),
    ).toEqual({
      faults: ['postgres', 'stall'],
      connections: 64,
      writers: 4,
      clicks: 0,
      stallSeconds: 5,
      settleSeconds: 3,
      recoverTimeoutSeconds: 30,
      applications: 12,
      deliveryTimeoutSeconds: 120,
      build: false,
      help: false,
    });
  });

  it.each([
    [['--faults', 'flood'], /unknown fault "flood"/],
    [['--faults', 'kill,kill'], /twice/],
    [['--faults', ','], /at least one/],
    [['--connections', '0'], /between 1 and 1024/],
    [['--stall', '1.5'], /whole number/],
    [['--writers', 'many'], /whole number/],
    [['--clicks', 'lots'], /whole number/],
    [['--clicks', '100001'], /between 0 and 100000/],
    [['--recover-timeout', '1'], /between 5 and 3600/],
    // Fewer than three leave no application to submit between the two kills.
    [['--applications', '2'], /between 3 and 1000/],
    [['--delivery-timeout', '10'], /between 30 and 3600/],
    [['--unknown'], /Unknown option/],
    [['extra'], /positional/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseChaosArgs(argv)).toThrow(UsageError);
    expect(() => parseChaosArgs(argv)).toThrow(message);
  });
});
