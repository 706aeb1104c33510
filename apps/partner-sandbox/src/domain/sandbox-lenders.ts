import { normaliseFeed, parseFeed } from '@lib/offers-domain';
import { type DeliverableField, readLenderDirectory } from '@lib/partner-delivery';
import { readBehaviourFile, type SandboxBehaviour } from './behaviour';
import { type LenderLimits, limitsOf } from './lender-limits';

/** A lender as the sandbox plays it. */
export interface SandboxLender {
  slug: string;
  name: string;
  enabled: boolean;
  secret: string;
  requiredFields: readonly DeliverableField[];
  behaviour: SandboxBehaviour;
  limits: LenderLimits;
}

/** The three files the sandbox starts from, as text, and the environment the lender file reads. */
export interface SandboxSources {
  lenderFile: string;
  feed: string;
  behaviourFile: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The feed is normalised as of this day (YYYY-MM-DD); limits do not depend on it. */
  day: string;
}

/**
 * The lenders to play, or every problem at once: the lender file's own (readLenderDirectory), a
 * lender file that is not a sandbox one (its endpoints would be real lenders'), a lender without a
 * behaviour, and a lender without an offer in the feed (no limits to decide by). A behaviour for a
 * lender the file does not list is left unused: a test may give the sandbox some of the lenders.
 */
export function assembleLenders(sources: SandboxSources): { ok: SandboxLender[] } | { problems: string[] } {
  const directory = readLenderDirectory(sources.lenderFile, sources.env);
  const behaviours = readBehaviourFile(sources.behaviourFile);
  const feed = parseFeed(sources.feed, new TextEncoder().encode(sources.feed).byteLength);
  const problems = [
    ...('problems' in directory ? directory.problems.map((p) => `lender file, ${p}`) : []),
    ...('problems' in behaviours ? behaviours.problems : []),
    ...(feed.ok ? [] : [`feed: ${feed.cause}`]),
  ];
  if (!('ok' in directory) || !('ok' in behaviours) || !feed.ok) return { problems };

  if (directory.ok.environment !== 'sandbox')
    return {
      problems: [
        `lender file: its environment is "${directory.ok.environment}"; the sandbox plays only the lenders of a "sandbox" file`,
      ],
    };
  const offers = normaliseFeed(feed.offers, 'pl', sources.day).offers;
  const byBehaviour = new Map(Object.entries(behaviours.ok.lenders));
  const lenders: SandboxLender[] = [];
  for (const entry of directory.ok.lenders) {
    const behaviour = byBehaviour.get(entry.slug);
    const limits = limitsOf(entry.lenderId, offers);
    if (!behaviour) problems.push(`lender ${entry.slug}: no entry in the behaviour file`);
    if (!limits)
      problems.push(`lender ${entry.slug}: the feed has no offer with lender_id ${entry.lenderId}`);
    if (behaviour && limits)
      lenders.push({
        slug: entry.slug,
        name: entry.name,
        enabled: entry.enabled,
        secret: entry.secret,
        requiredFields: entry.requiredFields,
        behaviour,
        limits,
      });
  }
  return problems.length > 0 ? { problems } : { ok: lenders };
}
