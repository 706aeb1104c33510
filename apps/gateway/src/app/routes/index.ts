import { applicationRoute } from '../../features/application/application.route';
import { applicationStatusRoute } from '../../features/application-status/application-status.route';
import { authorRoute } from '../../features/author/author.route';
import { bankRatesRoute, bankRoute } from '../../features/bank-rates/bank-rates.routes';
import { blogRoutes } from '../../features/blog/blog.routes';
import { calendarRoute } from '../../features/calendar/calendar.route';
import { contactRoute } from '../../features/contact/contact.route';
import { contentRoute } from '../../features/content/content.route';
import { cookieSettingsRoute } from '../../features/consent/cookie-settings.route';
import {
  converterRoute,
  currencyPairRoute,
} from '../../features/currency-converter/currency-converter.routes';
import { eligibilityRoute } from '../../features/eligibility/eligibility.route';
import { homeRoute } from '../../features/home/home.route';
import { landingPageRoute } from '../../features/home/lp.route';
import { lenderReviewRoute, lenderReviewsRoute } from '../../features/lender-reviews/lender-reviews.routes';
import { loanCalculatorRoute } from '../../features/loan-calculator/loan-calculator.route';
import { landingRoutes, lenderOfferRoute, offersRoutes } from '../../features/offers/offers.routes';
import { partnersRoute } from '../../features/partners/partners.route';
import { selfServiceRoute } from '../../features/self-service/self-service.route';
import { unsubscribeRoute } from '../../features/unsubscribe/unsubscribe.route';
import { compilePattern, type RawParams } from '../match-path';
import { type AnyRoute } from '../route-types';

/*
 * The route table: the one place that lists every feature's routes (a route named 'x' is defined
 * in features/x/ or in the folder of the feature it belongs to). Order matters: the first pattern
 * that matches wins, so specific routes go above the generic content route at the bottom. To add
 * a page: create its feature folder with the page component, register the component in
 * app/pages/index.ts, and add its defineRoute() entry here.
 */
export {
  authorRoute,
  blogRoutes,
  calendarRoute,
  contentRoute,
  homeRoute,
  lenderReviewRoute,
  lenderReviewsRoute,
};

export const routes: readonly AnyRoute[] = [
  homeRoute,
  landingPageRoute,
  ...blogRoutes,
  authorRoute,
  lenderReviewsRoute,
  lenderReviewRoute,
  calendarRoute,
  converterRoute,
  currencyPairRoute,
  bankRatesRoute,
  bankRoute,
  loanCalculatorRoute,
  eligibilityRoute,
  applicationRoute,
  applicationStatusRoute,
  ...offersRoutes,
  ...landingRoutes,
  lenderOfferRoute,
  contactRoute,
  partnersRoute,
  unsubscribeRoute,
  selfServiceRoute,
  cookieSettingsRoute,
  contentRoute,
];

export interface RouteMatch {
  route: AnyRoute;
  raw: RawParams;
}

/** Builds a matcher over a table (the app's own, tests', or an app assembled with extra routes). */
export function compileRoutes(table: readonly AnyRoute[]) {
  return table.map((route) => ({ route, pattern: compilePattern(route.pattern) }));
}

const compiled = compileRoutes(routes);

/** The first route whose pattern matches the path, with its raw (decoded) parameters. */
export function matchRoute(pathname: string, table = compiled): RouteMatch | null {
  for (const { route, pattern } of table) {
    const raw = pattern.match(pathname);
    if (raw) return { route, raw };
  }
  return null;
}
