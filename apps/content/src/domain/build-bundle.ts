import { createHash } from 'node:crypto';
import { type z } from 'zod';
import { articlePath, authorPath, lenderPath, tagPath } from './catalogue';
import { type ContentFile, type ContentTree } from './content-tree';
import { parseFrontMatter, parseYaml } from './front-matter';
import { fieldName, IssueCollector } from './content-issues';
import { paragraph, renderMarkdown, type RenderedMarkdown } from './markdown';
import { typesetContent } from './typography';
import {
  type ArticleRecord,
  type AuthorRecord,
  type ContentBundle,
  type FaqEntry,
  type LenderRecord,
  type MenuColumnDoc,
  type MenuLinkDoc,
  type NavigationRecord,
  type OfferBlockRecord,
  type RouteRecord,
  type TagRecord,
} from './content-model';
import {
  type OffersDeclaration,
  articleSchema,
  authorSchema,
  docSchema,
  lenderSchema,
  navigationSchema,
  pageSchema,
  tagsSchema,
  type NavigationFile,
} from './content-schemas';
import { countWords, readingMinutes } from './text-stats';

/** Structure rules of content/README.md that the front matter schemas cannot see. */
export const RULES = { seoMinSections: 3, seoMinWords: 300, articleMinWords: 500 } as const;

/** Generated titles of tag and author pages must stay within the 60 characters of any title. */
const TAG_TITLE = (name: string) => `${name} – artykuły na blogu`;
const AUTHOR_TITLE = (name: string) => `${name} – autor tekstów`;
const TITLE_MAX = 60;

/** A page's `offers:` declaration as the page row keeps it (absent keys: no narrowing). */
export function toOfferBlockRecord(declared: OffersDeclaration): OfferBlockRecord {
  return {
    amountZl: declared.amount,
    periodDays: declared.periodDays,
    productTypes: declared.products ?? [],
    firstLoanFreeOnly: declared.firstLoanFree ?? false,
    ageFrom: declared.age?.min ?? 0,
    ageTo: declared.age?.max ?? 0,
    business: declared.business ?? false,
    withoutCreditCheck: declared.withoutCreditCheck ?? false,
    fallbackPath: declared.fallback ?? '',
    ...(declared.applicants
      ? {
          applicants: {
            ageFrom: declared.applicants.age?.min ?? 0,
            ageTo: declared.applicants.age?.max ?? 0,
            documents: declared.applicants.documents ?? [],
          },
        }
      : {}),
  };
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Cuts a description for a meta tag at a word boundary, marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, '')}…`;
}

interface Parsed<T> {
  data: T;
  body: string;
  file: ContentFile;
  display: string;
}

class BundleBuilder {
  readonly issues = new IssueCollector();
  private readonly pages: RouteRecord[] = [];
  private readonly articles: ArticleRecord[] = [];
  private readonly authors: AuthorRecord[] = [];
  private readonly tags: TagRecord[] = [];
  private readonly lenders: LenderRecord[] = [];
  private navigation: NavigationRecord | undefined;
  private tagsValid = false;
  /** Paths and author slugs of files that failed validation: cross-checks must not blame others for them. */
  private readonly invalidPaths = new Set<string>();
  private readonly invalidAuthors = new Set<string>();

  constructor(private readonly label: string) {}

  display(rel: string): string {
    return `${this.label}/${rel}`;
  }

  /** whole: how to name the file's top level when the problem is there ('front matter' or '(file)'). */
  private reportZod(display: string, error: z.ZodError, whole: string): void {
    for (const issue of error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          this.issues.add(
            display,
            fieldName([...issue.path, key], whole),
            'is not a known field (see content/README.md)',
          );
        }
      } else {
        this.issues.add(display, fieldName(issue.path, whole), issue.message);
      }
    }
  }

  private parseMarkdown<S extends z.ZodType>(file: ContentFile, schema: S): Parsed<z.output<S>> | undefined {
    const display = this.display(file.rel);
    const front = parseFrontMatter(file.data.toString('utf8'));
    if (!front.ok) {
      this.issue(file, front.field, front.message, undefined);
      return undefined;
    }
    const result = schema.safeParse(typesetContent(front.data ?? {}));
    if (!result.success) {
      this.reportZod(display, result.error, 'front matter');
      this.rememberInvalid(file, front.data);
      return undefined;
    }
    return { data: result.data, body: typesetContent(front.body), file, display };
  }

  private issue(file: ContentFile, field: string, message: string, data: unknown): void {
    this.issues.add(this.display(file.rel), field, message);
    this.rememberInvalid(file, data);
  }

  /** Where an invalid file would have been published, as far as its name and front matter tell. */
  private rememberInvalid(file: ContentFile, data: unknown): void {
    const folder = file.rel.slice(0, file.rel.indexOf('/'));
    const name = this.fileName(file);
    const claimed =
      typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['path'] : undefined;
    if ((folder === 'pages' || folder === 'docs') && typeof claimed === 'string')
      this.invalidPaths.add(claimed);
    if (folder === 'articles') this.invalidPaths.add(articlePath(name));
    if (folder === 'lenders') this.invalidPaths.add(lenderPath(name));
    if (folder === 'authors') {
      this.invalidPaths.add(authorPath(name));
      this.invalidAuthors.add(name);
    }
  }

  /** Renders one Markdown field and reports what the allow-list would silently drop. */
  private render(display: string, field: string, source: string, headingIds: boolean): RenderedMarkdown {
    const rendered = renderMarkdown(source, { headingIds });
    if (rendered.headings.h1 > 0) {
      this.issues.add(
        display,
        field,
        'must not use level-1 headings ("# …"): the page H1 comes from the front matter',
      );
    }
    if (rendered.images > 0)
      this.issues.add(display, field, `images are not supported (found ${rendered.images})`);
    return rendered;
  }

  private renderBody(parsed: Parsed<unknown>): RenderedMarkdown {
    if (parsed.body.trim() === '') this.issues.add(parsed.display, 'body', 'must not be empty');
    return this.render(parsed.display, 'body', parsed.body, true);
  }

  private renderFaq(
    display: string,
    faq: readonly { question: string; answer: string }[] | undefined,
  ): { items: FaqEntry[]; words: number } {
    let words = 0;
    const items = (faq ?? []).map((item, index) => {
      const answer = this.render(display, `faq[${index}].answer`, item.answer, false);
      words += countWords(item.question) + answer.words;
      return { question: item.question, answerHtml: answer.html };
    });
    return { items, words };
  }

  private fileName(file: ContentFile): string {
    return file.rel.slice(file.rel.lastIndexOf('/') + 1).replace(/\.md$/, '');
  }

  private checkFileName(parsed: Parsed<{ slug: string }>): void {
    const expected = this.fileName(parsed.file);
    if (parsed.data.slug !== expected)
      this.issues.add(parsed.display, 'slug', `must match the file name ("${expected}")`);
  }

  addPage(file: ContentFile, kind: 'pages' | 'docs'): void {
    const parsed =
      kind === 'pages' ? this.parseMarkdown(file, pageSchema) : this.parseMarkdown(file, docSchema);
    if (!parsed) return;
    const { data, display } = parsed;
    const body = this.renderBody(parsed);
    const intro = data.intro === undefined ? undefined : this.render(display, 'intro', data.intro, false);
    const faq = this.renderFaq(display, data.faq);
    const words = body.words + (intro?.words ?? 0) + faq.words;
    if (data.type === 'seo') {
      if (body.headings.h2 < RULES.seoMinSections) {
        this.issues.add(
          display,
          'body',
          `must have at least ${RULES.seoMinSections} "##" sections, has ${body.headings.h2}`,
        );
      }
      if (words < RULES.seoMinWords) {
        this.issues.add(
          display,
          'body',
          `must have at least ${RULES.seoMinWords} words with intro and FAQ, has ${words}`,
        );
      }
    }
    this.pages.push({
      path: data.path,
      type: data.type,
      link: data.path,
      title: data.title,
      description: data.description,
      h1: data.h1,
      bodyHtml: body.html,
      introHtml: intro?.html ?? '',
      faq: faq.items,
      related: data.related ?? [],
      toc: body.toc,
      wordCount: words,
      readingMinutes: readingMinutes(words),
      showOffers: data.offers !== undefined && data.offers !== false,
      offerBlock: data.offers ? toOfferBlockRecord(data.offers) : null,
      publishedOn: data.published,
      updatedOn: data.updated,
      sourceFile: display,
      contentHash: sha256(file.data),
    });
  }

  addArticle(file: ContentFile): void {
    const parsed = this.parseMarkdown(file, articleSchema);
    if (!parsed) return;
    this.checkFileName(parsed);
    const { data, display } = parsed;
    const body = this.renderBody(parsed);
    if (body.words < RULES.articleMinWords)
      this.issues.add(
        display,
        'body',
        `must have at least ${RULES.articleMinWords} words, has ${body.words}`,
      );
    if (body.headings.h2 < 1)
      this.issues.add(display, 'body', 'must have "##" sections (they make the table of contents)');
    const path = articlePath(data.slug);
    this.articles.push({
      route: {
        path,
        type: 'blog',
        link: path,
        title: data.title,
        description: data.description,
        h1: data.h1,
        bodyHtml: body.html,
        introHtml: '',
        faq: [],
        related: [],
        toc: body.toc,
        wordCount: body.words,
        readingMinutes: readingMinutes(body.words),
        showOffers: false,
        offerBlock: null,
        publishedOn: data.written,
        updatedOn: data.edited,
        sourceFile: display,
        contentHash: sha256(file.data),
      },
      slug: data.slug,
      authorSlug: data.author,
      tags: data.tags,
      written: data.written,
      edited: data.edited,
      sources: data.sources ?? [],
    });
  }

  addAuthor(file: ContentFile): void {
    const parsed = this.parseMarkdown(file, authorSchema);
    if (!parsed) return;
    this.checkFileName(parsed);
    const { data, display } = parsed;
    const title = AUTHOR_TITLE(data.name);
    if (title.length > TITLE_MAX) {
      this.issues.add(
        display,
        'name',
        `is too long for the page title "${title}" (at most ${TITLE_MAX} characters)`,
      );
    }
    const body = this.renderBody(parsed);
    const path = authorPath(data.slug);
    this.authors.push({
      route: {
        path,
        type: 'author',
        link: path,
        title,
        description: data.description,
        h1: data.name,
        bodyHtml: body.html,
        introHtml: '',
        faq: [],
        related: [],
        toc: [],
        wordCount: body.words,
        readingMinutes: readingMinutes(body.words),
        showOffers: false,
        offerBlock: null,
        publishedOn: null,
        updatedOn: null,
        sourceFile: display,
        contentHash: sha256(file.data),
      },
      slug: data.slug,
      name: data.name,
      role: data.role,
    });
  }

  addLender(file: ContentFile): void {
    const parsed = this.parseMarkdown(file, lenderSchema);
    if (!parsed) return;
    this.checkFileName(parsed);
    const { data, display } = parsed;
    const body = this.renderBody(parsed);
    const faq = this.renderFaq(display, data.faq);
    const words = body.words + faq.words;
    const path = lenderPath(data.slug);
    this.lenders.push({
      route: {
        path,
        type: 'lender',
        link: path,
        title: data.title,
        description: data.description,
        h1: data.title,
        bodyHtml: body.html,
        introHtml: '',
        faq: faq.items,
        related: [],
        toc: body.toc,
        wordCount: words,
        readingMinutes: readingMinutes(words),
        // Lender pages invite the visitor to other offers when this lender's is unavailable.
        showOffers: true,
        offerBlock: null,
        publishedOn: null,
        updatedOn: null,
        sourceFile: display,
        contentHash: sha256(file.data),
      },
      slug: data.slug,
      name: data.name,
      subtitle: data.subtitle,
      // No facts here any more: the gateway shows the offers service's lender facts (with sources).
      info: { company: null, amount: null, period: null, firstLoanFree: null, checked: '' },
    });
  }

  private parseYamlFile(file: ContentFile): unknown {
    const parsed = parseYaml(file.data.toString('utf8').replace(/^\uFEFF/, ''));
    if (!parsed.ok) {
      this.issues.add(this.display(file.rel), '(file)', parsed.message);
      return undefined;
    }
    return typesetContent(parsed.data);
  }

  addTags(file: ContentFile): void {
    const display = this.display(file.rel);
    const raw = this.parseYamlFile(file);
    if (raw === undefined) return;
    const result = tagsSchema.safeParse(raw);
    if (!result.success) {
      this.reportZod(display, result.error, '(file)');
      return;
    }
    result.data.forEach((tag, position) => {
      const title = TAG_TITLE(tag.name);
      if (title.length > TITLE_MAX) {
        this.issues.add(
          display,
          `[${position}].name`,
          `is too long for the page title "${title}" (at most ${TITLE_MAX} characters)`,
        );
      }
      const path = tagPath(tag.slug);
      this.tags.push({
        route: {
          path,
          type: 'tag',
          link: tag.slug,
          title,
          description: truncate(tag.description, 160),
          h1: tag.name,
          bodyHtml: paragraph(tag.description),
          introHtml: '',
          faq: [],
          related: [],
          toc: [],
          wordCount: countWords(tag.description),
          readingMinutes: readingMinutes(countWords(tag.description)),
          showOffers: false,
          offerBlock: null,
          publishedOn: null,
          updatedOn: null,
          sourceFile: `${display}#${tag.slug}`,
          // A tag's source is its entry (and place) in the list: editing one tag rewrites only that tag.
          contentHash: sha256(JSON.stringify({ position, ...tag })),
        },
        slug: tag.slug,
        name: tag.name,
        description: tag.description,
        position,
      });
    });
    this.tagsValid = true;
  }

  addNavigation(file: ContentFile): void {
    const display = this.display(file.rel);
    const raw = this.parseYamlFile(file);
    if (raw === undefined) return;
    const result = navigationSchema.safeParse(raw ?? {});
    if (!result.success) {
      this.reportZod(display, result.error, '(file)');
      return;
    }
    this.navigation = {
      document: toNavigationDocument(result.data),
      sourceFile: display,
      contentHash: sha256(file.data),
    };
  }

  /** Rules across files: unique paths and titles, existing tags, authors and related pages. */
  crossCheck(): void {
    const routes = [
      ...this.pages,
      ...this.articles.map((a) => a.route),
      ...this.authors.map((a) => a.route),
      ...this.tags.map((t) => t.route),
      ...this.lenders.map((l) => l.route),
    ];
    const pathOwner = new Map<string, string>();
    const titleOwner = new Map<string, string>();
    for (const route of routes) {
      const fieldOfPath =
        route.type === 'page' || route.type === 'seo' || route.type === 'doc' ? 'path' : 'slug';
      const owner = pathOwner.get(route.path);
      if (owner)
        this.issues.add(route.sourceFile, fieldOfPath, `path "${route.path}" is already used by ${owner}`);
      else pathOwner.set(route.path, route.sourceFile);
      const titleKey = route.title.toLocaleLowerCase('pl');
      const titleUser = titleOwner.get(titleKey);
      if (titleUser)
        this.issues.add(
          route.sourceFile,
          route.type === 'tag' || route.type === 'author' ? 'name' : 'title',
          `title "${route.title}" is already used by ${titleUser}`,
        );
      else titleOwner.set(titleKey, route.sourceFile);
    }
    for (const route of routes) {
      const fallback = route.offerBlock?.fallbackPath ?? '';
      if (fallback === route.path)
        this.issues.add(
          route.sourceFile,
          'offers.fallback',
          'must not send the visitor back to the same page',
        );
      else if (fallback !== '' && !pathOwner.has(fallback) && !this.invalidPaths.has(fallback))
        this.issues.add(route.sourceFile, 'offers.fallback', `no content file has the path "${fallback}"`);
      route.related.forEach((target, index) => {
        if (!pathOwner.has(target) && !this.invalidPaths.has(target)) {
          this.issues.add(route.sourceFile, `related[${index}]`, `no content file has the path "${target}"`);
        }
      });
    }
    const authors = new Set(this.authors.map((a) => a.slug));
    const tags = new Set(this.tags.map((t) => t.slug));
    for (const article of this.articles) {
      if (!authors.has(article.authorSlug) && !this.invalidAuthors.has(article.authorSlug)) {
        this.issues.add(
          article.route.sourceFile,
          'author',
          `no author "${article.authorSlug}" in ${this.display('authors/')}`,
        );
      }
      if (!this.tagsValid) continue;
      article.tags.forEach((tag, index) => {
        if (!tags.has(tag))
          this.issues.add(
            article.route.sourceFile,
            `tags[${index}]`,
            `"${tag}" is not in ${this.display('tags.yaml')}`,
          );
      });
    }
  }

  finish(hasTags: boolean, hasNavigation: boolean): ContentBundle {
    if (!hasTags) this.issues.add(this.display('tags.yaml'), '(file)', 'is required: the 14 blog tags');
    if (!hasNavigation)
      this.issues.add(
        this.display('navigation.yaml'),
        '(file)',
        'is required: header menu, footer and partners',
      );
    this.crossCheck();
    this.issues.throwIfAny();
    const bundle: ContentBundle = {
      pages: this.pages,
      articles: this.articles,
      authors: this.authors,
      tags: this.tags,
      lenders: this.lenders,
      navigation: this.navigation!,
    };
    return bundle;
  }
}

type LinkInput = NavigationFile['dataRemovalLink'];
type ColumnInput = { title?: string | undefined; links: LinkInput[] };

function toLink(link: LinkInput): MenuLinkDoc {
  return { text: link.text, link: link.link, icon: link.icon ?? '' };
}

function toColumn(id: string, column: ColumnInput): MenuColumnDoc {
  return { id, title: column.title ?? '', links: column.links.map(toLink) };
}

export function toNavigationDocument(file: NavigationFile): ContentBundle['navigation']['document'] {
  return {
    menuGroups: file.header.map((group) => ({
      title: group.title,
      imageUrl: group.image,
      columns: group.columns.map((c) => toColumn('', c)),
    })),
    footerColumns: file.footer.map((column) => toColumn(column.id, column)),
    dataRemovalLink: toLink(file.dataRemovalLink),
    partners: file.partners.map((p) => ({ name: p.name, imageUrl: p.image, link: p.link })),
  };
}

/**
 * Validates and renders a whole content tree. Either every file is valid and consistent with the
 * others and the bundle is returned, or ContentValidationError lists every problem found.
 */
export function buildBundle(tree: ContentTree): ContentBundle {
  const builder = new BundleBuilder(tree.label);
  for (const problem of tree.problems) builder.issues.add(problem.file, problem.field, problem.message);
  let hasTags = false;
  let hasNavigation = false;
  for (const file of tree.files) {
    const folder = file.rel.includes('/') ? file.rel.slice(0, file.rel.indexOf('/')) : '';
    if (file.rel === 'tags.yaml') {
      hasTags = true;
      builder.addTags(file);
    } else if (file.rel === 'navigation.yaml') {
      hasNavigation = true;
      builder.addNavigation(file);
    } else if (folder === 'pages' || folder === 'docs') builder.addPage(file, folder);
    else if (folder === 'articles') builder.addArticle(file);
    else if (folder === 'authors') builder.addAuthor(file);
    else if (folder === 'lenders') builder.addLender(file);
  }
  return builder.finish(hasTags, hasNavigation);
}
