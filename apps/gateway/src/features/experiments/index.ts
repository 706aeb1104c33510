/** What pages use of the A/B experiments: the island's marker (the assignment itself is the server's). */
export { ExperimentsMarker } from './experiments-marker';
