import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createPrometheusRecorder } from '../../src/observability/metrics/prometheus-recorder.ts';

/*
 * The example dashboard and alerting rules in docs/monitoring/ name only metrics the service
 * exports: a renamed metric must fail here, not on an operator's screen. (promtool checks the
 * rules' syntax and behaviour in tests/targets/self-hosted/metrics.test.ts.)
 */

/** Every series name a scrape of the service can hold: each metric, and a histogram's three series. */
async function exportedNames(): Promise<Set<string>> {
  const metrics = createPrometheusRecorder();
  const text = await metrics.registry.metrics();
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(name! + suffix);
  }
  return names;
}

/** The metric names a PromQL expression selects: each name written before its `{…}` or `[…]`. */
const selectedMetrics = (expr: string) => [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*[{[]/g)].map((m) => m[1]!);

interface Panel {
  title: string;
  targets: { expr: string }[];
}

describe('docs/monitoring', () => {
  it("the Grafana dashboard is JSON whose every panel queries metrics the service exports, and the issue's panels are there", async () => {
    const dashboard = JSON.parse(readFileSync('docs/monitoring/grafana-dashboard.json', 'utf8')) as { panels: Panel[] };
    const exported = await exportedNames();
    expect(exported.has('http_server_request_duration_seconds_bucket')).toBe(true);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        const names = selectedMetrics(expr);
        expect(names.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of names) expect(exported, `${panel.title} queries ${name}`).toContain(name);
      }
    }
    const queried = dashboard.panels.flatMap((p) => p.targets.flatMap((t) => selectedMetrics(t.expr)));
    for (const metric of [
      'http_server_request_duration_seconds_count',
      'http_server_request_duration_seconds_bucket',
      'mcp_tool_calls_total',
      'catalog_age_seconds',
      'quota_refusals_total',
    ])
      expect(queried).toContain(metric);
  });

  it("the alerting rules select metrics the service exports (or Prometheus's own up)", async () => {
    const rules = parse(readFileSync('docs/monitoring/alert-rules.yml', 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const exported = await exportedNames();
    exported.add('up');
    const alerts = rules.groups.flatMap((g) => g.rules);
    for (const { alert, expr } of alerts)
      for (const name of selectedMetrics(expr)) expect(exported, `${alert} selects ${name}`).toContain(name);
    // The four: 5xx rate, p99 latency, quota store fallback, catalog age.
    const selected = alerts.flatMap((a) => selectedMetrics(a.expr));
    for (const metric of [
      'http_server_request_duration_seconds_count',
      'http_server_request_duration_seconds_bucket',
      'quota_store_fallback',
      'catalog_age_seconds',
    ])
      expect(selected).toContain(metric);
  });
});
