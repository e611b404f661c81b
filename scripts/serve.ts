/** Serves the built site and API (`npm run serve`): PORT and HOST, default 127.0.0.1:4321. */
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { contactWarnings } from '../src/config/operator-contact.ts';
import { changedDocumentSettings, documentSettings } from '../src/documents/document-settings.ts';
import { listenProblem } from '../src/platform/node/listen-check.ts';
import { createNodeServer } from '../src/platform/node/server.ts';
import { BUILD_INFO } from './build.ts';

try {
  const config = loadConfig();
  // The documents and the portal state the settings they were built with (the site, the cache
  // policy, the quotas): a server under other settings would contradict them. Refused, unless
  // SERVE_MISMATCHED_DOCUMENTS=on (the test suites, which vary the quotas over one build).
  const built = existsSync(BUILD_INFO)
    ? (JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as { documents?: Record<string, unknown> }).documents
    : undefined;
  const changed = changedDocumentSettings(built, documentSettings(config));
  if (changed.length > 0) {
    const detail = changed.map(
      (name) => `${name}: built ${JSON.stringify(built?.[name] ?? null)}, now ${JSON.stringify(documentSettings(config)[name])}`,
    );
    const message = `the built documents state other settings than this server's (${detail.join('; ')}): run npm run build with these settings (npm start does it for you), or set them as built`;
    if (process.env.SERVE_MISMATCHED_DOCUMENTS !== 'on') {
      console.error(`[server] refusing to serve: ${message}`);
      process.exit(1);
    }
    console.error(`[server] SERVE_MISMATCHED_DOCUMENTS=on: serving anyway; ${message}`);
  }
  const service = await createNodeServer({ config, distDir: 'dist' });
  const { server, logger } = service;
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(`[server] ${listenProblem(error, config.host, config.port)}`);
    service.release();
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.lifecycle(
      'server',
      `listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port} (site ${config.siteUrl})`,
    );
    // Served all the same: the pages say what is missing (docs/operations.md, "Operator and contact").
    for (const warning of contactWarnings(config.operator)) console.error(`[server] warning: ${warning}`);
  });
  // The metrics' own listener (METRICS_PORT): a port it cannot have stops the server as PORT's does.
  const { metricsServer } = service;
  if (metricsServer !== null && config.metrics !== null) {
    const { host, port } = config.metrics;
    metricsServer.once('error', (error: NodeJS.ErrnoException) => {
      console.error(`[server] METRICS_PORT: ${listenProblem(error, host, port)}`);
      service.release();
      process.exit(1);
    });
    metricsServer.listen(port, host, () => {
      const address = metricsServer.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      logger.lifecycle('server', `metrics on http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`);
    });
  }
  const stop = (signal: string) => {
    logger.lifecycle('server', `${signal} received`);
    void service.shutdown().then(() => {
      logger.lifecycle('server', 'stopped');
      process.exit(0);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => service.refresh());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
