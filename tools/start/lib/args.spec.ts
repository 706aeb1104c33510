import { parseStartArgs, UsageError, USAGE } from './args.cjs';

describe('parseStartArgs', () => {
  it('builds and prints readable logs by default', () => {
    expect(parseStartArgs([])).toEqual({ build: true, sandbox: true, json: false, help: false });
  });

  it('reads --no-build, --no-sandbox, --json and --help in any order', () => {
    expect(parseStartArgs(['--json', '--no-build'])).toEqual({
      build: false,
      sandbox: true,
      json: true,
      help: false,
    });
    expect(parseStartArgs(['--no-sandbox', '--json'])).toEqual({
      build: true,
      sandbox: false,
      json: true,
      help: false,
    });
    expect(parseStartArgs(['-h']).help).toBe(true);
    expect(parseStartArgs(['--help']).help).toBe(true);
  });

  it('rejects anything else, naming the argument', () => {
    expect(() => parseStartArgs(['--nobuild'])).toThrow(UsageError);
    expect(() => parseStartArgs(['--nobuild'])).toThrow('unknown argument "--nobuild"');
    expect(() => parseStartArgs(['gateway'])).toThrow('unknown argument "gateway"');
    // Switches count only typed alone.
    expect(() => parseStartArgs(['--json=1'])).toThrow('unknown argument "--json=1"');
    expect(() => parseStartArgs(['-hh'])).toThrow('unknown argument "-hh"');
    expect(() => parseStartArgs(['--', '--json'])).toThrow('unknown argument "--"');
    expect(() => parseStartArgs(['--no-sandbox=1'])).toThrow('unknown argument "--no-sandbox=1"');
  });

  it('documents every flag it accepts', () => {
    for (const flag of ['--no-build', '--no-sandbox', '--json', '--help']) expect(USAGE).toContain(flag);
  });
});
