import { Inject, Injectable } from '@nestjs/common';
import { type Logger, type ReadinessCheck } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { describeSampleSources, type SampleSource, sampleSourcesInUse } from '../domain/data-sources';
import { BankTablesRepository } from '../persistence/bank-tables.repository';
import { NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { type RatesConfig } from '../rates.config';
import { IngestionStatus } from './ingestion-status';

/** Name of the readiness check on /readyz and in the health log. */
export const SAMPLE_DATA_CHECK = 'sample-data';

/**
 * The bundled sample data the service relies on, and the refusal of it in a deployment: under
 * NODE_ENV=production (unless RATES_ALLOW_SAMPLE_DATA) any of it in use keeps the service NOT
 * ready, with one log line naming it; the process stays up, so live data arriving (the scheduled
 * NBP fetch) makes it ready without a restart.
 */
@Injectable()
export class SampleDataUseCases {
  /** What was last logged, so each state is said once however often readiness is probed. */
  private reported = '';

  constructor(
    private readonly nbp: NbpTablesRepository,
    private readonly banks: BankTablesRepository,
    private readonly status: IngestionStatus,
    @Inject(SERVICE_CONFIG) private readonly config: RatesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The sample sources in use now. */
  async inUse(): Promise<SampleSource[]> {
    const [newestTableA, embeddedBanks] = await Promise.all([
      this.nbp.newestSource('A'),
      this.banks.banksWithSource('embedded'),
    ]);
    return sampleSourcesInUse({ newestTableA, embeddedBanks });
  }

  readinessCheck(): ReadinessCheck {
    return {
      name: SAMPLE_DATA_CHECK,
      timeoutMs: 1_000,
      check: async () => {
        // Before the data is loaded the storage check is what keeps the service unready.
        if (!this.config.sampleDataRefused || !this.status.dataLoaded) return;
        const sources = await this.inUse();
        this.report(sources);
        // The sources themselves are named once, in the log line; this text is repeated by every probe.
        if (sources.length > 0) throw new Error('bundled sample data in use under NODE_ENV=production');
      },
    };
  }

  private report(sources: readonly SampleSource[]): void {
    const key = JSON.stringify(sources);
    if (key === this.reported) return;
    const before = this.reported;
    this.reported = key;
    if (sources.length > 0)
      this.logger.error(
        { sampleSources: sources },
        `not ready: sample rates data in use under NODE_ENV=production: ${describeSampleSources(sources)}`,
      );
    else if (before !== '' && before !== '[]')
      this.logger.info('no sample rates data in use any more: ready as far as the data goes');
  }
}
