/**
 * What other features may use of the link request page: its address (the self-service pages send
 * a person whose link or session is over back to it). Browser-safe.
 */
export { UNSUBSCRIBE_PATH } from './unsubscribe-form';
