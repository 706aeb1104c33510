import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { type RatesConfig } from '../rates.config';
import { getWithRetry } from './http-get';
import { OutboundRequests } from './outbound-requests';

/** A bank's source answered something other than its table (4xx). */
export class BankSourceError extends Error {
  constructor(
    readonly bank: string,
    readonly status: number,
  ) {
    super(`${bank} source answered ${status}`);
    this.name = 'BankSourceError';
  }
}

/** Fetches a bank's published table from the URL configured for it (BANK_SOURCE_URLS). */
@Injectable()
export class BankSourceClient {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: RatesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly outbound: OutboundRequests,
  ) {}

  /** Slugs of the banks with a configured source. */
  configured(): string[] {
    return [...this.config.BANK_SOURCE_URLS.keys()];
  }

  /** The body the bank published, or undefined when no source is configured for it. */
  async fetch(slug: string): Promise<string | undefined> {
    const url = this.config.BANK_SOURCE_URLS.get(slug);
    if (!url) return undefined;
    const policy = {
      retries: this.config.NBP_RETRIES,
      firstDelayMs: this.config.NBP_RETRY_DELAY_MS,
      timeoutMs: this.config.NBP_TIMEOUT_MS,
    };
    const { status, text } = await getWithRetry(url, '*/*', policy, this.logger, this.outbound.signal);
    if (status < 200 || status >= 300) throw new BankSourceError(slug, status);
    return text;
  }
}
