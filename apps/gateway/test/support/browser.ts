import { existsSync } from 'node:fs';
import { type Browser } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from '@lib/test-support/browser';
import { createFakeContent } from './content-fixtures';
import { type FakeGrpcServer, startFakeService } from './fake-grpc';
import { type TestClient, buildTestClient } from './test-client';
import { type TestGateway, startTestGateway } from './test-gateway';

// Launching Chromium and recording a page are not the gateway's own: they come from the test lib,
// and are re-exported so the gateway's browser specs find everything for the browser here.
export {
  CHROMIUM_PATH,
  launchChromium,
  openRecordingPage,
  type RecordingPageOptions,
} from '@lib/test-support/browser';

/** `describe` where Debian's Chromium is installed, `describe.skip` elsewhere. */
export const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;

/** A phone's viewport: the islands must work on the smallest screen first. */
export const PHONE_VIEWPORT = { width: 412, height: 915 };

export interface IslandGateway {
  /** The test gateway's address, e.g. `http://127.0.0.1:1234`. */
  readonly url: string;
  readonly browser: Browser;
}

/**
 * For a spec of one page's island (the loan calculator, the eligibility quiz): the browser bundle
 * built for the file, a test gateway serving it in front of a fake content service, and Chromium;
 * started before the file's tests and stopped after them. Read the fields inside tests only.
 */
export function useIslandGateway(): IslandGateway {
  let content: FakeGrpcServer | undefined;
  let gateway: TestGateway | undefined;
  let browser: Browser | undefined;
  let client: TestClient | undefined;

  beforeAll(async () => {
    client = buildTestClient();
    content = await startFakeService('content', createFakeContent().handlers);
    gateway = await startTestGateway({ targets: { content: content.target }, client, ownOrigin: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await content?.stop();
    client?.remove();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('useIslandGateway: read its fields inside a test, after beforeAll');
    return value;
  };
  return {
    get url() {
      return started(gateway).url;
    },
    get browser() {
      return started(browser);
    },
  };
}
