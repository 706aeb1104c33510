import { barePath, DEFAULTS, parseBenchArgs, staticPath, UsageError } from './args.cjs';
import { BENCH_ROUTES } from './routes.cjs';

describe('parseBenchArgs: one route', () => {
  it('uses the PERFORMANCE.md settings by default', () => {
    expect(parseBenchArgs(['/'])).toEqual({
      all: false,
      routes: [{ name: 'home', path: '/', what: 'home page' }],
      connections: [64],
      duration: 15,
      warmup: 5,
      settle: 10,
      cacheModes: [true],
      build: true,
      contentScales: [1],
      rounds: 1,
      help: false,
    });
  });

  it('reads every flag, in both --flag value and --flag=value form', () => {
    expect(
      parseBenchArgs([
        '/zasady-korzystania-z-serwisu/',
        '--connections',
        '32',
        '--duration=10',
        '--warmup',
        '0',
        '--settle=0',
        '--no-cache',
        '--no-build',
        '--content-scale',
        '10',
        '--rounds',
        '3',
      ]),
    ).toEqual({
      all: false,
      routes: [
        { name: '/zasady-korzystania-z-serwisu/', path: '/zasady-korzystania-z-serwisu/', what: 'route' },
      ],
      connections: [32],
      duration: 10,
      warmup: 0,
      settle: 0,
      cacheModes: [false],
      build: false,
      contentScales: [10],
      rounds: 3,
      help: false,
    });
    expect(parseBenchArgs(['-c', '8', '-d', '3', '/o-nas/'])).toMatchObject({
      routes: [{ path: '/o-nas/' }],
      connections: [8],
      duration: 3,
    });
  });

  it('names a route of the bench:all table by its short name', () => {
    expect(parseBenchArgs(['/blog/']).routes).toEqual([BENCH_ROUTES.find((r) => r.name === 'blog')]);
  });

  it('takes a sweep of connection counts and of content scales, sorted', () => {
    expect(parseBenchArgs(['/', '--connections', '256,1,64,16']).connections).toEqual([1, 16, 64, 256]);
    expect(parseBenchArgs(['/', '--content-scale=10,1']).contentScales).toEqual([1, 10]);
  });

  it('takes rounds from 1 to 20, whole numbers only', () => {
    expect(parseBenchArgs(['/', '--rounds=20']).rounds).toBe(20);
    expect(() => parseBenchArgs(['/', '--rounds', '0'])).toThrow(
      '--rounds must be a whole number from 1 to 20',
    );
    expect(() => parseBenchArgs(['/', '--rounds', '21'])).toThrow(
      '--rounds must be a whole number from 1 to 20',
    );
    expect(() => parseBenchArgs(['/', '--rounds', '2.5'])).toThrow('--rounds must be a whole number');
    expect(() => parseBenchArgs(['/', '--rounds'])).toThrow('--rounds needs a number');
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
      '--duration must be a whole number at least 1, got "0"',
    );
    expect(() => parseBenchArgs(['/', '--settle', '601'])).toThrow(
      '--settle must be a whole number from 0 to 600, got "601"',
    );
    expect(() => parseBenchArgs(['/', '--warmup', '1.5'])).toThrow(
      '--warmup must be a whole number at least 0',
    );
    expect(() => parseBenchArgs(['/', '--connections', '1,,64'])).toThrow(
      '--connections must be a whole number',
    );
    expect(() => parseBenchArgs(['/', '--connections', '64,64'])).toThrow(
      '--connections lists a value twice',
    );
    expect(() => parseBenchArgs(['/', '--content-scale', '0'])).toThrow(
      '--content-scale must be a whole number from 1 to 100, got "0"',
    );
    expect(() => parseBenchArgs(['/', '--fast'])).toThrow(UsageError);
    expect(() => parseBenchArgs(['/__static/'])).toThrow(
      'the /__bare and /__static baselines are added automatically',
    );
    expect(() => parseBenchArgs(['/__bare/o-nas/'])).toThrow('are added automatically');
    expect(() => parseBenchArgs(['/', '--routes', 'blog'])).toThrow('--routes is for bench:all');
  });

  it('names an unknown flag as typed, and takes switches only bare', () => {
    expect(() => parseBenchArgs(['/', '--fast=3'])).toThrow('unknown flag "--fast"');
    expect(() => parseBenchArgs(['/', '-xy'])).toThrow('unknown flag "-xy"');
    expect(() => parseBenchArgs(['/', '--no-cache=1'])).toThrow('unknown flag "--no-cache=1"');
    expect(() => parseBenchArgs(['/', '--all=yes'])).toThrow('unknown flag "--all=yes"');
    expect(() => parseBenchArgs(['/', '--', '/o-nas/'])).toThrow('unknown flag "--"');
    expect(parseBenchArgs(['/', '--warmup=0']).warmup).toBe(0);
  });

  it('needs no route for --help', () => {
    expect(parseBenchArgs(['--help']).help).toBe(true);
  });
});

describe('parseBenchArgs: bench:all', () => {
  it('measures every route cached, then uncached, with the shorter defaults', () => {
    const options = parseBenchArgs(['--all']);
    expect(options).toMatchObject({
      all: true,
      cacheModes: [true, false],
      connections: [64],
      duration: DEFAULTS.all.duration,
      warmup: DEFAULTS.all.warmup,
      contentScales: [1],
    });
    expect(options.routes.map((r) => r.path)).toEqual(BENCH_ROUTES.map((r) => r.path));
    expect(DEFAULTS.all.duration).toBeLessThan(DEFAULTS.single.duration);
  });

  it('keeps given durations, picks routes, and runs only uncached with --no-cache', () => {
    const options = parseBenchArgs([
      '--all',
      '-d',
      '3',
      '--warmup',
      '1',
      '--settle',
      '4',
      '--routes',
      'sitemap,blog',
      '--no-cache',
    ]);
    expect(options).toMatchObject({ duration: 3, warmup: 1, settle: 4, cacheModes: [false] });
    expect(options.routes.map((r) => r.name)).toEqual(['blog', 'sitemap']);
    expect(parseBenchArgs(['--all', '--routes=lists']).routes.map((r) => r.name)).toEqual([
      'blog',
      'tag',
      'sitemap',
      'sitemap-blog',
    ]);
  });

  it('refuses a route or an unknown route name', () => {
    expect(() => parseBenchArgs(['--all', '/'])).toThrow('bench:all measures its own route list');
    expect(() => parseBenchArgs(['--all', '--routes', 'blog,wnioski'])).toThrow('unknown route "wnioski"');
    expect(() => parseBenchArgs(['--all', '--routes'])).toThrow('--routes needs route names');
  });
});

describe('baseline paths', () => {
  it('prefix the route with /__static and /__bare', () => {
    expect(staticPath('/')).toBe('/__static/');
    expect(staticPath('/kursy-walut-w-bankach/')).toBe('/__static/kursy-walut-w-bankach/');
    expect(barePath('/blog/kredyty/')).toBe('/__bare/blog/kredyty/');
    expect(barePath('/sitemap.xml')).toBe('/__bare/sitemap.xml');
  });
});
