/**
 * What other features may use of the consent prompts: the push-notification prompt the tracker
 * draws on every page once the cookie notice is answered (browser only).
 */
export { showPushPromptIfDue } from './push-prompt';
