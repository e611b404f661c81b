import { NetlifyDev } from '@netlify/dev';

/**
 * The Netlify target under local emulation (offline): routing by each function's config.path,
 * static files from the publish directory, the function bundled and run as on Netlify.
 * Features that would reach the network or are not used here are off.
 */
export async function startNetlifyDev(): Promise<{ fetch: (request: Request) => Promise<Response>; stop: () => Promise<void> }> {
  const dev = new NetlifyDev({
    projectRoot: process.cwd(),
    serverAddress: null,
    skipGitignore: true,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  await dev.start();
  return {
    // NetlifyDev returns undefined where nothing matches; on Netlify that is the CDN's 404.
    fetch: async (request) => (await dev.handle(request)) ?? new Response('Not Found', { status: 404 }),
    stop: async () => {
      await dev.stop();
    },
  };
}
