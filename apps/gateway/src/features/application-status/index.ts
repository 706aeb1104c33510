/**
 * What other features may use of the application status page: its address for a status token
 * (the journey answers its last step with it). Browser-safe. The page's handler and the lenders'
 * status callback are ./application-status.api and ./partner-status.api (server only, through
 * server/feature-handlers.ts).
 */
export { APPLICATION_STATUS_PATH, applicationStatusHref } from './application-status-paths';
