import { parseBenchArgs, staticPath, UsageError } from './args.cjs';

describe('parseBenchArgs', () => {
  it('uses the PERFORMANCE.md settings by default', () => {
    expect(parseBenchArgs(['/'])).toEqual({
      route: '/',
      connections: 64,
      duration: 15,
      warmup: 5,
      cache: true,
      build: true,
      help: false,
    });
  });

  it('reads every flag, in both --flag value and --flag=value form', () => {
    expect(
      parseBenchArgs([
        '/kalkulator-walutowy/',
        '--connections',
        '32',
        '--duration=10',
        '--warmup',
        '0',
        '--no-cache',
        '--no-build',
      ]),
    ).toEqual({
      route: '/kalkulator-walutowy/',
      connections: 32,
      duration: 10,
      warmup: 0,
      cache: false,
      build: false,
      help: false,
    });
    expect(parseBenchArgs(['-c', '8', '-d', '3', '/o-nas/'])).toMatchObject({
      route: '/o-nas/',
      connections: 8,
      duration: 3,
    });
  });

  it('explains what is wrong', () => {
    expect(() => parseBenchArgs([])).toThrow('which route?');
    expect(() => parseBenchArgs(['kontakt'])).toThrow('the route must start with "/"');
    expect(() => parseBenchArgs(['/', '/o-nas/'])).toThrow('only one route');
    expect(() => parseBenchArgs(['/', '--connections'])).toThrow('--connections needs a number');
    expect(() => parseBenchArgs(['/', '--connections', '--no-cache'])).toThrow(
      '--connections needs a number',
    );
    expect(() => parseBenchArgs(['/', '--duration', '0'])).toThrow(
      '--duration must be a whole number of at least 1, got "0"',
    );
    expect(() => parseBenchArgs(['/', '--warmup', '1.5'])).toThrow(
      '--warmup must be a whole number of at least 0',
    );
    expect(() => parseBenchArgs(['/', '--fast'])).toThrow(UsageError);
    expect(() => parseBenchArgs(['/__static/'])).toThrow('the /__static baseline is added automatically');
  });

  it('names an unknown flag as typed, and takes switches only bare', () => {
    expect(() => parseBenchArgs(['/', '--fast=3'])).toThrow('unknown flag "--fast"');
    expect(() => parseBenchArgs(['/', '-xy'])).toThrow('unknown flag "-xy"');
    expect(() => parseBenchArgs(['/', '--no-cache=1'])).toThrow('unknown flag "--no-cache=1"');
    expect(() => parseBenchArgs(['/', '--', '/o-nas/'])).toThrow('unknown flag "--"');
    expect(parseBenchArgs(['/', '--warmup=0']).warmup).toBe(0);
  });

  it('needs no route for --help', () => {
    expect(parseBenchArgs(['--help']).help).toBe(true);
  });
});

describe('staticPath', () => {
  it('prefixes the route with /__static', () => {
    expect(staticPath('/')).toBe('/__static/');
    expect(staticPath('/kursy-walut-w-bankach/')).toBe('/__static/kursy-walut-w-bankach/');
  });
});
