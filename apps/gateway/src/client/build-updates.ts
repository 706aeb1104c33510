import { http } from '../shared/http';

/** First check after 1 s (spec point 7), then every few minutes while the tab is open. */
export const FIRST_CHECK_DELAY_MS = 1_000;
export const CHECK_INTERVAL_MS = 5 * 60_000;

interface LatestBuild {
  buildId: string;
  time: string;
}

interface NetworkInformationLike {
  effectiveType?: string;
}

/**
 * Watches /builds/latest.json for a newer deployment. Once one is confirmed (its meta file
 * answers), the next navigation becomes a full page load so the visitor gets the new code.
 */
export class BuildWatcher {
  private newBuildId: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly currentBuildId: string) {}

  get hasNewBuild(): boolean {
    return this.newBuildId !== null;
  }

  start(): void {
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
    if (connection?.effectiveType === 'slow-2g') return;
    this.schedule(FIRST_CHECK_DELAY_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  async check(): Promise<void> {
    let latest: LatestBuild;
    try {
      latest = await http.getJson<LatestBuild>(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    } catch (error) {
      console.warn('Nie udało się sprawdzić wersji serwisu', error);
      return;
    }
    if (latest.buildId === this.currentBuildId || latest.buildId === this.newBuildId) return;
    try {
      await http.getJson(`/builds/meta/${encodeURIComponent(latest.buildId)}.json`);
      this.newBuildId = latest.buildId;
    } catch (error) {
      // The spec asks for logging only; the next poll tries again.
      console.warn('Nie udało się pobrać opisu nowej wersji serwisu', error);
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
