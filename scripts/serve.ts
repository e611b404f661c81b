/** Serves the built site and API (`npm run serve`): PORT and HOST, default 127.0.0.1:4321. */
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { createNodeServer } from '../src/adapters/node/server.ts';

try {
  const config = loadConfig();
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
