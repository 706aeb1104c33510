import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceEnvSchema } from '@lib/config';

// The repository root: the README and the gateway's config are read from there.
const WORKSPACE = path.resolve(__dirname, '..');

const readme = readFileSync(path.join(WORKSPACE, 'README.md'), 'utf8');

/** Names in the first column of the README's tables: | `NAME` | … */
const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]));

describe('README.md', () => {
  it('documents every variable of the services’ environment schema', () => {
    const names = Object.keys(serviceEnvSchema('content').shape);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents every variable the gateway reads', () => {
    // Read as text: the gateway is an app, and a platform project may not import it.
    const source = readFileSync(
      path.join(WORKSPACE, 'apps/gateway/src/kit/config/gateway-config.ts'),
      'utf8',
    );
    const schema = source.slice(source.indexOf('z.object({'));
    const names = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(names).toContain('PUBLIC_ORIGIN');
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
    // The operator identity's variables, spread into that schema from their own module.
    const operator = readFileSync(
      path.join(WORKSPACE, 'apps/gateway/src/kit/config/operator-env.ts'),
      'utf8',
    );
    const fields = operator.slice(
      operator.indexOf('export const operatorEnvFields = {'),
      operator.indexOf('\n};', operator.indexOf('export const operatorEnvFields = {')),
    );
    const operatorNames = [...fields.matchAll(/^ {2}(OPERATOR_[A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(operatorNames).toHaveLength(13);
    expect(operatorNames).toContain('OPERATOR_NIP');
    expect(operatorNames.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('gives the two commands and links that exist', () => {
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
    for (const [, target] of readme.matchAll(/\]\(((?!https?:)[^)#]+)(?:#[^)]*)?\)/g)) {
      expect({ target, exists: existsSync(path.join(WORKSPACE, target!)) }).toEqual({ target, exists: true });
    }
    expect(readme).toContain('docs/ARCHITECTURE.md');
  });
});
