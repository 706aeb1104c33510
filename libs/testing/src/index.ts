export { provideTestDatabase, type TestDatabase } from './database';
export { provideTestRedis, describeWithRedis, hasTestRedis, pingRedis, type TestRedis } from './redis';
export { freePort } from './ports';
export { silentLogger } from './logger';
export { hasDocker } from './docker';
export { startTestService, type TestService, type TestServiceOptions } from './service-harness';
export { strictMock, UnexpectedCallError } from './strict-mock';
export { checkMigrations, type MigrationCheckOptions, type MigrationCheckReport, type MigrationHistory } from './migrations';
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
