import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  lenderMode,
  lenderSecretNames,
  MAILDEV_ENTRY,
  MAILDEV_WEB_URL,
  PARTNER_SANDBOX_ENTRY,
  partnerSandboxUrl,
  planStack,
  SANDBOX_LENDER_FILE,
  redactUrl,
  requiredEntries,
  requiredPorts,
  SERVICES,
  BUILD_PROJECTS,
  usesMailCatcher,
} from './stack.cjs';

const DB = 'postgres://postgres@127.0.0.1:54329/postgres';

describe('planStack', () => {
  it('runs the five services on the ports of the architecture, then MailDev, then the gateway', () => {
    const specs = planStack({ env: {}, databaseUrl: DB });
    expect(specs.map((s) => s.name)).toEqual([
      'content',
      'offers',
      'rates',
      'leads',
      'events',
      'maildev',
      'gateway',
    ]);
    const rates = specs.find((s) => s.name === 'rates')!;
    expect(rates.entry).toBe('dist/apps/rates/src/main.js');
    expect(rates.env).toMatchObject({
      GRPC_PORT: '50053',
      OPS_PORT: '9467',
      GRPC_HOST: '127.0.0.1',
      DATABASE_URL: DB,
    });
    expect(rates.readyUrl).toBe('http://127.0.0.1:9467/readyz');
    expect(rates.healthUrl).toBe('http://127.0.0.1:9467/healthz');
    const gateway = specs.at(-1)!;
    expect(gateway.entry).toBe('dist/apps/gateway/src/server/main.js');
    expect(gateway.readyUrl).toBe('http://127.0.0.1:3000/readyz');
    expect(gateway.healthUrl).toBe('http://127.0.0.1:3000/healthz');
    // Metrics and the detailed readiness on their own port, loopback by default (the gateway's OPS_HOST).
    expect(gateway.env.OPS_PORT).toBe('9464');
  });

  it('points the gateway at every service and gives it no database', () => {
    const gateway = planStack({ env: { DATABASE_URL: 'postgres://elsewhere/db' }, databaseUrl: DB }).at(-1)!;
    expect(gateway.env).toMatchObject({
      PORT: '3000',
      CONTENT_SERVICE_ADDR: '127.0.0.1:50051',
      OFFERS_SERVICE_ADDR: '127.0.0.1:50052',
      RATES_SERVICE_ADDR: '127.0.0.1:50053',
      LEADS_SERVICE_ADDR: '127.0.0.1:50054',
      EVENTS_SERVICE_ADDR: '127.0.0.1:50055',
    });
    expect(gateway.env.DATABASE_URL).toBeUndefined();
  });

  it('passes the environment through but never a shared GRPC_PORT or OPS_PORT', () => {
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      KAFKA_BROKERS: 'k:9092',
      GRPC_PORT: '1',
      OPS_PORT: '2',
      PORT: '8080',
    };
    const specs = planStack({ env, databaseUrl: DB });
    const ports = specs.slice(0, 5).map((s) => s.env.GRPC_PORT);
    expect(new Set(ports).size).toBe(5);
    for (const spec of specs) {
      expect(spec.env.REDIS_URL).toBe('redis://127.0.0.1:6379');
      expect(spec.env.KAFKA_BROKERS).toBe('k:9092');
    }
    expect(specs.at(-1)!.env.PORT).toBe('8080');
    expect(specs.at(-1)!.readyUrl).toBe('http://127.0.0.1:8080/readyz');
  });

  it("shows the gateway's labelled example operator unless real OPERATOR_* data are given", () => {
    const gatewayEnv = (env: Record<string, string>) => planStack({ env, databaseUrl: DB }).at(-1)!.env;
    expect(gatewayEnv({}).OPERATOR_EXAMPLE).toBe('true');
    expect(gatewayEnv({ OPERATOR_NAME: 'Firma sp. z o.o.' }).OPERATOR_EXAMPLE).toBeUndefined();
    expect(gatewayEnv({ OPERATOR_EXAMPLE: 'false' }).OPERATOR_EXAMPLE).toBe('false');
    // the services do not read it
    expect(planStack({ env: {}, databaseUrl: DB })[0]!.env.OPERATOR_EXAMPLE).toBeUndefined();
  });

  it('gives the gateway its one origin, which production requires: itself on its port, or the PUBLIC_ORIGIN given', () => {
    const gatewayEnv = (env: Record<string, string>) => planStack({ env, databaseUrl: DB }).at(-1)!.env;
    expect(gatewayEnv({}).PUBLIC_ORIGIN).toBe('http://localhost:3000');
    expect(gatewayEnv({ PORT: '8080' }).PUBLIC_ORIGIN).toBe('http://localhost:8080');
    expect(gatewayEnv({ PUBLIC_ORIGIN: 'https://example.pl' }).PUBLIC_ORIGIN).toBe('https://example.pl');
  });

  it('keeps an explicit GRPC_HOST', () => {
    expect(planStack({ env: { GRPC_HOST: '0.0.0.0' }, databaseUrl: DB })[0]!.env.GRPC_HOST).toBe('0.0.0.0');
  });

  it('rejects a malformed PORT before anything starts', () => {
    expect(() => planStack({ env: { PORT: '30x0' }, databaseUrl: DB })).toThrow(
      'PORT="30x0" must be a port number',
    );
    expect(() => planStack({ env: { PORT: '70000' }, databaseUrl: DB })).toThrow(/PORT="70000"/);
  });
});

describe('MailDev, the local mail catcher', () => {
  const leadsOf = (env: Record<string, string>) =>
    planStack({ env, databaseUrl: DB }).find((s) => s.name === 'leads')!;

  it('runs MailDev on loopback (SMTP 1025, web and REST API 1080) and points the leads service at it when SMTP_URL is unset', () => {
    expect(usesMailCatcher({})).toBe(true);
    expect(usesMailCatcher({ SMTP_URL: '  ' })).toBe(true);
    const maildev = planStack({ env: {}, databaseUrl: DB }).find((s) => s.name === 'maildev')!;
    expect(maildev.entry).toBe(MAILDEV_ENTRY);
    expect(maildev.args).toEqual([
      '--smtp',
      '1025',
      '--web',
      '1080',
      '--ip',
      '127.0.0.1',
      '--mail-directory',
      '.data/maildev',
    ]);
    expect(maildev.readyUrl).toBe('http://127.0.0.1:1080/healthz');
    expect(maildev.healthUrl).toBe('http://127.0.0.1:1080/healthz');
    expect(maildev.ports.map((p) => p.port)).toEqual([1025, 1080]);
    expect(MAILDEV_WEB_URL).toBe('http://127.0.0.1:1080/');
    expect(leadsOf({}).env).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:1025',
      SMS_TRANSPORT: 'mail-catcher',
      PUBLIC_ORIGIN: 'http://localhost:3000',
    });
    // Its mail beside the embedded database's, in DATA_DIR.
    expect(
      planStack({ env: { DATA_DIR: '/tmp/x/' }, databaseUrl: DB }).find((s) => s.name === 'maildev')!.args,
    ).toContain('/tmp/x/maildev');
  });

  it('runs no MailDev when SMTP_URL is set, and passes that server, the sender and the SMS mode through', () => {
    const env = { SMTP_URL: 'smtps://user:pw@mail.example.pl:465', MAIL_FROM: 'Firma <no-reply@firma.pl>' };
    expect(usesMailCatcher(env)).toBe(false);
    const specs = planStack({ env, databaseUrl: DB });
    expect(specs.map((s) => s.name)).not.toContain('maildev');
    expect(leadsOf(env).env).toMatchObject({ ...env, PUBLIC_ORIGIN: 'http://localhost:3000' });
    // SMS go to no real server as mails: the mail-catcher mode only comes with MailDev.
    expect(leadsOf(env).env.SMS_TRANSPORT).toBeUndefined();
    expect(leadsOf({ ...env, SMS_TRANSPORT: 'none' }).env.SMS_TRANSPORT).toBe('none');
  });

  it("keeps the leads service's links on this gateway's port, or on the PUBLIC_ORIGIN given, and an SMS mode given", () => {
    expect(leadsOf({ PORT: '8080' }).env.PUBLIC_ORIGIN).toBe('http://localhost:8080');
    expect(leadsOf({ PUBLIC_ORIGIN: 'https://example.pl' }).env.PUBLIC_ORIGIN).toBe('https://example.pl');
    expect(leadsOf({ SMS_TRANSPORT: 'none' }).env.SMS_TRANSPORT).toBe('none');
    // The other services are not told.
    const content = planStack({ env: {}, databaseUrl: DB })[0]!;
    expect(content.env.SMS_TRANSPORT).toBeUndefined();
    expect(content.env.SMTP_URL).toBeUndefined();
  });
});

describe('requiredPorts', () => {
  it("claims twelve ports, plus MailDev's two unless SMTP_URL is set, plus the embedded PostgreSQL port only when it will be started", () => {
    const withDb = requiredPorts({ env: { SMTP_URL: 'smtp://mail:25' }, embeddedDatabase: false });
    expect(withDb).toHaveLength(12);
    expect(withDb).toContainEqual({ port: 3000, purpose: 'gateway HTTP' });
    expect(withDb).toContainEqual({ port: 9464, purpose: 'gateway metrics/health' });
    expect(withDb).toContainEqual({ port: 9469, purpose: 'events metrics/health' });
    const embedded = requiredPorts({ env: { EMBEDDED_PG_PORT: '55000' }, embeddedDatabase: true });
    expect(embedded).toContainEqual({ port: 55000, purpose: 'embedded PostgreSQL' });
    expect(embedded).toContainEqual({
      port: 1025,
      purpose: 'MailDev SMTP (set SMTP_URL to send mail elsewhere)',
    });
    expect(embedded).toContainEqual({
      port: 1080,
      purpose: 'MailDev web (set SMTP_URL to send mail elsewhere)',
    });
    expect(new Set(embedded.map((c) => c.port)).size).toBe(15);
  });
});

describe('requiredEntries and BUILD_PROJECTS', () => {
  it('lists what the build must produce for every process it runs', () => {
    const entries = requiredEntries();
    for (const service of SERVICES) expect(entries).toContain(`dist/apps/${service.name}/src/main.js`);
    expect(entries).toContain('dist/libs/database/src/index.js');
    expect(BUILD_PROJECTS).toEqual([
      'gateway',
      'content',
      'offers',
      'rates',
      'leads',
      'events',
      'partner-sandbox',
    ]);
    expect(entries).not.toContain(PARTNER_SANDBOX_ENTRY);
    expect(requiredEntries({ sandbox: true })).toContain('dist/apps/partner-sandbox/src/main.js');
  });
});

describe('the partner sandbox: where the leads service delivers applications', () => {
  const SECRETS = { LENDER_SECRET_VIVUS: 'v'.repeat(64), LENDER_SECRET_KUKI: 'k'.repeat(64) };
  const withSandbox = (env: Record<string, string> = {}) =>
    planStack({ env, databaseUrl: DB, sandbox: { secrets: SECRETS } });
  const named = (specs: ReturnType<typeof planStack>, name: string) => specs.find((s) => s.name === name)!;

  it('delivers to the sandbox by default, to the lenders of a LENDER_DELIVERY_FILE the user set (no sandbox), and nowhere with --no-sandbox', () => {
    expect(lenderMode({}, { sandbox: true })).toBe('sandbox');
    expect(lenderMode({ LENDER_DELIVERY_FILE: '  ' }, { sandbox: true })).toBe('sandbox');
    expect(lenderMode({}, { sandbox: false })).toBe('none');
    expect(lenderMode({ LENDER_DELIVERY_FILE: 'my-lenders.json' }, { sandbox: true })).toBe('own-file');
    expect(lenderMode({ LENDER_DELIVERY_FILE: 'my-lenders.json' }, { sandbox: false })).toBe('own-file');
  });

  it('names one secret variable per lender of the repository sandbox file, and refuses what is not a lender file', () => {
    const text = readFileSync(path.join(__dirname, '../../..', SANDBOX_LENDER_FILE), 'utf8');
    expect(lenderSecretNames(text)).toEqual([
      'LENDER_SECRET_VIVUS',
      'LENDER_SECRET_WANDOO',
      'LENDER_SECRET_KUKI',
      'LENDER_SECRET_NETCREDIT',
      'LENDER_SECRET_SMARTNEY',
      'LENDER_SECRET_PROVIDENT',
    ]);
    const file = (lenders: unknown) => JSON.stringify({ environment: 'sandbox', lenders });
    expect(lenderSecretNames(file([{ secretEnv: 'A' }, { secretEnv: 'A' }]))).toEqual(['A']);
    expect(lenderSecretNames(file([]))).toEqual([]);
    expect(() => lenderSecretNames('{')).toThrow(/^not JSON: /);
    expect(() => lenderSecretNames('{}')).toThrow('has no "lenders" list');
    expect(() => lenderSecretNames(file([{ secretEnv: 'lower' }]))).toThrow(
      'lenders.0.secretEnv must be an environment variable name',
    );
  });

  it('runs the sandbox after MailDev and before the gateway, on loopback port 8090, calling back to the gateway, its state in DATA_DIR', () => {
    const specs = withSandbox({ PORT: '8080', DATA_DIR: '/tmp/run/' });
    expect(specs.map((s) => s.name)).toEqual([
      'content',
      'offers',
      'rates',
      'leads',
      'events',
      'maildev',
      'sandbox',
      'gateway',
    ]);
    const sandbox = named(specs, 'sandbox');
    expect(sandbox.entry).toBe(PARTNER_SANDBOX_ENTRY);
    expect(sandbox.env).toMatchObject({
      ...SECRETS,
      PARTNER_SANDBOX_HOST: '127.0.0.1',
      PARTNER_SANDBOX_PORT: '8090',
      PARTNER_SANDBOX_URL: 'http://127.0.0.1:8090',
      LENDER_DELIVERY_FILE: 'deploy/lenders/lender-delivery.sandbox.json',
      LEAD_STATUS_CALLBACK_URL: 'http://127.0.0.1:8080/api/partner/lead-status',
      SANDBOX_STATE_FILE: '/tmp/run/partner-sandbox/deliveries.jsonl',
    });
    expect(sandbox.readyUrl).toBe('http://127.0.0.1:8090/healthz');
    expect(sandbox.healthUrl).toBe('http://127.0.0.1:8090/healthz');
    expect(sandbox.ports.map((p) => p.port)).toEqual([8090]);
    expect(named(withSandbox(), 'sandbox').env.SANDBOX_STATE_FILE).toBe(
      '.data/partner-sandbox/deliveries.jsonl',
    );
  });

  it('gives leads the sandbox lender file, its address and the same secrets; no other process gets a secret', () => {
    const specs = withSandbox();
    expect(named(specs, 'leads').env).toMatchObject({
      ...SECRETS,
      LENDER_DELIVERY_FILE: 'deploy/lenders/lender-delivery.sandbox.json',
      PARTNER_SANDBOX_URL: 'http://127.0.0.1:8090',
    });
    for (const spec of specs.filter((s) => s.name !== 'leads' && s.name !== 'sandbox'))
      expect({ name: spec.name, secret: spec.env.LENDER_SECRET_VIVUS }).toEqual({
        name: spec.name,
        secret: undefined,
      });
  });

  it('moves with PARTNER_SANDBOX_PORT and rejects a malformed one before anything starts', () => {
    const specs = withSandbox({ PARTNER_SANDBOX_PORT: '18090' });
    expect(named(specs, 'sandbox').readyUrl).toBe('http://127.0.0.1:18090/healthz');
    expect(named(specs, 'leads').env.PARTNER_SANDBOX_URL).toBe('http://127.0.0.1:18090');
    expect(partnerSandboxUrl({})).toBe('http://127.0.0.1:8090');
    expect(() => withSandbox({ PARTNER_SANDBOX_PORT: 'x' })).toThrow(
      'PARTNER_SANDBOX_PORT="x" must be a port number',
    );
  });

  it("without the sandbox, leads gets no lender file of ours: the user's own passes through, else it matches only", () => {
    const none = planStack({ env: {}, databaseUrl: DB });
    expect(none.map((s) => s.name)).not.toContain('sandbox');
    expect(named(none, 'leads').env.LENDER_DELIVERY_FILE).toBeUndefined();
    expect(named(none, 'leads').env.PARTNER_SANDBOX_URL).toBeUndefined();
    const own = { LENDER_DELIVERY_FILE: '/etc/lenders.json', LENDER_SECRET_VIVUS: 's'.repeat(64) };
    expect(named(planStack({ env: own, databaseUrl: DB }), 'leads').env).toMatchObject(own);
  });

  it("claims the sandbox's port only when it runs", () => {
    expect(requiredPorts({ env: {}, embeddedDatabase: false }).map((c) => c.port)).not.toContain(8090);
    expect(requiredPorts({ env: {}, embeddedDatabase: false, sandbox: true })).toContainEqual({
      port: 8090,
      purpose: 'partner sandbox (npm start -- --no-sandbox runs without it)',
    });
  });
});

describe('redactUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/main')).toBe('postgres://app:***@db:5432/main');
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/postgres')).toBe(
      'postgres://postgres@127.0.0.1:5432/postgres',
    );
    expect(redactUrl('not a url')).toBe('(unparsable URL)');
  });
});
