import { islandMarker } from '../../app/island-marker';

/** Where a page that runs A/B experiments mounts the experiments island (nothing visible). */
export function ExperimentsMarker({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return null;
  return <div hidden {...islandMarker('experiments')} data-experiments={ids.join(',')} />;
}
