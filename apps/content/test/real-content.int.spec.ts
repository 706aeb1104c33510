import { contentV1 } from '@lib/contracts';
import { startTestService } from '@lib/testing';
import { DEFAULT_CONTENT_DIR } from '../src/content.config';
import { ContentImportUseCases } from '../src/application/content-import.use-cases';
import { contentService } from '../src/content.service-definition';
import { buildBundle } from '../src/domain/build-bundle';
import { LENDER_SLUGS, TAG_SLUGS } from '../src/domain/catalogue';
import { ContentValidationError, formatIssue } from '../src/domain/content-issues';
import { allRoutes, type ContentBundle } from '../src/domain/content-model';
import { ContentFolder } from '../src/persistence/content-folder';

/**
 * Every page path the site must have, which the content files must provide. Where the route list
 * gave only a pattern for a slug ({token}), the editors chose: /pozyczki-na-raty/, /chwilowki-online/, /pozyczki-24h/ (loan
 * categories) and /klauzula-informacyjna/, /prawa-uzytkownika-rodo/ (documents).
 */
const SPEC_PATHS = [
  // loan categories
  '/darmowe-pozyczki/',
  '/pozyczki-bez-bik-baz-krd-erif-big/',
  '/pozyczka-na-dowod/',
  '/pozyczki-od-18-lat/',
  '/pozyczki-z-gwarantem/',
  '/pozyczki-na-500-plus/',
  '/pozyczka-dla-bezrobotnych/',
  '/pozyczki-dla-studentow/',
  '/pozyczki-dla-emerytow/',
  '/pozyczki-w-domu-klienta/',
  '/pozyczki-dla-firm/',
  '/pozyczki-na-raty/',
  '/pozyczki-na-pesel/',
  '/pozyczki-online-bez-weryfikacji/',
  '/pozyczki-bez-przelewania-grosza/',
  '/pozyczki-na-czek-giro/',
  '/pozyczka-na-wakacje/',
  '/pozyczki-na-paszport/',
  '/pozyczki-bez-zaswiadczen/',
  '/pozyczki-pod-zastaw-auta/',
  '/pozyczka-dla-kazdego/',
  '/pozyczka-na-oswiadczenie/',
  '/chwilowki-online/',
  '/mala-pozyczka/',
  '/pozyczki-od-20-lat/',
  '/pozyczka-na-60-dni/',
  '/zagraniczne-pozyczki/',
  '/pozyczki-dla-ukraincow/',
  '/pilna-pozyczka-na-dzisiaj/',
  '/pozyczki-w-weekend/',
  '/pozyczki-24h/',
  '/pozyczki-online-w-15-minut/',
  '/pozyczki-przez-sms/',
  '/pozyczki-przez-telefon/',
  '/pozyczka-100-zl/',
  '/pozyczka-1000-zl/',
  '/pozyczka-5000-zl/',
  '/pozyczki-dla-zadluzonych/',
  '/pozyczka-bez-zdolnosci-kredytowej/',
  '/pozyczka-dlugoterminowa/',
  // credits and rankings
  '/kredyt-oddluzeniowy/',
  '/kredyt-gotowkowy/',
  '/kredyt-na-wesele/',
  '/kredyty-samochodowe/',
  '/kredyt-konsolidacyjny/',
  '/kredyt-10-tysiecy/',
  '/kredyt-konsumencki/',
  '/kredyt-na-fotowoltaike/',
  '/kredyt-na-motocykl/',
  '/ranking-kredytow-gotowkowych/',
  '/ranking-chwilowek/',
  // cities
  '/szybkie-pozyczki-warszawa/',
  '/pozyczki-krakow/',
  '/pozyczki-bez-bik-poznan/',
  '/chwilowki-gdansk/',
  '/pozyczki-szczecin/',
  '/pozyczki-rzeszow/',
  '/pozyczki-wroclaw/',
  '/pozyczki-gdynia/',
  '/pozyczki-lublin/',
  '/pozyczki-opole/',
];
const SPEC_DOCS = [
  '/polityka-cookies/',
  '/polityka-prywatnosci/',
  '/zasady-korzystania-z-serwisu/',
  '/lista-partnerow/',
  '/klauzula-informacyjna/',
  '/prawa-uzytkownika-rodo/',
];
const CORE_PAGES = ['/', '/o-nas/', '/jak-to-dziala/', '/lp/', '/opinie-o-pozyczkach/'];
const REQUIRED_ARTICLES = [
  'placa-minimalna',
  'waloryzacja-emerytur',
  'jak-sprawdzic-bik-za-darmo',
  'kredyt-w-play',
];

/** The repository's content/ must import cleanly; when it does not, the failure lists every problem. */
async function loadRealContent(): Promise<ContentBundle> {
  try {
    return buildBundle(await new ContentFolder().read(DEFAULT_CONTENT_DIR));
  } catch (error) {
    if (error instanceof ContentValidationError) {
      throw new Error(
        `content/ does not validate (${error.issues.length} problem(s)):\n${error.issues.map(formatIssue).join('\n')}`,
      );
    }
    throw error;
  }
}

describe('the repository content/ folder', () => {
  let bundle: ContentBundle;
  beforeAll(async () => {
    bundle = await loadRealContent();
  });

  it('validates and covers every required route', () => {
    const byPath = new Map(allRoutes(bundle).map((route) => [route.path, route]));
    const missing = [...SPEC_PATHS, ...SPEC_DOCS, ...CORE_PAGES].filter((path) => !byPath.has(path));
    expect(missing).toEqual([]);
    expect(SPEC_PATHS.filter((path) => byPath.get(path)?.type !== 'seo')).toEqual([]);
    expect(SPEC_DOCS.filter((path) => byPath.get(path)?.type !== 'doc')).toEqual([]);
    expect(bundle.lenders.map((l) => l.slug).sort()).toEqual([...LENDER_SLUGS].sort());
    expect(bundle.tags.map((t) => t.slug)).toEqual(expect.arrayContaining([...TAG_SLUGS]));
    expect(bundle.articles.map((a) => a.slug)).toEqual(expect.arrayContaining(REQUIRED_ARTICLES));
    expect(bundle.articles.length).toBeGreaterThanOrEqual(36);
    expect(bundle.pages.find((p) => p.path === '/opinie-o-pozyczkach/')?.faq).toHaveLength(4);
  });

  it('imports into PostgreSQL at service start, and a second import writes nothing', async () => {
    const t = await startTestService(contentService);
    try {
      const { routes } = await t.client.listRoutes({ type: contentV1.RouteType.UNSPECIFIED });
      const imported = new Set(allRoutes(bundle).map((route) => route.path));
      expect(routes.filter((route) => imported.has(route.path))).toHaveLength(imported.size);
      const again = await t.service.app.get(ContentImportUseCases).run();
      expect(again).toMatchObject({ created: 0, updated: 0, unpublished: [] });
    } finally {
      await t.stop();
    }
  });
});
