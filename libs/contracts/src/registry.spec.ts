import { existsSync } from 'node:fs';
import path from 'node:path';
import * as protoLoader from '@grpc/proto-loader';
import {
  HEALTH,
  LOADER_OPTIONS,
  PROTO_ROOT,
  SERVICES,
  SERVICE_NAMES,
  contentV1,
  type commonV1,
  type eventsV1,
  fullServiceName,
  protoPathsFor,
  type ServiceName,
} from './index';

// The generated interfaces promise a shape; these tests hold @grpc/proto-loader (what NestJS
// and createServiceClient decode with) to that promise.

function methodOf(name: ServiceName, rpc: string): protoLoader.MethodDefinition<object, object> {
  const definition = protoLoader.loadSync(protoPathsFor(name), LOADER_OPTIONS);
  const service = definition[fullServiceName(name)] as protoLoader.ServiceDefinition;
  const method = service[rpc];
  if (!method) throw new Error(`${rpc} missing`);
  return method;
}

function roundTripResponse(name: ServiceName, rpc: string, value: object): unknown {
  const method = methodOf(name, rpc);
  return method.responseDeserialize(method.responseSerialize(value));
}

function roundTripRequest(name: ServiceName, rpc: string, value: object): unknown {
  const method = methodOf(name, rpc);
  return method.requestDeserialize(method.requestSerialize(value));
}

describe('service registry', () => {
  it('points PROTO_ROOT at the proto directory', () => {
    expect(path.isAbsolute(PROTO_ROOT)).toBe(true);
    expect(existsSync(path.join(PROTO_ROOT, HEALTH.protoFile))).toBe(true);
  });

  it.each(SERVICE_NAMES)('loads %s with its service and grpc.health.v1', (name) => {
    const paths = protoPathsFor(name);
    expect(paths).toEqual([
      path.join(PROTO_ROOT, SERVICES[name].protoFile),
      path.join(PROTO_ROOT, HEALTH.protoFile),
    ]);
    const definition = protoLoader.loadSync(paths, LOADER_OPTIONS);
    expect(definition[fullServiceName(name)]).toBeDefined();
    expect(definition['grpc.health.v1.Health']).toBeDefined();
  });

  it('rejects an unknown service name', () => {
    expect(() => protoPathsFor('billing' as ServiceName)).toThrow("unknown service 'billing'");
  });
});

describe('proto-loader object shape matches the generated types', () => {
  it('fills defaults, keeps int64 as number and enums as numbers, and nulls unset sub-messages', () => {
    const sent: Partial<contentV1.Article> = {
      description: 'Opis',
      ratingsCount: 3,
      tags: [{ slug: 'kredyty', url: '/blog/kredyty/', name: 'Kredyty', description: '', articlesCount: 12 }],
    };
    const article = roundTripResponse('content', 'GetArticle', sent) as contentV1.Article;

    const expected: contentV1.Article = {
      summary: null,
      description: 'Opis',
      bodyHtml: '',
      author: null,
      tags: [{ slug: 'kredyty', url: '/blog/kredyty/', name: 'Kredyty', description: '', articlesCount: 12 }],
      ratingsCount: 3,
      ratingsSum: 0,
      commentsCount: 0,
      toc: [],
      similar: [],
      popular: [],
      h1: '',
      sources: [],
      wordCount: 0,
    };
    expect(article).toEqual(expected);
  });

  it('decodes int64 fields to JavaScript numbers', () => {
    const summary: contentV1.ArticleSummary = {
      slug: 'placa-minimalna',
      path: '/placa-minimalna/',
      title: 'Płaca minimalna',
      excerpt: '',
      imageUrl: '',
      imageCaption: '',
      writtenAt: '2024-01-02',
      editedAt: '',
      views: 9_007_199_254,
      readingTimeMinutes: 4,
      tagSlugs: ['finanse-domowe'],
      authorId: 7,
    };
    const page = roundTripResponse('content', 'ListArticles', {
      articles: [summary],
      pageInfo: { page: 2, pageSize: 10, totalItems: 41, totalPages: 5 },
    }) as contentV1.ListArticlesResponse;

    expect(page.articles[0]).toEqual(summary);
    expect(typeof page.articles[0]?.views).toBe('number');
    expect(page.pageInfo).toEqual<commonV1.PageInfo>({
      page: 2,
      pageSize: 10,
      totalItems: 41,
      totalPages: 5,
    });
  });

  it('leaves an absent proto3 optional field undefined and a present one set', () => {
    const absent = roundTripRequest('events', 'CountEvents', {
      from: '2024-01-01',
      to: '2024-01-31',
    }) as eventsV1.CountEventsRequest;
    expect(absent.eventId).toBeUndefined();

    const present = roundTripRequest('events', 'CountEvents', {
      from: '2024-01-01',
      to: '2024-01-31',
      eventId: 5,
    }) as eventsV1.CountEventsRequest;
    expect(present.eventId).toBe(5);
  });

  it('carries enums as their numeric values', () => {
    const request = roundTripRequest('content', 'ListRoutes', {
      type: contentV1.RouteType.LENDER,
    }) as contentV1.ListRoutesRequest;
    expect(request.type).toBe(4);
    expect(contentV1.RouteType[request.type]).toBe('LENDER');
  });
});
