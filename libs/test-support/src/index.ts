// Test helpers that import no lib of ours, so every project's tests may use them, including the
// tests of the platform libs that @lib/testing itself is built on. Browser helpers (playwright-core)
// are in '@lib/test-support/browser', so a test that only needs a port does not load Playwright.
export { freePort } from './ports';
export { hasDocker } from './docker';
export { type CaughtAddress, type CaughtMail, type MailCatcher, startMailCatcher } from './mail-catcher';
