import { type Logger, type ReadinessCheck } from '@lib/observability';
import { type FeedsRepository, type SampleCopy } from '../persistence/feeds.repository';

/** The start of the one log line that names the sample copies a production process refuses. */
export const SAMPLE_FEEDS_REFUSED = 'sample offers refused under NODE_ENV=production, service NOT ready';

/**
 * Readiness where sample data must not be served (sampleFeedsRefused): fails while any feed's
 * stored copy is the bundled sample data, so the process stays up and unready instead of showing
 * sample offers as a partner's, and becomes ready once partner feeds replaced them. The copies are
 * logged once, at error, with each feed key and the location it was fetched from, and again only
 * when that set changes (the check runs every few seconds).
 */
export function sampleFeedsReadiness(
  feeds: Pick<FeedsRepository, 'sampleCopies'>,
  logger: Logger,
): ReadinessCheck {
  let reported = '';
  return {
    name: 'offer-feeds',
    timeoutMs: 1_000,
    check: async () => {
      let copies: SampleCopy[];
      try {
        copies = await feeds.sampleCopies();
      } catch {
        // PostgreSQL away or not migrated yet: the storage check says so.
        return;
      }
      const named = copies.map(
        (copy) => `${copy.feedKey} from ${copy.sourceUrl || 'an unrecorded location'}`,
      );
      const current = named.join('; ');
      if (current !== reported) {
        reported = current;
        if (copies.length > 0)
          logger.error(
            { feeds: copies },
            `${SAMPLE_FEEDS_REFUSED}: the stored offers of ${current} are the bundled sample data; set OFFERS_FEED_BASE_URL to the partners' feeds`,
          );
      }
      if (copies.length > 0)
        throw new Error(`stored offers are sample data (${copies.map((copy) => copy.feedKey).join(', ')})`);
    },
  };
}
