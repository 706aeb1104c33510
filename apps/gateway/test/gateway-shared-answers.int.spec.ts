import { status } from '@grpc/grpc-js';
import { contentV1, ratesV1 } from '@lib/contracts';
import { ARTICLE_SLUG, LENDER_WITH_OFFER, SEO_PAGE, createFakeContent } from './support/content-fixtures';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { createFakeRates } from './support/rates-fixtures';
import { rawRequest } from './support/raw-http';
import { type SiteServices, startSiteServices } from './support/site-services';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * With the page data uncached, each page load asks the services for that page's own data, and
 * the answers many pages share (navigation, the catalogue's figures, an offers block's ranking,
 * a lender's facts, the NBP table) come from the gateway's shared answers: asked once, whichever
 * page asked first. A page that shows comments asks for its own data and its comments in one
 * call. Over real gRPC to fake services that count their calls.
 */

const SEO_PATH = '/mala-pozyczka/';
const LENDER_PATH = `/opinie-o-pozyczkach/${LENDER_WITH_OFFER}/`;
const ARTICLE_PATH = `/${ARTICLE_SLUG}/`;
/** Visible text of a document, tags dropped. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** What the comments section says while the comments cannot be listed. */
const COMMENTS_UNAVAILABLE = 'Komentarze są chwilowo niedostępne. Spróbuj ponownie za kilka minut.';
/** The content RPCs an article page may ask for: composed, or one by one. */
const ARTICLE_RPCS = ['GetArticlePage', 'GetPage', 'GetArticle', 'ListComments'] as const;

describe('shared answers of page loaders', () => {
  let site: SiteServices;
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let rates: FakeGrpcServer;

  beforeEach(async () => {
    site = await startSiteServices();
    [content, offers, rates] = site.services as [FakeGrpcServer, FakeGrpcServer, FakeGrpcServer];
  });

  afterEach(async () => {
    await site?.stop();
  });

  const load = async (gateway: TestGateway, path: string) => {
    const res = await rawRequest(gateway.port, { path });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res;
  };
  const callsOf = (server: FakeGrpcServer, rpc: string) => server.calls.get(rpc) ?? 0;
  /** How many times each of `rpcs` was called while `act` ran. */
  const callsDuring = async (
    server: FakeGrpcServer,
    rpcs: readonly string[],
    act: () => Promise<unknown>,
  ) => {
    const before = rpcs.map((rpc) => callsOf(server, rpc));
    await act();
    return Object.fromEntries(rpcs.map((rpc, index) => [rpc, callsOf(server, rpc) - before[index]!]));
  };
  /** A fake content service whose route list names `articles` as articles (whatever they are now). */
  const contentListing = (articles: string[], handlers = createFakeContent().handlers) =>
    startFakeService('content', {
      ...handlers,
      ListRoutes: () => ({
        routes: articles.map((path) => ({ path, type: contentV1.RouteType.BLOG, link: path, updatedAt: '' })),
      }),
    });

  it('asks for a page’s own data on every load and for what pages share once', async () => {
    const gateway = await startTestGateway({
      targets: site.targets,
      env: { PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'true' },
    });
    try {
      for (const path of [SEO_PATH, SEO_PATH, '/', '/']) await load(gateway, path);
      expect(callsOf(content, 'GetPage')).toBe(4);
      expect(callsOf(content, 'GetNavigation')).toBe(1);
      expect(callsOf(offers, 'ListLenderFacts')).toBe(1);
      expect(callsOf(rates, 'GetLatestTable')).toBe(1);
      // The SEO page's block and the home page's ranking ask for different amounts: one each.
      expect(callsOf(offers, 'MatchOffers')).toBe(2);

      await load(gateway, LENDER_PATH);
      await load(gateway, LENDER_PATH);
      expect(callsOf(content, 'GetLenderReviewPage')).toBe(2);
      expect(callsOf(content, 'GetLenderReview')).toBe(0);
      expect(callsOf(content, 'ListComments')).toBe(0);
      expect(callsOf(offers, 'GetLender')).toBe(1);
      // The fake offers service does not answer GetLenderFacts: a failed answer is never kept.
      expect(callsOf(offers, 'GetLenderFacts')).toBe(2);
    } finally {
      await gateway.stop();
    }
  });

  it('asks for an article, its page and its comments in one call once the route list names it', async () => {
    const article = await contentListing([ARTICLE_PATH]);
    const gateway = await startTestGateway({
      targets: { ...site.targets, content: article.target },
      env: { PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'true' },
    });
    try {
      // The first load comes before the route list is known: the page, then its article and comments.
      expect(await callsDuring(article, ARTICLE_RPCS, () => load(gateway, ARTICLE_PATH))).toEqual({
        GetArticlePage: 0,
        GetPage: 1,
        GetArticle: 1,
        ListComments: 1,
      });
      let res: Awaited<ReturnType<typeof load>> | undefined;
      expect(
        await callsDuring(article, ARTICLE_RPCS, async () => {
          res = await load(gateway, ARTICLE_PATH);
        }),
      ).toEqual({ GetArticlePage: 1, GetPage: 0, GetArticle: 0, ListComments: 0 });
      // The composed answer draws the same page: the article's body and its comments.
      expect(res!.body).toContain('id="komentarz-112"');
      expect(text(res!.body)).toContain('14 komentarzy');
      expect(res!.body).toContain('data-comment-form=""');
    } finally {
      await gateway.stop();
      await article.stop();
    }
  });

  it('draws a page the out-of-date route list calls an article by its own type, from the one call', async () => {
    const listing = await contentListing([SEO_PATH]);
    const gateway = await startTestGateway({
      targets: { ...site.targets, content: listing.target },
      env: { PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'true' },
    });
    try {
      await load(gateway, SEO_PATH);
      let res: Awaited<ReturnType<typeof load>> | undefined;
      expect(
        await callsDuring(listing, ARTICLE_RPCS, async () => {
          res = await load(gateway, SEO_PATH);
        }),
      ).toEqual({ GetArticlePage: 1, GetPage: 0, GetArticle: 0, ListComments: 0 });
      expect(res!.body).toContain(`<h1>${SEO_PAGE.h1}</h1>`);
      expect(res!.body).not.toContain('data-comment-form=""');
    } finally {
      await gateway.stop();
      await listing.stop();
    }
  });

  it('shows an article whose composed answer has no comments with the comments section unavailable', async () => {
    const fake = createFakeContent().handlers;
    fake['ListComments'] = () => {
      throw new FakeGrpcError(status.UNAVAILABLE, 'database down');
    };
    const article = await contentListing([ARTICLE_PATH], fake);
    const gateway = await startTestGateway({
      targets: { ...site.targets, content: article.target },
      env: { PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'true' },
    });
    try {
      await load(gateway, ARTICLE_PATH);
      const before = callsOf(article, 'GetArticlePage');
      const res = await load(gateway, ARTICLE_PATH);
      expect(callsOf(article, 'GetArticlePage')).toBe(before + 1);
      expect(text(res.body)).toContain(COMMENTS_UNAVAILABLE);
      expect(res.body).toContain('data-comment-form=""');
      expect(res.body).not.toContain('id="komentarz-112"');
    } finally {
      await gateway.stop();
      await article.stop();
    }
  });

  it('asks for a lender review and its comments in one call', async () => {
    const gateway = await startTestGateway({ targets: site.targets, env: { PAGE_CACHE: 'false' } });
    try {
      const res = await load(gateway, LENDER_PATH);
      expect(callsOf(content, 'GetLenderReviewPage')).toBe(1);
      expect(callsOf(content, 'GetLenderReview')).toBe(0);
      expect(callsOf(content, 'ListComments')).toBe(0);
      expect(res.body).toContain(`<input type="hidden" name="page_path" value="${LENDER_PATH}"/>`);
      expect(text(res.body)).toContain('0 komentarzy · Brak ocen');
    } finally {
      await gateway.stop();
    }
  });

  it('keeps the answer that no table C is stored, as it keeps a table, for the pair pages that ask', async () => {
    const fake = createFakeRates();
    const withoutTableC = await startFakeService('rates', {
      ...fake.handlers,
      GetLatestTable: (request) => {
        if ((request as ratesV1.GetLatestTableRequest).table === ratesV1.TableType.C)
          throw new FakeGrpcError(status.NOT_FOUND, 'no table C stored yet');
        return fake.handlers['GetLatestTable']!(request);
      },
    });
    const gateway = await startTestGateway({
      targets: { ...site.targets, rates: withoutTableC.target },
      env: { PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'true' },
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        const res = await load(gateway, '/kalkulator-walutowy/pln-eur/');
        expect(text(res.body)).toContain('tabela C NBP niedostępna');
      }
      // The page's own data on every load; the missing table asked for once.
      expect(callsOf(withoutTableC, 'GetCurrencyPair')).toBe(3);
      expect(callsOf(withoutTableC, 'GetLatestTable')).toBe(1);
    } finally {
      await gateway.stop();
      await withoutTableC.stop();
    }
  });

  it('collects sitemap.xml from its own call and the NBP tables and the list of banks its pages share', async () => {
    const gateway = await startTestGateway({
      targets: site.targets,
      env: { PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'true' },
    });
    try {
      for (let i = 0; i < 2; i += 1) await load(gateway, '/sitemap.xml');
      // Each index: the pages section and the blog's outline.
      expect(callsOf(content, 'ListSitemapEntries')).toBe(4);
      // Tables A and B, asked by the converter's entries once each, then shared.
      expect(callsOf(rates, 'GetLatestTable')).toBe(2);
      // The banks' list of the bank pages' entries, asked once, then shared.
      expect(callsOf(rates, 'ListBanks')).toBe(1);
    } finally {
      await gateway.stop();
    }
  });

  it('without the page cache and by default, asks for every block again on every load', async () => {
    const gateway = await startTestGateway({ targets: site.targets, env: { PAGE_CACHE: 'false' } });
    try {
      for (const path of [SEO_PATH, SEO_PATH, '/sitemap.xml', '/sitemap.xml']) await load(gateway, path);
      expect(callsOf(content, 'GetNavigation')).toBe(2);
      expect(callsOf(offers, 'MatchOffers')).toBe(2);
      expect(callsOf(rates, 'GetLatestTable')).toBe(4);
      expect(callsOf(rates, 'ListBanks')).toBe(2);
    } finally {
      await gateway.stop();
    }
  });
});
