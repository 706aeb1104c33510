import { type ContentTree } from './content-tree';
import { fieldName, type ContentIssue } from './content-issues';
import { articlePath } from './catalogue';
import { parseFrontMatter } from './front-matter';
import { articleSchema, docSchema, pageSchema, type Figure } from './content-schemas';

/** What `npm run content:stale` knows about one dated content file. */
export interface DatedContent {
  /** As messages name files: 'content/articles/placa-minimalna.md'. */
  file: string;
  path: string;
  /** The text's last editorial change: `edited` of an article, `updated` of a page or document. */
  editedAt: string;
  figures: readonly Figure[];
}

export interface StaleOptions {
  /** Today's Warsaw day, YYYY-MM-DD (injected: the report must not move with the machine's time zone). */
  today: string;
  /** A text older than this many days is stale. */
  maxAgeDays: number;
  /** A figure valid until a day within this many days is listed as expiring soon (not stale yet). */
  soonDays: number;
}

export type StaleFinding =
  | { kind: 'text'; file: string; path: string; editedAt: string; ageDays: number }
  | { kind: 'figure-expired'; file: string; path: string; figure: string; validUntil: string }
  | { kind: 'figure-unchecked'; file: string; path: string; figure: string; checked: string; ageDays: number }
  | {
      kind: 'figure-expiring';
      file: string;
      path: string;
      figure: string;
      validUntil: string;
      daysLeft: number;
    };

export interface StaleReport {
  /** Files checked (pages, documents and articles that validate). */
  checked: number;
  /** Stale: texts and figures past their age or validity. They make the CLI exit 1. */
  stale: StaleFinding[];
  /** Figures whose validity ends within `soonDays`: a reminder, not a failure. */
  expiring: StaleFinding[];
  /** Files the report could not read (the import names the same problems). */
  problems: ContentIssue[];
}

const DAY_MS = 86_400_000;

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Reads the dated files of a content tree: pages/, docs/ and articles/ with their figures. */
export function collectDatedContent(tree: ContentTree): {
  entries: DatedContent[];
  problems: ContentIssue[];
} {
  const entries: DatedContent[] = [];
  const problems: ContentIssue[] = [...tree.problems];
  for (const file of tree.files) {
    const folder = file.rel.slice(0, Math.max(0, file.rel.indexOf('/')));
    if (folder !== 'pages' && folder !== 'docs' && folder !== 'articles') continue;
    const display = `${tree.label}/${file.rel}`;
    const front = parseFrontMatter(file.data.toString('utf8'));
    if (!front.ok) {
      problems.push({ file: display, field: front.field, message: front.message });
      continue;
    }
    const schema = folder === 'articles' ? articleSchema : folder === 'docs' ? docSchema : pageSchema;
    const parsed = schema.safeParse(front.data ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ file: display, field: fieldName(issue.path), message: issue.message });
      continue;
    }
    const data = parsed.data;
    if ('slug' in data)
      entries.push({
        file: display,
        path: articlePath(data.slug),
        editedAt: data.edited,
        figures: data.figures ?? [],
      });
    else
      entries.push({ file: display, path: data.path, editedAt: data.updated, figures: data.figures ?? [] });
  }
  return { entries, problems };
}

/**
 * What is out of date on `today`: texts whose last edit is older than `maxAgeDays`; figures set for
 * a period (`validUntil`) once that period has ended; open-ended figures (a legal cap "until changed")
 * when they were last checked (`checked`, else the text's edit) more than `maxAgeDays` ago.
 */
export function findStale(
  entries: readonly DatedContent[],
  options: StaleOptions,
): Omit<StaleReport, 'problems'> {
  const { today, maxAgeDays, soonDays } = options;
  const stale: StaleFinding[] = [];
  const expiring: StaleFinding[] = [];
  for (const entry of entries) {
    const { file, path } = entry;
    const ageDays = daysBetween(entry.editedAt, today);
    if (ageDays > maxAgeDays) stale.push({ kind: 'text', file, path, editedAt: entry.editedAt, ageDays });
    for (const figure of entry.figures) {
      if (figure.validUntil !== undefined) {
        const daysLeft = daysBetween(today, figure.validUntil);
        if (daysLeft < 0)
          stale.push({
            kind: 'figure-expired',
            file,
            path,
            figure: figure.name,
            validUntil: figure.validUntil,
          });
        else if (daysLeft <= soonDays)
          expiring.push({
            kind: 'figure-expiring',
            file,
            path,
            figure: figure.name,
            validUntil: figure.validUntil,
            daysLeft,
          });
        continue;
      }
      const checked = figure.checked ?? entry.editedAt;
      const checkedAge = daysBetween(checked, today);
      if (checkedAge > maxAgeDays)
        stale.push({
          kind: 'figure-unchecked',
          file,
          path,
          figure: figure.name,
          checked,
          ageDays: checkedAge,
        });
    }
  }
  const order = (a: StaleFinding, b: StaleFinding) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  return { checked: entries.length, stale: stale.sort(order), expiring: expiring.sort(order) };
}

/** One line per finding, as the CLI prints them. */
export function describeFinding(finding: StaleFinding, maxAgeDays: number): string {
  switch (finding.kind) {
    case 'text':
      return `${finding.file} (${finding.path}): text edited ${finding.editedAt}, ${finding.ageDays} days ago (more than ${maxAgeDays})`;
    case 'figure-expired':
      return `${finding.file} (${finding.path}): figure "${finding.figure}" was valid until ${finding.validUntil}`;
    case 'figure-unchecked':
      return `${finding.file} (${finding.path}): figure "${finding.figure}" last checked ${finding.checked}, ${finding.ageDays} days ago (more than ${maxAgeDays})`;
    case 'figure-expiring':
      return `${finding.file} (${finding.path}): figure "${finding.figure}" is valid until ${finding.validUntil} (${finding.daysLeft} days left)`;
  }
}
