import { once } from 'node:events';
import { createServer } from 'node:net';

/** Why the server cannot listen there, in one line an operator can act on. */
export function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: the port is in use (another server? stop it, or set PORT)`;
    case 'EACCES':
      return `cannot listen on ${where}: not allowed (ports below 1024 need privileges; set PORT)`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: no interface has that address (set HOST)`;
    default:
      return `cannot listen on ${where}: ${error.message}`;
  }
}

/** Whether the server could listen there now: null, or the problem (checked before a build that would be wasted). */
export async function checkListen(host: string, port: number): Promise<string | null> {
  if (port === 0) return null;
  const probe = createServer();
  try {
    probe.listen(port, host);
    await once(probe, 'listening');
    return null;
  } catch (error) {
    return listenProblem(error as NodeJS.ErrnoException, host, port);
  } finally {
    probe.close();
  }
}
