import { type Logger } from '@lib/observability';
import { isbot } from 'isbot';
import { createHash } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { createElement } from 'react';
import { App } from '../../app/app';
import { type LoadedPage, type PageName, loadPageComponent } from '../../app/pages';
import { type Locale } from '../../shared/locale';
import { type InlineState } from '../../app/page-payload';
import { serializeForScript } from '../../shared/page-state';
import { type ResolvedPage } from '../../kit/pages/resolved-page';
import { type ClientManifest } from './client-manifest';
import { documentEnd, documentStart } from './document';
import { FALLBACK_ERROR_HTML, sendFallbackPage } from './fallback-page';
import { HtmlMemo } from './html-memo';
import {
  type PageCachePolicy,
  answerKind,
  cachingOf,
  keepPersonalPrivate,
  mayKeepAnswer,
  sharedPageCacheControl,
} from '../answer-policy';
import { type KeptAnswers } from './kept-answers';
import { type HtmlSink, type ReadyStream, startReactStream } from './react-stream';
import { requestIsFresh } from '../../kit/http/request-freshness';

export interface PageRendererDeps {
  manifest: ClientManifest;
  locale: Locale;
  logger: Logger;
  renderTimeoutMs: number;
  /** Today's date in the locale's time zone (YYYY-MM-DD); injectable for tests. */
  today(): string;
  /**
   * Keep finished documents in memory by ETag and send them again without rendering (PAGE_CACHE).
   * Off, every request renders: the "uncached" mode of the benchmark.
   */
  memoizeHtml?: boolean;
  /** Cache-Control of pages that are the same for everyone (s-maxage, stale-while-revalidate). */
  cachePolicy: PageCachePolicy;
  /** Finished answers by address (PAGE_MEMO_MS), filled here and read by the page handler. */
  answers?: KeptAnswers;
}

export interface RenderedString {
  status: number;
  html: string;
}

/** Renders resolved pages to HTML: streamed to a response, or to a string for the benchmark. */
export class PageRenderer {
  private readonly components = new Map<PageName, Promise<LoadedPage>>();
  private readonly memo: HtmlMemo | undefined;
  private readonly sharedCacheControl: string;

  constructor(private readonly deps: PageRendererDeps) {
    this.memo = deps.memoizeHtml ? new HtmlMemo() : undefined;
    this.sharedCacheControl = sharedPageCacheControl(deps.cachePolicy);
  }

  /**
   * Streams the page. The status and headers go out in onShellReady (or onAllReady for crawlers);
   * a shell failure sends the static 500 page instead. An ETag is derived from everything the
   * HTML depends on, so a revalidation with an unchanged page costs no render at all.
   */
  async stream(
    req: IncomingMessage,
    res: ServerResponse,
    page: ResolvedPage,
    answerKey?: string,
  ): Promise<void> {
    const state = this.inlineState(page);
    const stateJson = serializeForScript(state);
    const etag = this.etag(page, stateJson);
    // Personal or everyone's, and so how it is cached: answer-policy.ts decides, in one place.
    const caching = cachingOf(answerKind(page), this.sharedCacheControl);
    res.setHeader('Cache-Control', caching.cacheControl);
    if (caching.etag) res.setHeader('ETag', etag);
    if (caching.etag && page.status === 200 && requestIsFresh(req, etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }

    const crawler = isbot(req.headers['user-agent'] ?? '');
    const memoKey = this.memo && caching.keep ? `${etag}|${crawler ? 'all' : 'shell'}` : undefined;
    const memoized = memoKey === undefined ? undefined : this.memo?.get(memoKey);
    if (memoized) {
      res.statusCode = page.status;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      keepPersonalPrivate(res);
      this.remember(answerKey, page, res, memoized);
      res.end(memoized);
      return;
    }

    let ready: ReadyStream;
    try {
      ready = await this.start(page, state, crawler);
    } catch {
      sendFallbackPage(res);
      return;
    }
    if (res.destroyed) {
      ready.abort(new Error('client went away'));
      return;
    }
    res.on('close', () => {
      if (!res.writableFinished) ready.abort(new Error('client went away'));
    });
    res.statusCode = page.status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const frame = this.frame(page, state, stateJson);
    // The compression middleware's: what is written so far goes out compressed at once.
    const flush = () => (res as ServerResponse & { flush?: () => void }).flush?.();
    keepPersonalPrivate(res);
    if (memoKey === undefined || !this.memo) {
      ready.pipe(
        {
          write: (chunk) => res.write(chunk),
          flush,
        },
        frame,
        (last) => res.end(last),
      );
      return;
    }
    const memo = this.memo;
    const chunks: Buffer[] = [];
    const tee: HtmlSink = {
      write: (chunk) => {
        chunks.push(chunk);
        return res.write(chunk);
      },
      flush,
    };
    ready.pipe(tee, frame, (last) => {
      chunks.push(last);
      res.end(last);
      if (ready.failed) return;
      const document = Buffer.concat(chunks);
      memo.set(memoKey, document);
      this.remember(answerKey, page, res, document);
    });
  }

  /** Keeps a complete answer for the page handler to send again (PAGE_MEMO_MS), unless it set a cookie. */
  private remember(
    answerKey: string | undefined,
    page: ResolvedPage,
    res: ServerResponse,
    document: Buffer,
  ): void {
    if (answerKey === undefined || !this.deps.answers || !mayKeepAnswer(res)) return;
    const etag = res.getHeader('ETag');
    this.deps.answers.set(answerKey, {
      status: page.status,
      routeLabel: page.routeLabel,
      cacheControl: String(res.getHeader('Cache-Control')),
      etag: typeof etag === 'string' ? etag : undefined,
      body: document,
    });
  }

  /** The same document as stream(), collected into a string (benchmark baseline, tests). */
  async renderToString(page: ResolvedPage): Promise<RenderedString> {
    const state = this.inlineState(page);
    let ready: ReadyStream;
    try {
      ready = await this.start(page, state, true);
    } catch {
      return { status: 500, html: FALLBACK_ERROR_HTML };
    }
    const chunks: Buffer[] = [];
    const sink: HtmlSink = { write: (chunk) => chunks.push(chunk) };
    await new Promise<void>((resolve) =>
      ready.pipe(sink, this.frame(page, state, serializeForScript(state)), (last) => {
        chunks.push(last);
        resolve();
      }),
    );
    return { status: page.status, html: Buffer.concat(chunks).toString('utf8') };
  }

  /** Rejects when the shell cannot render; the error is logged here (React's onError or the import). */
  private async start(page: ResolvedPage, state: InlineState, waitForAll: boolean): Promise<ReadyStream> {
    let Page: LoadedPage;
    try {
      Page = await this.component(page.page);
    } catch (error) {
      this.logRenderError(error, page);
      throw error;
    }
    const element = createElement(App, {
      context: {
        locale: state.locale,
        buildId: state.buildId,
        today: state.today,
        navigation: page.navigation,
        ...(page.formState ? { formState: page.formState } : {}),
        ...(page.testFlow ? { testFlow: page.testFlow } : {}),
      },
      layout: page.layout,
      Page,
      data: page.data,
      pageKey: page.head.canonical ?? `${page.route}:${page.status}`,
    });
    return startReactStream(element, {
      waitForAll,
      timeoutMs: this.deps.renderTimeoutMs,
      onError: (error) => this.logRenderError(error, page),
    });
  }

  private frame(page: ResolvedPage, state: InlineState, stateJson: string): { head: string; tail: string } {
    return {
      head: documentStart({ head: page.head, locale: this.deps.locale, manifest: this.deps.manifest }),
      tail: documentEnd(stateJson),
    };
  }

  private inlineState(page: ResolvedPage): InlineState {
    // No page hydrates, so the state carries neither the page data nor the navigation (the HTML
    // shows them once). The JSON-LD is in the document head already, and the browser reads the
    // state's head only after a client-side navigation (which brings its own).
    const { structuredData: _inDocument, ...head } = page.head;
    return {
      buildId: this.deps.manifest.buildId,
      route: page.route,
      page: page.page,
      layout: page.layout,
      status: page.status,
      params: page.params,
      head,
      locale: this.deps.locale,
      today: this.deps.today(),
      ...(page.testFlow ? { testFlow: page.testFlow } : {}),
    };
  }

  /**
   * The HTML is a function of the inline state plus what the state leaves out: the page data,
   * the navigation and the head's JSON-LD.
   */
  private etag(page: ResolvedPage, stateJson: string): string {
    const hash = createHash('sha1').update(stateJson);
    hash.update('\0').update(JSON.stringify(page.data));
    hash.update('\0').update(JSON.stringify(page.navigation));
    hash.update('\0').update(JSON.stringify(page.head.structuredData ?? null));
    if (page.formState) hash.update('\0').update(JSON.stringify(page.formState));
    return `W/"${hash.digest('base64url')}"`;
  }

  private component(name: PageName): Promise<LoadedPage> {
    let component = this.components.get(name);
    if (!component) {
      component = loadPageComponent(name);
      this.components.set(name, component);
      component.catch(() => this.components.delete(name));
    }
    return component;
  }

  private logRenderError(error: unknown, page: ResolvedPage): void {
    this.deps.logger.error({ err: error, route: page.route, page: page.page }, 'page render failed');
  }
}
