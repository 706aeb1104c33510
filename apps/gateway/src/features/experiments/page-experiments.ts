import {
  type Experiment,
  allowedVariant,
  assignVariant,
  experimentsFor,
  toFeedCountry,
} from '@lib/offers-domain';
import { type ConsentState } from '../../shared/consent';
import {
  EXPERIMENT_OVERRIDE_PARAM,
  experimentCookie,
  experimentCookieDeletion,
  experimentCookies,
} from './experiment-storage';

/**
 * The A/B experiments of a page, decided by the gateway per request before the page is looked up
 * in its caches (docs/EXPERIMENTS.md). Only a visitor who accepted the cookie notice takes part:
 * - without consent (no answer yet, or 'Tylko niezbędne') nothing is drawn, read or stored: the
 *   page is the control variant, with no flow and no cookie, the same for all such visitors; an
 *   `exp_flow` override (the team checking a variant) is shown for that one answer, still without
 *   a cookie. A variant cookie left from an earlier consent is deleted by the answer (which keeps
 *   that one answer private, so no shared cache files the control under that cookie);
 * - with consent, the `exp_flow` query parameter wins when it names an allowed variant ('B' or
 *   '0300.1-B'); else the variant stored in the visitor's `exp_<id>` cookie, when it is an allowed
 *   one; else a fresh draw: a deterministic hash of the client id and the experiment
 *   (`assignVariant` of @lib/offers-domain, the offers service's own rule), so replicas agree. A
 *   visitor whose client id the gateway has not set yet (the consent was just given) is drawn by
 *   a fresh random id: the variant cookie is what keeps them in the variant.
 * A drawn or overridden variant is stored (Set-Cookie), which makes that one answer private; every
 * later request carries the cookie, gets no Set-Cookie and shares the page with everyone in the
 * same variant (the variant is part of the page's cache keys, nothing else about the visitor is).
 */

export interface PageExperimentsRequest {
  /** The page path ('/'). */
  path: string;
  query: URLSearchParams;
  cookieHeader: string | undefined;
  /** The visitor's answer to the cookie notice (shared/consent.ts). */
  consent: ConsentState;
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

/** The variants of a page's experiments; undefined when the visitor is in none there (the page is left alone). */
export function assignPageExperiments(request: PageExperimentsRequest): PageExperiments | undefined {
  if (request.crawler) return undefined;
  const experiments = experimentsAt(request.path, request.country);
  if (experiments.length === 0) return undefined;
  const override = (request.query.get(EXPERIMENT_OVERRIDE_PARAM) ?? '').slice(0, 32);
  const stored = experimentCookies(request.cookieHeader);
  if (request.consent !== 'granted') {
    const left = [...stored.keys()].map((id) => experimentCookieDeletion(id, request.secure));
    const shown = overriddenOnly(experiments, override);
    if (left.length === 0) return shown;
    return { testFlow: shown?.testFlow ?? '', setCookies: left };
  }
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
      setCookies.push(experimentCookie(experiment.experimentId, assignment.variant, request.secure));
    }
  }
  return { testFlow: flows.join(','), setCookies };
}

/** Without consent: only the variants an `exp_flow` override names, shown once and never stored. */
function overriddenOnly(experiments: readonly Experiment[], override: string): PageExperiments | undefined {
  const flows = experiments.flatMap((experiment) => {
    const variant = allowedVariant(experiment, overrideFor(experiment, override));
    return variant === undefined ? [] : [`${experiment.experimentId}-${variant}`];
  });
  return flows.length > 0 ? { testFlow: flows.join(','), setCookies: [] } : undefined;
}

/** 'B' applies to every experiment of the page; '0300.1-B' only to its own. */
function overrideFor(experiment: Experiment, override: string): string {
  const dash = override.lastIndexOf('-');
  if (dash === -1) return override;
  return override.slice(0, dash) === experiment.experimentId ? override : '';
}
