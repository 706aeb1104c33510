import { type AnyRoute, type LoadContext } from '../../app/route-types';
import { SECTION_UNAVAILABLE, sectionOk } from '../../app/section';
import { type GatewayServices } from '../../app/services';
import { keepFirst, keptRoutes, keptServices, reachesBenchRoutes } from './bench-static';

describe('keepFirst', () => {
  it('runs the load once per key and hands every later caller the same answer', async () => {
    const load = jest.fn((key: string) => Promise.resolve({ key }));
    const kept = keepFirst(load, (key) => key);
    const [a, b] = await Promise.all([kept('x'), kept('x')]);
    expect(a).toBe(b);
    expect(await kept('x')).toBe(a);
    await kept('y');
    expect(load.mock.calls).toEqual([['x'], ['y']]);
  });

  it('forgets a failure and an answer it must not keep, so the next call loads again', async () => {
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce('partial')
      .mockResolvedValueOnce('whole');
    const kept = keepFirst(
      load,
      () => 'k',
      (value) => value !== 'partial',
    );
    await expect(kept()).rejects.toThrow('down');
    expect(await kept()).toBe('partial');
    expect(await kept()).toBe('whole');
    expect(await kept()).toBe('whole');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('keptServices', () => {
  it('answers each data call from memory after the first, per method and request, and leaves the channel methods alone', async () => {
    const getNavigation = jest.fn(() => Promise.resolve({ groups: [] }));
    const getPage = jest.fn((request: { path: string }) => Promise.resolve({ path: request.path }));
    const healthCheck = jest.fn(() => Promise.resolve('SERVING'));
    const services = keptServices({
      content: { getNavigation, getPage, healthCheck },
    } as unknown as GatewayServices);
    const content = services.content as unknown as {
      getNavigation(request: object): Promise<unknown>;
      getPage(request: { path: string }): Promise<unknown>;
      healthCheck(): Promise<string>;
    };

    const first = await content.getNavigation({});
    expect(await content.getNavigation({})).toBe(first);
    await content.getPage({ path: '/a/' });
    await content.getPage({ path: '/a/' });
    await content.getPage({ path: '/b/' });
    await content.healthCheck();
    await content.healthCheck();
    expect(getNavigation).toHaveBeenCalledTimes(1);
    expect(getPage.mock.calls).toEqual([[{ path: '/a/' }], [{ path: '/b/' }]]);
    expect(healthCheck).toHaveBeenCalledTimes(2);
  });
});

describe('keptRoutes', () => {
  const context = (params: unknown) => ({ params }) as LoadContext<unknown>;

  it('loads a route once per parameter set and keeps the data, except a page with an unavailable section', async () => {
    let partial = true;
    const load = jest.fn((ctx: LoadContext<{ slug: string }>) =>
      Promise.resolve({ slug: ctx.params.slug, offers: partial ? SECTION_UNAVAILABLE : sectionOk([]) }),
    );
    const [route] = keptRoutes([{ name: 'content', pattern: '/:slug/', load } as unknown as AnyRoute]);

    const broken = await route!.load(context({ slug: 'a' }));
    expect(broken).toMatchObject({ offers: { status: 'unavailable' } });
    partial = false;
    const whole = await route!.load(context({ slug: 'a' }));
    expect(await route!.load(context({ slug: 'a' }))).toBe(whole);
    await route!.load(context({ slug: 'b' }));
    expect(load).toHaveBeenCalledTimes(3);
    expect(route).toMatchObject({ name: 'content', pattern: '/:slug/' });
  });
});

describe('reachesBenchRoutes', () => {
  it('names the bare renders and the static sitemap, not the static pages', () => {
    expect(reachesBenchRoutes('/__bare/pozyczki-dla-studentow/')).toBe(true);
    expect(reachesBenchRoutes('/__bare/sitemap.xml')).toBe(true);
    expect(reachesBenchRoutes('/__static/sitemap.xml')).toBe(true);
    expect(reachesBenchRoutes('/__static/sitemap-blog-1.xml')).toBe(true);
    expect(reachesBenchRoutes('/__static/sitemap-inne-1.xml')).toBe(false);
    expect(reachesBenchRoutes('/__static/pozyczki-dla-studentow/')).toBe(false);
    expect(reachesBenchRoutes('/pozyczki-dla-studentow/')).toBe(false);
  });
});
