import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { daysBefore, scaledArticle, writeScaledContent } from './content-scale.cjs';

const ARTICLE = `---
slug: placa-minimalna
title: "Płaca minimalna 2026 – ile wynosi i od kiedy obowiązuje?"
description: Ile wynosi płaca minimalna.
h1: Płaca minimalna w 2026 roku
tags: [praca-i-kariera, gospodarka]
author: redakcja
written: 2026-01-05
edited: 2026-09-14
---
## Ile wynosi

Treść artykułu: kwota --- i daty.
`;

const frontMatter = (text: string) =>
  parseDocument(text.split('\n---\n')[0]!.replace(/^---\n/, '')).toJS() as Record<string, unknown>;

describe('scaledArticle', () => {
  it('gives a copy its own slug, a unique title within 60 characters and earlier dates, and keeps the rest', () => {
    const { slug, text } = scaledArticle(ARTICLE, 3);
    expect(slug).toBe('placa-minimalna-kopia-3');
    const data = frontMatter(text);
    expect(data).toMatchObject({
      slug: 'placa-minimalna-kopia-3',
      written: '2025-12-14',
      edited: '2026-08-23',
      h1: 'Płaca minimalna w 2026 roku',
      tags: ['praca-i-kariera', 'gospodarka'],
      author: 'redakcja',
    });
    expect(data['title']).toMatch(/^Płaca minimalna 2026 – ile wynosi i od kiedy .* \(kopia 3\)$/);
    expect((data['title'] as string).length).toBeLessThanOrEqual(60);
    expect(text.endsWith('## Ile wynosi\n\nTreść artykułu: kwota --- i daty.\n')).toBe(true);
  });

  it('keeps a short title whole and every copy different', () => {
    const short = ARTICLE.replace(/^title: .*$/m, 'title: Krótko');
    expect(frontMatter(scaledArticle(short, 2).text)['title']).toBe('Krótko (kopia 2)');
    const titles = new Set(
      [2, 3, 10, 100].map((copy) => frontMatter(scaledArticle(ARTICLE, copy).text)['title']),
    );
    expect(titles.size).toBe(4);
  });

  it('refuses what it cannot copy', () => {
    expect(() => scaledArticle(ARTICLE, 1)).toThrow('copy must be a whole number from 2');
    expect(() => scaledArticle('no front matter', 2)).toThrow('no front matter');
    expect(() => scaledArticle(ARTICLE.replace(/^slug: .*\n/m, ''), 2)).toThrow('the article has no slug');
  });
});

describe('daysBefore', () => {
  it('counts back across months and years', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-01-05', 22)).toBe('2025-12-14');
    expect(() => daysBefore('2026-13-01', 1)).toThrow('not a date');
  });
});

describe('writeScaledContent', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bench-content-spec-'));
    mkdirSync(path.join(dir, 'from/articles'), { recursive: true });
    mkdirSync(path.join(dir, 'from/pages'), { recursive: true });
    writeFileSync(path.join(dir, 'from/articles/placa-minimalna.md'), ARTICLE);
    writeFileSync(path.join(dir, 'from/pages/o-nas.md'), '---\npath: /o-nas/\n---\n');
    writeFileSync(path.join(dir, 'from/tags.yaml'), '[]\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the folder and adds scale − 1 copies of every article, each file named after its slug', () => {
    expect(writeScaledContent(path.join(dir, 'from'), path.join(dir, 'to'), 3)).toEqual({
      articles: 3,
      copies: 2,
    });
    expect(readdirSync(path.join(dir, 'to/articles')).sort()).toEqual([
      'placa-minimalna-kopia-2.md',
      'placa-minimalna-kopia-3.md',
      'placa-minimalna.md',
    ]);
    expect(readFileSync(path.join(dir, 'to/articles/placa-minimalna.md'), 'utf8')).toBe(ARTICLE);
    expect(readdirSync(path.join(dir, 'to')).sort()).toEqual(['articles', 'pages', 'tags.yaml']);
    expect(() => writeScaledContent(path.join(dir, 'from'), path.join(dir, 'to'), 2)).toThrow();
  });
});
