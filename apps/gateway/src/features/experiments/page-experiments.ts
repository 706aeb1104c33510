import { type Experiment, assignVariant, experimentsFor, toFeedCountry } from '@lib/offers-domain';
import { serializeCookie } from '../../shared/cookies';
import {
  EXPERIMENT_COOKIE_MAX_AGE_MS,
  EXPERIMENT_OVERRIDE_PARAM,
  experimentCookieName,
  experimentCookies,
} from './experiment-storage';

/**
 * The A/B experiments of a page, decided by the gateway
 * per request before the page is looked up in its caches:
 * - the `exp_flow` query parameter wins when it names an allowed variant ('B' or '0300.1-B');
 * - else the variant stored in the visitor's `exp_<id>` cookie, when it is an allowed one;
 * - else a fresh draw: a deterministic hash of the client id and the experiment
 *   (`assignVariant` of @lib/offers-domain, the offers service's own rule), so replicas agree.
 *   Without a client id (no consent yet) a fresh random id is drawn for it: the result is kept in
 *   the variant cookie, which is what makes the visitor stay in the variant.
 * A drawn or overridden variant is stored (Set-Cookie), which makes that one answer private; every
 * later request carries the cookie, gets no Set-Cookie and shares the page with everyone in the
 * same variant (the variant is part of the page's cache keys, nothing else about the visitor is).
 */

export interface PageExperimentsRequest {
  /** The page path ('/'). */
  path: string;
  query: URLSearchParams;
  cookieHeader: string | undefined;
  /** The site's country ('PL'). */
  country: string;
  /** The visitor's client id when the gateway knows one (consent given), else undefined. */
  clientId: string | undefined;
  /** A fresh UUID for a draw without a client id. */
  newId: () => string;
  secure: boolean;
  /** A search engine's crawler: never in an experiment (it sees the page without a flow and no cookie). */
  crawler: boolean;
}

export interface PageExperiments {
  /** The flows of the page's experiments, e.g. '0300.1-A' (several joined by ','), sorted by id. */
  testFlow: string;
  /** Set-Cookie values for variants not stored yet (empty for a returning visitor). */
  setCookies: string[];
}

/** The experiments running on a path in a country, by id. */
export function experimentsAt(path: string, country: string): Experiment[] {
  const feedCountry = toFeedCountry(country);
  if (feedCountry === undefined) return [];
  return experimentsFor(feedCountry).filter((experiment) => experiment.active && experiment.path === path);
}

/** The variants of a page's experiments; undefined when none runs there (the page is left alone). */
export function assignPageExperiments(request: PageExperimentsRequest): PageExperiments | undefined {
  if (request.crawler) return undefined;
  const experiments = experimentsAt(request.path, request.country);
  if (experiments.length === 0) return undefined;
  const stored = experimentCookies(request.cookieHeader);
  const override = (request.query.get(EXPERIMENT_OVERRIDE_PARAM) ?? '').slice(0, 32);
  let drawId = request.clientId;
  const flows: string[] = [];
  const setCookies: string[] = [];
  for (const experiment of experiments) {
    const needsDraw = stored.get(experiment.experimentId) === undefined;
    if (needsDraw && drawId === undefined) drawId = request.newId();
    const assignment = assignVariant(
      experiment,
      drawId ?? '',
      overrideFor(experiment, override),
      stored.get(experiment.experimentId) ?? '',
    );
    flows.push(assignment.flow);
    if (assignment.source !== 'stored' || stored.get(experiment.experimentId) !== assignment.variant) {
      setCookies.push(
        serializeCookie(experimentCookieName(experiment.experimentId), assignment.variant, {
          maxAgeMs: EXPERIMENT_COOKIE_MAX_AGE_MS,
          secure: request.secure,
        }),
      );
    }
  }
  return { testFlow: flows.join(','), setCookies };
}

/** 'B' applies to every experiment of the page; '0300.1-B' only to its own. */
function overrideFor(experiment: Experiment, override: string): string {
  const dash = override.lastIndexOf('-');
  if (dash === -1) return override;
  return override.slice(0, dash) === experiment.experimentId ? override : '';
}
