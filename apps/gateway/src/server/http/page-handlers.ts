import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { type IncomingMessage } from 'node:http';
import { type FormState } from '../../app/form-state';
import { PAYLOAD_SUFFIX, pagePathOfPayload } from '../../shared/page-state';
import { toPayload } from '../../kit/pages/resolved-page';
import { type PageResolver } from '../pages/page-resolver';
import { keptAnswerKey, queryFormState } from '../answer-policy';
import { KeptAnswers, sendKeptAnswer } from '../render/kept-answers';
import { type PageRenderer } from '../render/page-renderer';
import { isbot } from 'isbot';
import { splitUrl } from '../../kit/http/request-guards';
import { type LabelledResponse } from '../../kit/http/labelled-response';

export { pagePathOfPayload };

/** GET `<path>_payload.json?v=<buildId>`: the same loaders and cache as the page, as JSON. */
export function payloadHandler(resolver: PageResolver, buildId: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const { pathname, search } = splitUrl(req.originalUrl);
    const pagePath = pagePathOfPayload(pathname);
    if (pagePath === null) {
      next();
      return;
    }
    const moved = resolver.redirectFor(pagePath);
    if (moved !== null) {
      // The browser's fetch follows this; the router reads the final URL and shows that address.
      res.locals['routeLabel'] = `redirect${PAYLOAD_SUFFIX}`;
      res.redirect(301, `${moved}${PAYLOAD_SUFFIX}${search}`);
      return;
    }
    resolver
      .resolve(pagePath, search)
      .then((page) => {
        res.locals['routeLabel'] = `${page.routeLabel}${PAYLOAD_SUFFIX}`;
        // The data changes independently of the build; revalidate with the ETag Express adds.
        res.setHeader('Cache-Control', 'no-cache');
        res.status(page.status).json(toPayload(page, buildId));
      })
      .catch(next);
  };
}

/** The A/B flows of a page address for this visitor (features/experiments); undefined where none runs. */
export type PageExperimentsFor = (
  req: IncomingMessage,
  pathname: string,
  search: string,
) => { testFlow: string; setCookies: string[] } | undefined;

/** What a page request is answered by, decided from the request alone. */
export interface PageAnswerPlan {
  experiments: ReturnType<PageExperimentsFor>;
  /** The form state the address's query carries: the answer is then personal. */
  formState: FormState | undefined;
  /** The kept answer's key, when answers are kept and this one may be. */
  answerKey: string | undefined;
}

/**
 * The page handler's first decisions, shared with the kept answers' fast path (which runs before
 * Express and so must decide the same way): the visitor's A/B flows, the query's form state, and
 * the key of the kept answer (the address as sent, crawler or browser, the variant).
 */
export function planPageAnswer(
  req: IncomingMessage,
  url: string,
  pathname: string,
  search: string,
  keeping: boolean,
  experimentsFor?: PageExperimentsFor,
): PageAnswerPlan {
  const experiments = experimentsFor?.(req, pathname, search);
  const formState = queryFormState(search);
  const answerKey =
    keeping && !formState
      ? keptAnswerKey(url, isbot(req.headers['user-agent'] ?? ''), experiments?.testFlow)
      : undefined;
  return { experiments, formState, answerKey };
}

/**
 * The kept-answer key of a request the fast path may answer: as the page handler plans it, and
 * none when the answer would set a cookie (a first A/B assignment belongs to its visitor).
 */
export function fastPathKey(
  experimentsFor: PageExperimentsFor | undefined,
): (req: IncomingMessage, pathname: string, search: string) => string | undefined {
  return (req, pathname, search) => {
    // Page addresses end with a slash; any other is a file's or an endpoint's.
    if (!pathname.endsWith('/')) return undefined;
    const plan = planPageAnswer(req, req.url ?? '', pathname, search, true, experimentsFor);
    return plan.experiments && plan.experiments.setCookies.length > 0 ? undefined : plan.answerKey;
  };
}

/**
 * A page request's answer after the alias rule: the kept answer when there is one, else the path
 * resolved (route, parameters, data) and the React render streamed. On a page that runs A/B
 * experiments the visitor's variant joins the kept answer's key (and, through the inline state,
 * the ETag); a first assignment sets its cookie, which keeps that one answer private. Rejects with
 * what failed, for the error answer.
 */
export type PageAnswer = (
  req: IncomingMessage,
  res: LabelledResponse,
  target: { url: string; pathname: string; search: string },
) => Promise<void>;

export function pageAnswer(
  resolver: PageResolver,
  renderer: PageRenderer,
  answers?: KeptAnswers,
  experimentsFor?: PageExperimentsFor,
): PageAnswer {
  return async (req, res, { url, pathname, search }) => {
    // The address alone decides a kept answer, unless its query carries form state (per request).
    const {
      experiments,
      formState: formStateOfAddress,
      answerKey,
    } = planPageAnswer(req, url, pathname, search, answers !== undefined, experimentsFor);
    if (experiments && experiments.setCookies.length > 0)
      res.appendHeader('Set-Cookie', experiments.setCookies);
    const kept = answerKey === undefined ? undefined : answers?.get(answerKey);
    if (kept) {
      sendKeptAnswer(req, res, kept);
      return;
    }
    const page = await resolver.resolve(pathname, search);
    res.locals['routeLabel'] = page.routeLabel;
    const formState = page.status === 200 ? formStateOfAddress : undefined;
    const withFlow = experiments && page.status === 200 ? { ...page, testFlow: experiments.testFlow } : page;
    await renderer.stream(req, res, formState ? { ...withFlow, formState } : withFlow, answerKey);
  };
}

/**
 * Every page in the Express stack: an alias address answers 301 to its page (keeping the query),
 * any other the page answer. (Most page requests never get here: the page lane answers them
 * before Express, and leaves aliases to this handler.)
 */
export function pageHandler(resolver: PageResolver, answer: PageAnswer): RequestHandler {
  return (req, res, next) => {
    const { pathname, search } = splitUrl(req.originalUrl);
    const moved = resolver.redirectFor(pathname);
    if (moved !== null) {
      res.locals['routeLabel'] = 'redirect';
      res.redirect(301, `${moved}${search}`);
      return;
    }
    answer(req, res, { url: req.originalUrl, pathname, search }).catch(next);
  };
}
