/*
 * Where a person's data can be kept, and what a verified erasure does to each place: every table
 * of every service's PostgreSQL schema, and every family of Redis keys, with its rule. The stack
 * test `stack-erasure.int.spec.ts` lists the tables and keys that really exist and fails for one
 * without a rule here, so a new table or key family needs its rule before it can ship; and after an
 * erasure it searches every one of them for what the person left (docs/ARCHITECTURE.md, "What an
 * erasure reaches").
 *
 * A rule reads 'erased by …', 'anonymised by …' or 'holds no personal or lead-linked data: <why>'.
 */

/**
 * What the test knows the person by: their e-mail, phone (+48…), surname, PESEL, ID card and bank
 * account as they typed them, the ids of their applications, and the blind indexes of their e-mail
 * and phone (HMACs under the leads service's key, read from the leads schema before the erasure).
 */
export type Trace = 'email' | 'phone' | 'surname' | 'identity' | 'applicationId' | 'blindIndex';

export interface ErasureRule {
  rule: string;
  /** What of the person the place keeps on purpose after an erasure, each said in its rule. */
  keeps?: readonly Trace[];
}

const RULE = /^(erased by |anonymised by |holds no personal or lead-linked data: )\S/;

/** A rule in one of the three forms, with its reason. */
export const isRule = (rule: ErasureRule): boolean => RULE.test(rule.rule);

const MIGRATIONS: ErasureRule = {
  rule: 'holds no personal or lead-linked data: the migrations applied to the schema',
};

/** Every table, as `<schema>.<table>` (partitions of a partitioned table are its rows). */
export const TABLE_RULES: Readonly<Record<string, ErasureRule>> = {
  'leads.applications': {
    rule:
      'anonymised by the leads erasure (PrivacyRepository.eraseLocalData): drafts deleted; a submitted ' +
      "application loses its sealed fields, blind indexes and attribution (the visit's session and " +
      'client ids) and stays as status ERASED with its anonymous figures (amount, period, purpose) under ' +
      'its id, which nothing else of ours ties to the person any more',
    keeps: ['applicationId'],
  },
  'leads.application_consents': {
    rule:
      'anonymised by the leads erasure with its application: which consent text was answered how and ' +
      'when, under the id of an application that holds nothing personal any more (deleted with a draft)',
    keeps: ['applicationId'],
  },
  'leads.lead_deliveries': {
    rule:
      'anonymised by the leads erasure (PrivacyRepository.eraseLocalData): queued deliveries withdrawn, ' +
      "the lender's reason emptied; lender, state and attempts stay under the application's id",
    keeps: ['applicationId'],
  },
  'leads.lead_delivery_events': {
    rule:
      "anonymised by the leads erasure (DeliveriesRepository.forgetLenderTexts): the lenders' answers " +
      'kept in the history are emptied (a lender may quote the applicant back); states and times stay',
  },
  'leads.contact_messages': {
    rule:
      'anonymised by the leads erasure (ContactMessagesRepository.eraseByIndexes): sealed fields, blind ' +
      'indexes and the message emptied; only the time it was received stays',
  },
  'leads.partner_enquiries': {
    rule:
      'anonymised by the leads erasure (ContactMessagesRepository.eraseByIndexes): company, website, ' +
      'message, sealed fields and blind indexes emptied',
  },
  'leads.outbound_messages': {
    rule:
      'erased by the leads erasure (OutboundMessagesRepository.eraseFor): every e-mail and SMS to the ' +
      "person's blind indexes is deleted, so queued ones never go out",
  },
  'leads.self_service_tokens': {
    rule:
      "erased by the leads erasure (PrivacyRepository.eraseLocalData): the person's self-service links " +
      'and sessions are deleted',
  },
  'leads.erasure_requests': {
    rule:
      'erased by the completion of the erasure (PrivacyRepository.complete): blind indexes, the sealed ' +
      'e-mail and the application ids are kept only until offers and content have answered, then only a ' +
      'salted hash of who asked, the count and the times stay',
  },
  'leads.suppressions': {
    rule:
      'holds no personal or lead-linked data: only the blind indexes of the e-mail and phone (HMACs no ' +
      'one can reverse without the leads key), kept on purpose so that the person never gets marketing ' +
      'again (the objection of RODO art. 21 outlives the erasure)',
    keeps: ['blindIndex'],
  },
  'leads.unsubscribe_requests': {
    rule: 'holds no personal or lead-linked data: a salted hash of who asked, the audit of the request',
  },
  'leads.data_keys': {
    rule:
      'holds no personal or lead-linked data: data keys wrapped by the master key; what they sealed is ' +
      'emptied by the erasure',
  },
  'leads.idempotency_keys': {
    rule:
      'holds no personal or lead-linked data: an HMAC fingerprint of each keyed request and its answer ' +
      "(an application's answer names its id, which leads only to the anonymous figures), deleted 24 " +
      'hours after the request',
    keeps: ['applicationId'],
  },
  'leads.stream_events': {
    rule:
      'holds no personal or lead-linked data: the outbox of events for the analysts, keyed by the ' +
      "application's pseudonymous key (an HMAC of its id), with counts, lender slugs and utm " +
      'source/medium/campaign; published rows are deleted after 7 days (the events below say why the key ' +
      'is not lead-linked once the application is erased)',
  },
  'leads.migrations': MIGRATIONS,

  'offers.lead_requests': {
    rule:
      "erased by the offers service's ForgetLeadRequests, which the leads erasure calls with the ids of " +
      "the person's applications (retried by the leads job while the offers service is away): amount, " +
      'period, purpose and age go, and the lead feed of those ids answers null',
  },
  'offers.feeds': {
    rule: "holds no personal or lead-linked data: the partners' offer feeds and their ingestion state",
  },
  'offers.migrations': MIGRATIONS,

  'content.comments': {
    rule:
      "anonymised by the content service's AnonymiseCommenter, which the leads erasure calls with the " +
      "e-mail: the e-mail emptied, the name becomes 'Anonim', the visit's session id removed; the text " +
      'stays published',
  },
  'content.idempotency_keys': {
    rule:
      'holds no personal or lead-linked data: a SHA-256 of each keyed request (the comment text in it ' +
      'makes it impossible to guess back) and the id of the comment stored, deleted 24 hours after',
  },
  'content.pages': {
    rule: 'holds no personal or lead-linked data: editorial pages imported from content/',
  },
  'content.articles': {
    rule:
      'holds no personal or lead-linked data: editorial articles imported from content/, with view and ' +
      'comment counts',
  },
  'content.authors': {
    rule: "holds no personal or lead-linked data: the site's own authors, imported from content/",
  },
  'content.tags': { rule: 'holds no personal or lead-linked data: article tags imported from content/' },
  'content.lender_reviews': {
    rule: 'holds no personal or lead-linked data: lender reviews imported from content/, with rating counts',
  },
  'content.navigation': { rule: "holds no personal or lead-linked data: the site's menus" },
  'content.migrations': MIGRATIONS,

  'rates.nbp_tables': { rule: 'holds no personal or lead-linked data: NBP exchange rate tables' },
  'rates.nbp_rates': { rule: 'holds no personal or lead-linked data: NBP exchange rates' },
  'rates.bank_tables': { rule: "holds no personal or lead-linked data: banks' exchange rate tables" },
  'rates.bank_rates': { rule: "holds no personal or lead-linked data: banks' exchange rates" },
  'rates.migrations': MIGRATIONS,

  'events.tracking_events': {
    rule:
      'holds no personal or lead-linked data: once the erasure is done, nothing ties an event to the ' +
      "person. Browser events are keyed by the visit's own cookies, and the one place that joined a " +
      "visit to a person, the application's attribution, is emptied by the erasure (and the comment's " +
      "session id by AnonymiseCommenter). The leads service's events (100-120) carry the application's " +
      'pseudonymous key, an HMAC of its id under the leads key, never the id, the person or the loan; ' +
      'after the erasure that key leads only to the anonymous figures left of the application (the ' +
      "offers service's copy is forgotten), so it names no one. All end with EVENTS_RETENTION_DAYS",
  },
  'events.tracking_event_ids': {
    rule: 'holds no personal or lead-linked data: the ingest ids already stored, and when',
  },
  'events.migrations': MIGRATIONS,
};

/** Every family of Redis keys, by the longest prefix that names it. */
export const REDIS_RULES: Readonly<Record<string, ErasureRule>> = {
  'leads:rate:submit:': {
    rule:
      'erased by the leads erasure (SubmitRateLimiter.forget): the submit counters under the ' +
      "person's blind indexes (best effort: a counter also ends with its one-hour window)",
  },
  'leads:rate:self-service-link:': {
    rule: 'erased by the leads erasure (SubmitRateLimiter.forget): the self-service link counters, as above',
  },
  'gateway:rate:': {
    rule:
      'holds no personal or lead-linked data: rate budgets per client address or visit session, never ' +
      'per person; each ends with its window (10 minutes at most)',
  },
  'gateway:page:': {
    rule:
      'anonymised by its refresh: page data is shared by every visitor (personal pages are never ' +
      'cached), and a page with comments shows them as the content service answered; after ' +
      'AnonymiseCommenter the first request past PAGE_CACHE_TTL_MS refreshes it, and no entry outlives ' +
      'PAGE_CACHE_TTL_MS + PAGE_CACHE_STALE_MS. The lead feed and the status page are never cached',
  },
  'gateway:builds:': {
    rule:
      "holds no personal or lead-linked data: the gateway's build archive (the assets and metadata of " +
      'recent builds, so a page of the previous release still loads its scripts)',
  },
  'content:cache:': {
    rule:
      "anonymised by the content service's AnonymiseCommenter, which clears the content cache when it " +
      'changed a comment',
  },
  'content:views:': {
    rule:
      'holds no personal or lead-linked data: view counts per article, and one key per counted visit ' +
      "(the visit's session id) for 30 minutes",
  },
  'offers:cache:': {
    rule: 'holds no personal or lead-linked data: feed hashes; lead feeds and matches are never cached',
  },
  'rates:cache:': { rule: 'holds no personal or lead-linked data: exchange rates' },
};

/** The rule of a Redis key: the one of its longest prefix listed, or undefined. */
export function redisRuleOf(key: string): [prefix: string, rule: ErasureRule] | undefined {
  const prefixes = Object.keys(REDIS_RULES)
    .filter((prefix) => key.startsWith(prefix))
    .sort((a, b) => b.length - a.length);
  return prefixes[0] === undefined ? undefined : [prefixes[0], REDIS_RULES[prefixes[0]]!];
}
