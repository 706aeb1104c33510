/*
 * Where the stored figures come from, and which of them are bundled sample data: the NBP archive
 * shipped with the service (real NBP table A rates, but frozen at the archive's last day) and the
 * bank tables shipped with it (computed from NBP mid rates and an assumed spread, not the banks').
 * Visitors must be told when a page shows either, and a deployment must never rely on them.
 */

/** nbp_tables.source of a table read from the archive shipped with the service. */
export const NBP_ARCHIVE_SOURCE = 'nbp-archive';
/** nbp_tables.source of a table fetched from the NBP Web API. */
export const NBP_API_SOURCE = 'nbp-api';

/** Where a stored bank table came from: the dataset shipped with the service, or the bank itself. */
export type BankTableOrigin = 'embedded' | 'bank';

/** What decides which stored bank tables may be answered. */
export interface BankSourcePolicy {
  /** A public deployment (NODE_ENV=production), where sample data is never shown. */
  refuseSample: boolean;
  /** Banks with a live source (BANK_SOURCE_URLS). */
  configuredBanks: ReadonlySet<string>;
}

/**
 * The origins of a bank's stored tables that may be answered. A bank with a live source is shown
 * from it alone, so a fetch that fails makes the bank unavailable instead of silently falling back
 * to numbers the bank never published; a deployment never shows the shipped tables at all.
 */
export function servedBankOrigins(slug: string, policy: BankSourcePolicy): readonly BankTableOrigin[] {
  return policy.refuseSample || policy.configuredBanks.has(slug) ? ['bank'] : ['bank', 'embedded'];
}

/** Bundled sample data a running service relies on. */
export type SampleSource =
  { kind: 'nbp-archive'; latestDate: string } | { kind: 'bank-tables'; banks: readonly string[] };

/** What the store holds, as far as sample data is concerned. */
export interface StoredSources {
  /** Source and date of the newest table A; undefined while none is stored. */
  newestTableA?: { source: string; effectiveDate: string };
  /** Banks with a table of origin 'embedded' stored, sorted. */
  embeddedBanks: readonly string[];
}

/**
 * The sample data in use: NBP table A known only from the bundled archive (no newer table fetched
 * from the API), and any stored shipped bank table (a deployment never loads them, so one found
 * there came from a non-production run against the same database).
 */
export function sampleSourcesInUse(stored: StoredSources): SampleSource[] {
  const found: SampleSource[] = [];
  if (stored.newestTableA?.source === NBP_ARCHIVE_SOURCE)
    found.push({ kind: 'nbp-archive', latestDate: stored.newestTableA.effectiveDate });
  if (stored.embeddedBanks.length > 0) found.push({ kind: 'bank-tables', banks: [...stored.embeddedBanks] });
  return found;
}

/** The sample sources in words, for the one log line that explains why the service is not ready. */
export function describeSampleSources(sources: readonly SampleSource[]): string {
  return sources
    .map((source) =>
      source.kind === 'nbp-archive'
        ? `NBP table A only from the bundled archive (newest ${source.latestDate}; nothing fetched from the NBP API yet, check NBP_API_URL and the network)`
        : `bundled sample bank tables (source 'embedded') of ${source.banks.join(', ')} in the database (delete them: DELETE FROM rates.bank_tables WHERE source = 'embedded')`,
    )
    .join('; ');
}
