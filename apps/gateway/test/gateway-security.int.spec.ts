import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readClientManifest } from '../src/server/render/client-manifest';
import { ABOUT_PAGE, HOME_PAGE } from './support/content-fixtures';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { rawRequest } from './support/raw-http';
import { type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';
import { buildTestClient, type TestClient } from './support/test-client';

/** Every file below a directory, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('gateway security headers and the built client', () => {
  let client: TestClient;
  let clientDir: string;
  let content: FakeGrpcServer;
  let gateway: TestGateway;

  beforeAll(async () => {
    client = buildTestClient();
    clientDir = client.dir;
    content = await startFakeService('content', {
      GetPage: (request) => ((request as { path: string }).path === '/' ? HOME_PAGE : ABOUT_PAGE),
    });
    gateway = await startTestGateway({
      targets: { content: content.target },
      env: { PAGE_CACHE: 'false' },
      client,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await content?.stop();
    client?.remove();
  });

  it('keeps framing rules in agreement (X-Frame-Options DENY, frame-ancestors none) and denies unused browser features', async () => {
    for (const pagePath of ['/o-nas/', '/nie-ma-takiej-strony/', '/favicon.svg']) {
      const res = await rawRequest(gateway.port, { path: pagePath });
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
        expect(policy).toContain(`${feature}=()`);
      }
    }
  });

  it('publishes no source map: none under public/, none named by a bundle, none served', async () => {
    const published = filesUnder(path.join(clientDir, 'public'));
    expect(published.filter((file) => file.endsWith('.js'))).not.toHaveLength(0);
    expect(published.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of published.filter((name) => /\.(js|css)$/.test(name))) {
      expect({
        file,
        names: readFileSync(path.join(clientDir, 'public', file), 'utf8').includes('sourceMappingURL'),
      }).toEqual({ file, names: false });
    }
    // The maps are kept for us, beside the build, not below what the server publishes.
    const manifest = readClientManifest(clientDir);
    const entryMap = path.join(
      clientDir,
      'sourcemaps',
      `${manifest.entry.file.replace(/^\/assets\//, '')}.map`,
    );
    expect(existsSync(entryMap)).toBe(true);

    const asked = await rawRequest(gateway.port, { path: `${manifest.entry.file}.map` });
    expect(asked.status).toBe(404);
    expect(asked.body).not.toContain('sourcesContent');
  });
});

describe('gateway logs of a failing service', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({
      targets: { content: await deadTarget() },
      env: { PAGE_CACHE: 'false' },
    });
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('writes one line per failed call, without the stack, keeping method, status and message', async () => {
    const before = gateway.logs.length;
    const res = await rawRequest(gateway.port, { path: '/o-nas/' });
    expect(res.status).toBe(503);
    const lines = gateway.logs
      .slice(before)
      .filter((line) => line.level === 'warn' || line.level === 'error');
    // The page's data, and the navigation drawn from the built-in copy: one line each.
    expect(lines.map((line) => line.msg).sort()).toEqual([
      'navigation unavailable: showing the built-in navigation',
      'page data failed: /o-nas/',
    ]);
    for (const line of lines) {
      const err = line['err'] as Record<string, unknown>;
      expect(err).toEqual({
        type: 'GrpcCallError',
        code: 'UNAVAILABLE',
        method: expect.stringMatching(/^content\.v1\.ContentService\/Get(Page|Navigation)$/),
        message: expect.stringMatching(/failed: UNAVAILABLE: .*ECONNREFUSED/),
      });
      expect(line['grpcCode']).toBe('UNAVAILABLE');
      // As a terminal shows it (npm start prints a stack line by line): one line, plus the message.
      expect(JSON.stringify(line)).not.toContain('\\n');
    }
  });
});
