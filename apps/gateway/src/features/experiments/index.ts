/**
 * What pages use of the A/B experiments: the marker listing a page's experiments for the tracker,
 * and the variant a page is drawn in (the assignment itself is the server's).
 */
export { ExperimentsMarker } from './experiments-marker';
export { useExperimentVariant } from './experiment-variant';
