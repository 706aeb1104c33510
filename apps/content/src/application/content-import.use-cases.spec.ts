import { type Cache, MemoryCache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { contentTree, markdown, seoFront, silentLogger, strictMock } from '@lib/testing';
import { ContentValidationError } from '../domain/content-issues';
import { type ContentBundle } from '../domain/content-model';
import { type ContentBundleWriter, type ImportSummary } from '../persistence/content-bundle.writer';
import { type ContentFolder } from '../persistence/content-folder';
import { ContentImportUseCases } from './content-import.use-cases';

const CONTENT_DIR = '/srv/content';
const summary: ImportSummary = {
  created: 11,
  updated: 1,
  unchanged: 3,
  unpublished: ['/stara/'],
  navigation: 'updated',
};

const folderWith = (tree = contentTree()) => {
  const read = jest.fn().mockResolvedValue(tree);
  return { folder: strictMock<ContentFolder>('folder', { read }), read };
};

async function warmCache(): Promise<MemoryCache> {
  const cache = new MemoryCache({ logger: silentLogger() });
  await cache.set('cache:page:/mala-pozyczka/', { h1: 'Stary nagłówek' }, 60_000);
  await cache.set('rates:latest:A', { no: '068/A/NBP/2025' }, 60_000);
  return cache;
}

describe('ContentImportUseCases.run', () => {
  it('reads CONTENT_DIR, writes the validated bundle, clears the content answers and reports what it did', async () => {
    const { folder, read } = folderWith();
    const write = jest.fn().mockResolvedValue(summary);
    const cache = await warmCache();
    const info = jest.fn();
    const useCases = new ContentImportUseCases(
      folder,
      strictMock<ContentBundleWriter>('writer', { write }),
      cache,
      { CONTENT_DIR },
      strictMock<Logger>('logger', { info }),
    );

    const result = await useCases.run();
    expect(result).toEqual({ ...summary, files: 6, ms: expect.any(Number) });
    expect(read).toHaveBeenCalledWith(CONTENT_DIR);
    const bundle = write.mock.calls[0]![0] as ContentBundle;
    expect(bundle.pages.map((p) => p.path)).toEqual(['/mala-pozyczka/']);
    expect(bundle.articles.map((a) => a.slug)).toEqual(['placa-minimalna']);
    expect(bundle.tags).toHaveLength(14);
    expect(await cache.get('cache:page:/mala-pozyczka/')).toBeUndefined();
    expect(await cache.get('rates:latest:A')).toBeDefined();
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ dir: CONTENT_DIR, files: 6, created: 11, unpublished: ['/stara/'] }),
      'content imported',
    );
  });

  it('imports another folder when asked, and without a cache (the CLI without Redis) clears nothing', async () => {
    const { folder, read } = folderWith();
    const useCases = new ContentImportUseCases(
      folder,
      strictMock<ContentBundleWriter>('writer', { write: jest.fn().mockResolvedValue(summary) }),
      undefined,
      { CONTENT_DIR },
      silentLogger(),
    );

    await expect(useCases.run('/tmp/inna-tresc')).resolves.toMatchObject({ created: 11 });
    expect(read).toHaveBeenCalledWith('/tmp/inna-tresc');
  });

  it('writes nothing and keeps the cache when a file does not validate, listing every problem', async () => {
    const { folder } = folderWith(
      contentTree({
        'pages/mala-pozyczka.md': markdown(seoFront({ title: 'x'.repeat(61), h1: undefined }), 'Za krótko.'),
      }),
    );
    const cache = await warmCache();
    const useCases = new ContentImportUseCases(
      folder,
      strictMock('writer'),
      cache,
      { CONTENT_DIR },
      silentLogger(),
    );

    const error = (await useCases.run().catch((e: unknown) => e)) as ContentValidationError;
    expect(error).toBeInstanceOf(ContentValidationError);
    expect(error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'content/pages/mala-pozyczka.md', field: 'title' }),
        expect.objectContaining({ file: 'content/pages/mala-pozyczka.md', field: 'h1' }),
      ]),
    );
    expect(await cache.get('cache:page:/mala-pozyczka/')).toBeDefined();
  });

  it('still answers the import when the cache cannot be cleared, with a warning', async () => {
    const warn = jest.fn();
    const useCases = new ContentImportUseCases(
      folderWith().folder,
      strictMock<ContentBundleWriter>('writer', { write: jest.fn().mockResolvedValue(summary) }),
      strictMock<MemoryCache>('cache', {
        deleteByPrefix: jest.fn().mockRejectedValue(new Error('Redis is away')),
      }),
      { CONTENT_DIR },
      strictMock<Logger>('logger', { warn, info: jest.fn() }),
    );

    await expect(useCases.run()).resolves.toMatchObject({ created: 11 });
    expect(warn).toHaveBeenCalledWith(
      expect.anything(),
      'content imported but the cache could not be cleared',
    );
  });
});

describe('ContentImportUseCases.runAtStart', () => {
  it('logs every problem of invalid content and keeps the service up', async () => {
    const error = jest.fn();
    const { folder } = folderWith(contentTree({ 'tags.yaml': null }));
    const useCases = new ContentImportUseCases(
      folder,
      strictMock('writer'),
      strictMock<Cache>('cache'),
      { CONTENT_DIR },
      strictMock<Logger>('logger', { error }),
    );

    await expect(useCases.runAtStart()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ dir: CONTENT_DIR, problems: expect.any(Number) }),
      expect.stringMatching(
        /content\/tags\.yaml: \(file\): is required[\s\S]*serving the content of the last successful import$/,
      ),
    );
  });

  it('logs any other failure the same way, without throwing', async () => {
    const error = jest.fn();
    const failure = new Error('PostgreSQL is away');
    const useCases = new ContentImportUseCases(
      folderWith().folder,
      strictMock<ContentBundleWriter>('writer', { write: jest.fn().mockRejectedValue(failure) }),
      strictMock<Cache>('cache'),
      { CONTENT_DIR },
      strictMock<Logger>('logger', { error }),
    );

    await expect(useCases.runAtStart()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      { err: failure, dir: CONTENT_DIR },
      'content import failed; serving the content of the last successful import',
    );
  });
});
