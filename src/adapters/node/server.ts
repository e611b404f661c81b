import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../../config/config.ts';
import type { RequestHandler } from '../../core/rest/stats-api.ts';
import { createApiHandler } from '../api-handler.ts';
import { listStaticPaths } from './static-files.ts';
import { sendWebResponse, toWebRequest } from './web-bridge.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface NodeServerOptions {
  config: Config;
  /** The Astro build output (dist/): its standalone handler serves pages and documents. */
  distDir: string;
}

/** Paths the platform-free core answers; everything else is Astro's (pages, documents, files). */
function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The self-hosted server: a bare node:http server that hands API paths straight to the core and
 * everything else to Astro. A pre-rendered file wins over the API (as `preferStatic` on Netlify),
 * so /api/openapi.yaml is the document, not an API_ROUTE_NOT_FOUND.
 */
export async function createNodeServer({ config, distDir }: NodeServerOptions): Promise<Server> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  // Importing the standalone entry would start Astro's own server; we only want its handler.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler: astro } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  const staticPaths = listStaticPaths(join(distDir, 'client'));
  const api: RequestHandler = createApiHandler(config);
  const origin = new URL(config.siteUrl).origin;

  const answerApi = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      await sendWebResponse(res, await api(toWebRequest(req, origin)));
    } catch (error) {
      console.error('[server]', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal server error');
      else res.destroy();
    }
  };

  return createServer((req, res) => {
    const url = req.url ?? '/';
    // Origin-form only ("/path?query"); "*" and absolute-form targets are not ours to route.
    if (!url.startsWith('/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request');
      return;
    }
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (isApiPath(pathname) && !staticPaths.has(pathname)) void answerApi(req, res);
    else astro(req, res);
  });
}
