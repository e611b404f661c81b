import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/**
 * The Prometheus metrics' own HTTP server (METRICS_PORT, METRICS_HOST): `GET /metrics` in the
 * text exposition format, nothing else. Never the public server, whose /metrics stays a 404: the
 * metrics are the operator's (docs/operations.md, "Metrics").
 */
export function createMetricsListener(registry: Registry, logError: (error: unknown) => void): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logError(error);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected\n');
      },
    );
  });
}
