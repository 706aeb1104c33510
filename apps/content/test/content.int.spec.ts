import { status } from '@grpc/grpc-js';
import { contentV1, type GrpcCallError } from '@lib/contracts';
import { CONTENT_FIXTURE_DIR, startTestService, type TestService } from '@lib/testing';
import { contentService } from '../src/content.service-definition';
import { PageEntity } from '../src/persistence/page.entity';

describe('content service over gRPC (real PostgreSQL)', () => {
  let t: TestService<'content'>;
  beforeAll(async () => {
    t = await startTestService(contentService, { env: { CONTENT_DIR: CONTENT_FIXTURE_DIR } });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers a page by path with route metadata and breadcrumbs', async () => {
    const page = await t.client.getPage({ path: '/o-nas/' });
    expect(page).toMatchObject({
      path: '/o-nas/',
      type: contentV1.RouteType.PAGE,
      link: '/o-nas/',
      h1: 'O nas',
      noindex: false,
    });
    expect(page.bodyHtml).toContain('Nie udzielamy pożyczek ani kredytów');
    expect(page.breadcrumbs).toEqual([
      { text: 'Strona główna', link: '/' },
      { text: 'O nas', link: '' },
    ]);
    expect(page.title.length).toBeLessThanOrEqual(60);
    expect(page.description.length).toBeLessThanOrEqual(160);
  });

  it('keeps serving the core pages seeded by the first migration until a content file takes their path', async () => {
    const home = await t.client.getPage({ path: '/' });
    expect(home).toMatchObject({
      type: contentV1.RouteType.PAGE,
      h1: 'Pożyczka online do 15 000 zł — porównaj oferty w kilka minut',
      breadcrumbs: [],
    });
    await expect(t.client.getPage({ path: '/jak-to-dziala/' })).resolves.toMatchObject({
      h1: 'Jak to działa',
    });
  });

  it('serves what is in the database and hides unpublished pages', async () => {
    await t.service.dataSource
      .getRepository(PageEntity)
      .update({ path: '/polityka-cookies/' }, { published: false });
    const error = (await t.client
      .getPage({ path: '/polityka-cookies/' })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.NOT_FOUND);
    expect(error.message).toContain('/polityka-cookies/');
  });

  it('rejects a malformed path with INVALID_ARGUMENT', async () => {
    const error = (await t.client
      .getPage({ path: '../etc/passwd' })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations[0]?.field).toBe('path');
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});
