import { type HttpClient, http as browserHttp } from '../shared/http';

/** First check after 1 s, then every few minutes while the tab is open. */
export const FIRST_CHECK_DELAY_MS = 1_000;
export const CHECK_INTERVAL_MS = 5 * 60_000;

/** A build id as the server writes it (server/render/client-manifest.ts). */
const BUILD_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface LatestBuild {
  buildId: string;
  time: string;
}

interface NetworkInformationLike {
  effectiveType?: string;
}

/** What the watcher uses from the browser; the browser's own when omitted (tests pass theirs). */
export interface BuildWatcherOptions {
  http?: HttpClient;
  /** navigator.connection (Network Information API), where the browser has it. */
  connection?: () => NetworkInformationLike | undefined;
  /** Where a failed check is reported; console.warn: the spec asks for logging only. */
  warn?: (message: string, error: unknown) => void;
  now?: () => number;
}

/**
 * Watches /builds/latest.json for a newer deployment: first 1 s after load (on a slow-2g
 * connection only at the regular interval), then every 5 minutes. Once one is confirmed (its meta
 * file answers), polling stops and the next navigation becomes a full page load (router.ts) so
 * the visitor gets the new code. A failed check is only logged.
 */
export class BuildWatcher {
  private newBuildId: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly http: HttpClient;
  private readonly connection: () => NetworkInformationLike | undefined;
  private readonly warn: (message: string, error: unknown) => void;
  private readonly now: () => number;

  constructor(
    private readonly currentBuildId: string,
    options: BuildWatcherOptions = {},
  ) {
    this.http = options.http ?? browserHttp;
    this.connection =
      options.connection ??
      (() => (navigator as Navigator & { connection?: NetworkInformationLike }).connection);
    this.warn = options.warn ?? ((message, error) => console.warn(message, error));
    this.now = options.now ?? Date.now;
  }

  get hasNewBuild(): boolean {
    return this.newBuildId !== null;
  }

  start(): void {
    // On the slowest connections the first check is not made early: only periodically.
    this.schedule(this.connection()?.effectiveType === 'slow-2g' ? CHECK_INTERVAL_MS : FIRST_CHECK_DELAY_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** One poll; never rejects (a failure is logged and the next poll tries again). */
  async check(): Promise<void> {
    let latestId: string;
    try {
      const latest = await this.http.getJson<Partial<LatestBuild> | null>(
        `/builds/latest.json?t=${this.now()}`,
        { cache: 'no-store' },
      );
      if (typeof latest?.buildId !== 'string' || !BUILD_ID.test(latest.buildId)) {
        throw new Error(`no build id in ${String(JSON.stringify(latest)).slice(0, 100)}`);
      }
      latestId = latest.buildId;
    } catch (error) {
      this.warn('Nie udało się sprawdzić wersji serwisu', error);
      return;
    }
    if (latestId === this.currentBuildId || latestId === this.newBuildId) return;
    try {
      await this.http.getJson(`/builds/meta/${encodeURIComponent(latestId)}.json`);
      this.newBuildId = latestId;
    } catch (error) {
      // The spec asks for logging only; the next poll tries again.
      this.warn('Nie udało się pobrać opisu nowej wersji serwisu', error);
    }
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      void this.check().finally(() => {
        if (!this.hasNewBuild) this.schedule(CHECK_INTERVAL_MS);
      });
    }, delay);
  }
}
