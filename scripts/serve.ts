/** Serves the built site and API (`npm run serve`): PORT and HOST, default 127.0.0.1:4321. */
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { createNodeServer } from '../src/adapters/node/server.ts';
import { BUILD_INFO } from './build.ts';

try {
  const config = loadConfig();
  // The documents name the site they were built for; answers name this server's SITE_URL.
  const builtFor = existsSync(BUILD_INFO) ? (JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as { siteUrl?: string }).siteUrl : undefined;
  if (builtFor !== undefined && builtFor !== config.siteUrl) {
    console.warn(`[server] the site was built for ${builtFor}, this server is ${config.siteUrl}: set SITE_URL or rebuild (npm run build)`);
  }
  const server = await createNodeServer({ config, distDir: 'dist' });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`[server] listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port} (site ${config.siteUrl})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
