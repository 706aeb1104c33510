import { type FeedCountry } from './feed-keys';
import { hash32 } from './seeded';

export interface ExperimentVariant {
  name: string;
  weightPercent: number;
}

export interface Experiment {
  experimentId: string;
  name: string;
  countries: readonly FeedCountry[];
  path: string;
  variants: readonly ExperimentVariant[];
  active: boolean;
}

const HALF_AND_HALF: readonly ExperimentVariant[] = [
  { name: 'A', weightPercent: 50 },
  { name: 'B', weightPercent: 50 },
];

/**
 * The A/B tests, all at '/' and 50/50. Only the third has a name of its own; the
 * first two are known by their ids.
 */
export const EXPERIMENTS: readonly Experiment[] = [
  {
    experimentId: '0256.1',
    name: '0256.1',
    countries: ['ph', 'my'],
    path: '/',
    variants: HALF_AND_HALF,
    active: true,
  },
  {
    experimentId: '0298.1',
    name: '0298.1',
    countries: ['za'],
    path: '/',
    variants: HALF_AND_HALF,
    active: true,
  },
  {
    experimentId: '0300.1',
    name: 'Redirect_to_cshspc_feed',
    countries: ['es', 'mx', 'vn', 'pl'],
    path: '/',
    variants: HALF_AND_HALF,
    active: true,
  },
];

export function experimentsFor(country?: FeedCountry): Experiment[] {
  return EXPERIMENTS.filter((e) => country === undefined || e.countries.includes(country)).sort((a, b) =>
    a.experimentId < b.experimentId ? -1 : 1,
  );
}

export function findExperiment(experimentId: string): Experiment | undefined {
  return EXPERIMENTS.find((e) => e.experimentId === experimentId.trim());
}

export type VariantSource = 'drawn' | 'stored' | 'override';

export interface Assignment {
  variant: string;
  /** '0300.1-A' */
  flow: string;
  source: VariantSource;
}

/** 'A', 'a', '0300.1-A' → 'A' when that is a variant of the experiment; undefined otherwise. */
export function allowedVariant(experiment: Experiment, value: string): string | undefined {
  const trimmed = value.trim();
  const bare = trimmed.startsWith(`${experiment.experimentId}-`)
    ? trimmed.slice(experiment.experimentId.length + 1)
    : trimmed;
  return experiment.variants.find((v) => v.name.toLowerCase() === bare.toLowerCase())?.name;
}

/** The variant a client id falls into: a hash of the id (lower-case, no hyphens) and the experiment id, in 10 000 buckets. */
export function drawVariant(experiment: Experiment, clientId: string): string {
  const bucket = hash32(`${clientId.replace(/-/g, '').toLowerCase()}:${experiment.experimentId}`) % 10_000;
  let edge = 0;
  for (const variant of experiment.variants) {
    edge += variant.weightPercent * 100;
    if (bucket < edge) return variant.name;
  }
  return experiment.variants[experiment.variants.length - 1]?.name ?? '';
}

/**
 * The exp_flow override wins when it names an allowed variant; else the client's
 * stored value when allowed; else the deterministic draw (so replicas agree and a client without
 * storage still sees the same variant).
 */
export function assignVariant(
  experiment: Experiment,
  clientId: string,
  override: string,
  stored: string,
): Assignment {
  const forced = allowedVariant(experiment, override);
  const kept = allowedVariant(experiment, stored);
  const [variant, source]: [string, VariantSource] =
    forced !== undefined
      ? [forced, 'override']
      : kept !== undefined
        ? [kept, 'stored']
        : [drawVariant(experiment, clientId), 'drawn'];
  return { variant, flow: `${experiment.experimentId}-${variant}`, source };
}
