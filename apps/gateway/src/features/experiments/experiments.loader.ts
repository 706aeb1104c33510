import { experimentsAt } from './page-experiments';

/** The ids of the experiments a page runs (for its experiments marker); server side only. */
export function experimentIdsAt(path: string, country: string): string[] {
  return experimentsAt(path, country).map((experiment) => experiment.experimentId);
}
