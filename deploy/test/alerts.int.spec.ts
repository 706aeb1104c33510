import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { WORKSPACE } from './support/kubernetes';

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const PROMETHEUS_DIR = path.join(WORKSPACE, 'deploy/prometheus');
const rules = (
  parse(readFileSync(path.join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: AlertRule[] }[];
  }
).groups.flatMap((group) => group.rules);

/** A selector of an expression: the metric name and the label names its matchers use. */
interface Selector {
  metric: string;
  labels: string[];
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset']);
const LABEL_LISTS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);

/** The metric selectors of a PromQL expression (functions, keywords, label lists and durations left out). */
function selectors(expr: string): Selector[] {
  const found: Selector[] = [];
  let i = 0;
  const skipSpace = () => {
    while (i < expr.length && /\s/.test(expr[i]!)) i += 1;
  };
  const skipPast = (close: string) => {
    while (i < expr.length && expr[i] !== close) {
      if (expr[i] === '"') {
        i += 1;
        while (i < expr.length && expr[i] !== '"') i += expr[i] === '\\' ? 2 : 1;
      }
      i += 1;
    }
    i += 1;
  };
  while (i < expr.length) {
    const ch = expr[i]!;
    if (ch === '"') {
      skipPast('"');
    } else if (ch === '[') {
      skipPast(']');
    } else if (/[0-9.]/.test(ch)) {
      while (i < expr.length && /[0-9.eE+a-z]/.test(expr[i]!)) i += 1;
    } else if (/[a-zA-Z_:]/.test(ch)) {
      const start = i;
      while (i < expr.length && /[a-zA-Z0-9_:]/.test(expr[i]!)) i += 1;
      const word = expr.slice(start, i);
      skipSpace();
      if (LABEL_LISTS.has(word)) {
        if (expr[i] === '(') skipPast(')');
      } else if (KEYWORDS.has(word) || expr[i] === '(' || /^(by|without)\s*\(/.test(expr.slice(i))) {
        // an operator, or a function / aggregation (`sum by (…) (…)`) whose arguments follow
      } else {
        const labels: string[] = [];
        if (expr[i] === '{') {
          const open = i;
          skipPast('}');
          for (const m of expr
            .slice(open + 1, i - 1)
            .matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"/g))
            labels.push(m[1]!);
        }
        found.push({ metric: word, labels });
      }
    } else {
      i += 1;
    }
  }
  return found;
}

/** Production source of apps and libs (specs and test folders left out). */
function productionSources(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'test', '__tests__'].includes(entry.name)) walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name)) {
        texts.push(readFileSync(full, 'utf8'));
      }
    }
  };
  for (const root of ['apps', 'libs']) {
    for (const project of readdirSync(path.join(WORKSPACE, root))) {
      const src = path.join(WORKSPACE, root, project, 'src');
      try {
        walk(src);
      } catch {
        // a project without src/
      }
    }
  }
  return texts.join('\n');
}

interface Registered {
  type: string;
  labels: string[];
}

/** Every prom-client metric our code registers: `new Gauge({ name: '…', … labelNames: […] })`. */
function registeredMetrics(source: string): Map<string, Registered> {
  const metrics = new Map<string, Registered>();
  for (const match of source.matchAll(
    /new (Counter|Gauge|Histogram|Summary)(?:<[^>]*>)?\(\{\s*name: '([a-z_:][a-z0-9_:]*)'([\s\S]*?)\}\);/g,
  )) {
    const labels = /labelNames: \[([^\]]*)\]/.exec(match[3]!)?.[1] ?? '';
    metrics.set(match[2]!, {
      type: match[1]!,
      labels: [...labels.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!),
    });
  }
  return metrics;
}

const SOURCE = productionSources();
const REGISTERED = registeredMetrics(SOURCE);
/** Labels every series has: the registry's default label, and the ones Prometheus adds at scrape. */
const COMMON_LABELS = ['service', 'job', 'instance'];
/** Series that do not come from our code, with their labels. */
const EXTERNAL: Record<string, { labels: string[]; from: string }> = {
  up: { labels: ['job', 'instance'], from: 'Prometheus' },
  kube_pod_container_status_restarts_total: {
    labels: ['namespace', 'pod', 'container'],
    from: 'kube-state-metrics',
  },
  process_start_time_seconds: { labels: COMMON_LABELS, from: 'prom-client default metrics' },
};
const histogramBase = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

describe('deploy/prometheus/alerts.yml', () => {
  it('has one uniquely named rule per alert, each with severity, summary, description and runbook', () => {
    expect(rules.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      expect({
        alert: rule.alert,
        severity: ['page', 'ticket'].includes(rule.labels?.severity ?? ''),
      }).toEqual({
        alert: rule.alert,
        severity: true,
      });
      expect(Object.keys(rule.annotations ?? {}).sort()).toEqual(['description', 'runbook', 'summary']);
      expect(rule.annotations?.runbook).toBe('docs/OPERATIONS.md#alerts');
    }
  });

  it('covers error rate, p99 latency, consumer lag, NBP and feed staleness and restarts', () => {
    const using = (pattern: RegExp) => rules.filter((r) => pattern.test(r.expr)).map((r) => r.alert);
    expect(using(/status_code=~"5\.\."/)).toContain('GatewayHighErrorRate');
    expect(using(/code=~"INTERNAL\|/)).toContain('RpcHighErrorRate');
    expect(
      using(
        /histogram_quantile\(0\.99,\s*sum by \(service, le\) \(rate\(http_server_request_duration_seconds_bucket/,
      ),
    ).toEqual(['GatewayHighLatencyP99']);
    expect(
      using(
        /histogram_quantile\(0\.99,\s*sum by \(service, le\) \(rate\(grpc_server_handling_seconds_bucket/,
      ),
    ).toEqual(['RpcHighLatencyP99']);
    expect(using(/\bkafka_consumergroup_lag\b(?!_)/)).toEqual(['EventsConsumerLagHigh']);
    expect(using(/rates_table_days_behind\{kind=~"A\|B\|C"\}/).sort()).toEqual([
      'NbpTableMissing',
      'NbpTableStale',
    ]);
    expect(using(/offers_feed_/).sort()).toEqual(['OfferFeedNeverFetched', 'OfferFeedStale']);
    expect(using(/kube_pod_container_status_restarts_total/)).toEqual(['PodRestarting']);
    expect(using(/process_start_time_seconds/)).toEqual(['ProcessRestarting']);
  });

  it('uses only metrics and labels the processes export (or Prometheus and kube-state-metrics)', () => {
    // The scan finds what the code registers, else this check would pass on nothing.
    expect(REGISTERED.get('http_server_request_duration_seconds')).toEqual({
      type: 'Histogram',
      labels: ['method', 'route', 'status_code'],
    });
    const problems: string[] = [];
    for (const rule of rules) {
      const found = selectors(rule.expr);
      expect({ alert: rule.alert, selectors: found.length > 0 }).toEqual({
        alert: rule.alert,
        selectors: true,
      });
      for (const { metric, labels } of found) {
        const base = histogramBase(metric);
        const registered = REGISTERED.get(base);
        const known =
          EXTERNAL[metric]?.labels ?? (registered ? [...registered.labels, ...COMMON_LABELS] : undefined);
        if (!known) {
          problems.push(`${rule.alert}: ${metric} is not exported`);
          continue;
        }
        if (metric !== base && registered?.type !== 'Histogram') {
          problems.push(`${rule.alert}: ${metric} needs ${base} to be a histogram`);
        }
        for (const label of labels) {
          if (!known.includes(label) && !(metric.endsWith('_bucket') && label === 'le')) {
            problems.push(`${rule.alert}: ${metric} has no label ${label}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // prom-client itself registers the process start time the restart alert reads.
    expect(
      readFileSync(path.join(WORKSPACE, 'node_modules/prom-client/lib/metrics/processStartTime.js'), 'utf8'),
    ).toContain("'process_start_time_seconds'");
  });

  it('reads the selectors of an expression the way PromQL does', () => {
    expect(
      selectors(
        'sum by (service, le) (rate(grpc_server_handling_seconds_bucket{method!~"Health\\\\..*", code="OK"}[5m])) > 0.5 and on(job) up == 0',
      ),
    ).toEqual([
      { metric: 'grpc_server_handling_seconds_bucket', labels: ['method', 'code'] },
      { metric: 'up', labels: [] },
    ]);
  });

  it('is explained, alert by alert, in the runbook', () => {
    const runbook = readFileSync(path.join(WORKSPACE, 'docs/OPERATIONS.md'), 'utf8');
    const start = runbook.indexOf('\n## Alerts\n');
    expect(start).toBeGreaterThan(0);
    const next = runbook.indexOf('\n## ', start + 1);
    const section = runbook.slice(start, next === -1 ? undefined : next);
    const missing = rules.map((r) => r.alert).filter((alert) => !section.includes(`\`${alert}\``));
    expect(missing).toEqual([]);
  });
});

// promtool (Debian package `prometheus`, installed by .ci/run) checks syntax and semantics the way
// Prometheus loads the files, and runs the rules' unit tests in alerts.test.yml.
const hasPromtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasPromtool) {
  process.stderr.write(
    '\n[deploy] promtool not found: `promtool check/test` of the alert rules SKIPPED (.ci/run installs it)\n\n',
  );
}
const promtool = (...args: string[]) =>
  spawnSync('promtool', args, { cwd: PROMETHEUS_DIR, encoding: 'utf8' });

(hasPromtool ? describe : describe.skip)('promtool', () => {
  it('accepts the alert rules', () => {
    const result = promtool('check', 'rules', 'alerts.yml');
    expect(result.stdout).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(result.status).toBe(0);
  });

  it('passes the rules’ unit tests (alerts fire on the series that should, not on the others)', () => {
    const tests = parse(readFileSync(path.join(PROMETHEUS_DIR, 'alerts.test.yml'), 'utf8')) as {
      tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const cases = tests.tests.flatMap((t) => t.alert_rule_test);
    const firing = new Set(cases.filter((c) => c.exp_alerts.length > 0).map((c) => c.alertname));
    expect(firing.size).toBeGreaterThanOrEqual(5);
    expect(cases.some((c) => c.exp_alerts.length === 0)).toBe(true);
    const result = promtool('test', 'rules', 'alerts.test.yml');
    expect(result.stdout + result.stderr).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });

  it('accepts the compose Prometheus configuration with the rules', () => {
    const result = promtool('check', 'config', 'prometheus.yml');
    expect(result.stdout).toContain('SUCCESS: prometheus.yml is valid prometheus config file syntax');
    expect(result.status).toBe(0);
  });
});
