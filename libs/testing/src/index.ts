export { provideTestDatabase, type TestDatabase } from './database';
export { provideTestRedis, pingRedis, type TestRedis } from './redis';
export { freePort } from './ports';
export { silentLogger } from './logger';
export { hasDocker } from './docker';
export { startTestService, type TestService, type TestServiceOptions } from './service-harness';
