import { Injectable } from '@nestjs/common';
import { warsawMidnight } from '@lib/pl-calendar';
import { DataSource, type EntityManager } from 'typeorm';
import { allRoutes, type ContentBundle, type RouteRecord } from '../domain/content-model';
import { ArticleEntity } from './article.entity';
import { AuthorEntity } from './author.entity';
import { LenderReviewEntity } from './lender-review.entity';
import { NavigationEntity } from './navigation.entity';
import { PageEntity } from './page.entity';
import { TagEntity } from './tag.entity';

/**
 * Version of what the importer derives from a file (HTML, anchors, counts). Raise it when that
 * changes: rows written by an older version are then rewritten even though their files are not.
 */
export const RENDER_VERSION = 5;

export const NAVIGATION_KEY = 'main';

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  /** Paths of pages whose file is gone: hidden, never deleted (comments and views stay attached). */
  unpublished: string[];
  navigation: 'created' | 'updated' | 'unchanged';
}

type ExistingPage = Pick<
  PageEntity,
  'id' | 'path' | 'type' | 'contentHash' | 'renderVersion' | 'published' | 'publishedAt'
>;

/** The rows of one import's transaction, and what it did to them. */
class ImportTransaction {
  readonly summary: ImportSummary = {
    created: 0,
    updated: 0,
    unchanged: 0,
    unpublished: [],
    navigation: 'unchanged',
  };

  constructor(
    private readonly manager: EntityManager,
    private readonly existing: Map<string, ExistingPage>,
    private readonly now: Date,
  ) {}

  /** Inserts or updates the page row of a path; returns its id and whether anything was written. */
  async upsertRoute(record: RouteRecord): Promise<{ id: number; written: boolean }> {
    const current = this.existing.get(record.path);
    if (
      current &&
      current.contentHash === record.contentHash &&
      current.renderVersion === RENDER_VERSION &&
      current.type === record.type &&
      current.published
    ) {
      this.summary.unchanged += 1;
      return { id: current.id, written: false };
    }
    const values = {
      type: record.type,
      link: record.link,
      title: record.title,
      description: record.description,
      h1: record.h1,
      bodyHtml: record.bodyHtml,
      introHtml: record.introHtml,
      faq: record.faq,
      related: record.related,
      toc: record.toc,
      wordCount: record.wordCount,
      readingMinutes: record.readingMinutes,
      showOffers: record.showOffers,
      offerBlock: record.offerBlock,
      contentHash: record.contentHash,
      renderVersion: RENDER_VERSION,
      sourceFile: record.sourceFile,
      published: true,
      // Files without editorial dates (tags, authors, lenders) are dated by the import that changed them.
      publishedAt: record.publishedOn
        ? warsawMidnight(record.publishedOn)
        : (current?.publishedAt ?? this.now),
      updatedAt: record.updatedOn ? warsawMidnight(record.updatedOn) : this.now,
    };
    const pages = this.manager.getRepository(PageEntity);
    if (current) {
      await pages.update({ id: current.id }, values);
      this.summary.updated += 1;
      return { id: current.id, written: true };
    }
    const inserted = await pages.insert({ path: record.path, ...values });
    const id = (inserted.identifiers[0] as { id: number }).id;
    this.existing.set(record.path, {
      id,
      path: record.path,
      type: record.type,
      contentHash: record.contentHash,
      renderVersion: RENDER_VERSION,
      published: true,
      publishedAt: values.publishedAt,
    });
    this.summary.created += 1;
    return { id, written: true };
  }

  async unpublishMissing(paths: readonly string[]): Promise<void> {
    // Only imported rows: pages seeded by a migration (source_file NULL) stay until a file takes their path.
    // node-postgres answers an UPDATE … RETURNING through TypeORM as [rows, affected count].
    const rows = await this.manager.query<[{ path: string }[], number]>(
      `UPDATE "content"."pages" SET "published" = false, "updated_at" = $2
        WHERE "source_file" IS NOT NULL AND "published" AND NOT ("path" = ANY($1::text[]))
        RETURNING "path"`,
      [paths, this.now],
    );
    this.summary.unpublished = rows[0].map((row) => row.path).sort();
  }
}

/** Writes what an import validated and rendered into the content schema. */
@Injectable()
export class ContentBundleWriter {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Writes a validated bundle in one transaction: upserts by path, skips rows whose source hash is
   * unchanged, unpublishes pages whose file disappeared. Concurrent imports (two replicas starting, or
   * the CLI beside a running service) queue on an advisory lock instead of interleaving.
   */
  write(bundle: ContentBundle, now = new Date()): Promise<ImportSummary> {
    return this.dataSource.transaction((manager) => writeInTransaction(manager, bundle, now));
  }
}

async function writeInTransaction(
  manager: EntityManager,
  bundle: ContentBundle,
  now: Date,
): Promise<ImportSummary> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['content:import']);
  const current = await manager.getRepository(PageEntity).find({
    select: {
      id: true,
      path: true,
      type: true,
      contentHash: true,
      renderVersion: true,
      published: true,
      publishedAt: true,
    },
  });
  const writer = new ImportTransaction(manager, new Map(current.map((page) => [page.path, page])), now);

  const authorIds = new Map<string, number>();
  const authors = manager.getRepository(AuthorEntity);
  const knownAuthors = new Map((await authors.find()).map((a) => [a.slug, a]));
  for (const author of bundle.authors) {
    const { id: pageId, written } = await writer.upsertRoute(author.route);
    const row = knownAuthors.get(author.slug);
    const values = { pageId, name: author.name, role: author.role };
    if (!row)
      authorIds.set(
        author.slug,
        ((await authors.insert({ slug: author.slug, ...values })).identifiers[0] as { id: number }).id,
      );
    else {
      if (written || row.pageId !== pageId) await authors.update({ id: row.id }, values);
      authorIds.set(author.slug, row.id);
    }
  }

  const tags = manager.getRepository(TagEntity);
  const knownTags = new Map((await tags.find()).map((t) => [t.slug, t]));
  for (const tag of bundle.tags) {
    const { id: pageId, written } = await writer.upsertRoute(tag.route);
    const row = knownTags.get(tag.slug);
    const values = { pageId, name: tag.name, description: tag.description, position: tag.position };
    if (!row) await tags.insert({ slug: tag.slug, ...values });
    else if (written || row.pageId !== pageId) await tags.update({ id: row.id }, values);
  }

  const lenders = manager.getRepository(LenderReviewEntity);
  const knownLenders = new Map((await lenders.find()).map((l) => [l.slug, l]));
  for (const lender of bundle.lenders) {
    const { id: pageId, written } = await writer.upsertRoute(lender.route);
    const row = knownLenders.get(lender.slug);
    const values = { pageId, name: lender.name, subtitle: lender.subtitle, info: lender.info };
    if (!row) await lenders.insert({ slug: lender.slug, ...values });
    else if (written || row.pageId !== pageId) await lenders.update({ id: row.id }, values);
  }

  for (const page of bundle.pages) await writer.upsertRoute(page);

  const articles = manager.getRepository(ArticleEntity);
  const knownArticles = new Map((await articles.find()).map((a) => [a.slug, a]));
  for (const article of bundle.articles) {
    const { id: pageId, written } = await writer.upsertRoute(article.route);
    const row = knownArticles.get(article.slug);
    const authorId = authorIds.get(article.authorSlug);
    // buildBundle guarantees every article's author is in the bundle.
    if (authorId === undefined)
      throw new Error(`author ${article.authorSlug} of ${article.route.sourceFile} was not written`);
    const values = {
      pageId,
      authorId,
      tags: article.tags,
      writtenOn: article.written,
      editedOn: article.edited,
      sources: article.sources,
    };
    if (!row) await articles.insert({ slug: article.slug, ...values });
    else if (written || row.pageId !== pageId || row.authorId !== authorId)
      await articles.update({ id: row.id }, values);
  }

  await writer.unpublishMissing(allRoutes(bundle).map((route) => route.path));

  const navigation = manager.getRepository(NavigationEntity);
  const stored = await navigation.findOneBy({ key: NAVIGATION_KEY });
  if (
    !stored ||
    stored.contentHash !== bundle.navigation.contentHash ||
    stored.renderVersion !== RENDER_VERSION
  ) {
    await navigation.upsert(
      {
        key: NAVIGATION_KEY,
        document: bundle.navigation.document,
        contentHash: bundle.navigation.contentHash,
        renderVersion: RENDER_VERSION,
        sourceFile: bundle.navigation.sourceFile,
        updatedAt: now,
      },
      ['key'],
    );
    writer.summary.navigation = stored ? 'updated' : 'created';
  }
  return writer.summary;
}
