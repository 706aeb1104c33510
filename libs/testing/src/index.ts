export { provideTestDatabase, type TestDatabase } from './database';
export { provideTestRedis, describeWithRedis, hasTestRedis, pingRedis, type TestRedis } from './redis';
// Re-exported so a test that already uses this kit needs one import; they live in @lib/test-support,
// which the platform libs' own tests may import (this kit depends on those libs).
export { freePort, hasDocker } from '@lib/test-support';
export { silentLogger } from './logger';
export { startTestService, type TestService, type TestServiceOptions } from './service-harness';
export { strictMock, UnexpectedCallError } from './strict-mock';
export {
  checkMigrations,
  type MigrationCheckOptions,
  type MigrationCheckReport,
  type MigrationHistory,
} from './migrations';
export {
  CONTENT_FIXTURE_DIR,
  copyFixtureContent,
  words,
  sections,
  markdown,
  seoFront,
  articleFront,
  lenderFront,
  tagsYaml,
  navigationYaml,
  contentTree,
  type TestContentFile,
  type TestContentTree,
} from './content-builders';
export {
  SAMPLE_GUIDE_COUNT,
  SAMPLE_CREDIT_GUIDES,
  SAMPLE_SCHOOL_BREAKS,
  sampleGuideSlug,
  sampleSiteExtras,
  writeSampleSite,
} from './sample-site';
export { until, waitingForLocks, holdLock, countedCalls } from './stalls';
export {
  startPartnerSandbox,
  sandboxDeliverySchema,
  sandboxSummarySchema,
  PARTNER_SANDBOX_SCRIPT,
  SANDBOX_LENDER_FILE,
  type PartnerSandbox,
  type PartnerSandboxOptions,
  type SandboxDelivery,
  type SandboxSummary,
} from './partner-sandbox';
