import { contentV1 } from '@lib/contracts';
import { ARTICLE_SLUG, LENDER_WITH_OFFER, createFakeContent } from './support/content-fixtures';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { rawRequest } from './support/raw-http';
import { type SiteServices, startSiteServices } from './support/site-services';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * With the page data uncached, each page load asks the services for that page's own data, and
 * the answers many pages share (navigation, the catalogue's figures, an offers block's ranking,
 * a lender's facts, the NBP table) come from the gateway's shared answers: asked once, whichever
 * page asked first. Over real gRPC to fake services that count their calls.
 */

const SEO_PATH = '/mala-pozyczka/';
const LENDER_PATH = `/opinie-o-pozyczkach/${LENDER_WITH_OFFER}/`;

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
  };
  const callsOf = (server: FakeGrpcServer, rpc: string) => server.calls.get(rpc) ?? 0;

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
      expect(callsOf(content, 'GetLenderReview')).toBe(2);
      expect(callsOf(content, 'ListComments')).toBe(2);
      expect(callsOf(offers, 'GetLender')).toBe(1);
      // The fake offers service does not answer GetLenderFacts: a failed answer is never kept.
      expect(callsOf(offers, 'GetLenderFacts')).toBe(2);
    } finally {
      await gateway.stop();
    }
  });

  it('asks for an article, its page and its comments in one round once the route list names it', async () => {
    // GetPage of the article waits (up to 300 ms) for GetArticle, and notes whether it came.
    const fake = createFakeContent().handlers;
    const path = `/${ARTICLE_SLUG}/`;
    let articleAsked: () => void = () => undefined;
    const askedWhilePageLoaded: boolean[] = [];
    const article = await startFakeService('content', {
      ...fake,
      ListRoutes: () => ({ routes: [{ path, type: contentV1.RouteType.BLOG, link: path, updatedAt: '' }] }),
      GetArticle: (request, call) => {
        articleAsked();
        return fake['GetArticle']!(request, call);
      },
      GetPage: async (request, call) => {
        if ((request as { path: string }).path === path) {
          const asked = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), 300);
            articleAsked = () => {
              clearTimeout(timer);
              resolve(true);
            };
          });
          articleAsked = () => undefined;
          askedWhilePageLoaded.push(asked);
        }
        return fake['GetPage']!(request, call);
      },
    });
    const gateway = await startTestGateway({
      targets: { ...site.targets, content: article.target },
      env: { PAGE_CACHE: 'false', SHARED_ANSWER_CACHE: 'true' },
    });
    try {
      await load(gateway, path);
      await load(gateway, path);
      // The first load comes before the route list is known: page first, then the article.
      expect(askedWhilePageLoaded).toEqual([false, true]);
      expect(article.calls.get('GetArticle')).toBe(2);
      expect(article.calls.get('ListComments')).toBe(2);
    } finally {
      await gateway.stop();
      await article.stop();
    }
  });

  it('without the page cache and by default, asks for every block again on every load', async () => {
    const gateway = await startTestGateway({ targets: site.targets, env: { PAGE_CACHE: 'false' } });
    try {
      for (const path of [SEO_PATH, SEO_PATH]) await load(gateway, path);
      expect(callsOf(content, 'GetNavigation')).toBe(2);
      expect(callsOf(offers, 'MatchOffers')).toBe(2);
    } finally {
      await gateway.stop();
    }
  });
});
