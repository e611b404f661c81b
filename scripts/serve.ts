/** Serves the built site and API (`npm run serve`): PORT and HOST, default 127.0.0.1:4321. */
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { changedDocumentSettings, documentSettings } from '../src/documents/document-settings.ts';
import { createNodeServer } from '../src/platform/node/server.ts';
import { BUILD_INFO } from './build.ts';

try {
  const config = loadConfig();
  // The documents state the settings they were built with (the site, the cache policy, the
  // quotas); this server answers under its own.
  if (existsSync(BUILD_INFO)) {
    const built = (JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as { documents?: Record<string, unknown> }).documents;
    const changed = changedDocumentSettings(built, documentSettings(config));
    if (changed.length > 0)
      console.warn(
        `[server] the documents were built with a different ${changed.join(', ')}: rebuild (npm run build) or set them as built`,
      );
  }
  const server = await createNodeServer({ config, distDir: 'dist' });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(
      `[server] listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port} (site ${config.siteUrl})`,
    );
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
