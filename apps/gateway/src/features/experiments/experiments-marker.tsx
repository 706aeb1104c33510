/**
 * Lists the A/B experiments a page runs (nothing visible): the tracker reads it to report the
 * visitor's variant of each (event 60) and to put the flow in sub3 of the page's events.
 */
export function ExperimentsMarker({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return null;
  return <div hidden data-experiments={ids.join(',')} />;
}
