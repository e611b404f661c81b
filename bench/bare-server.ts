/**
 * The baseline of the stats benchmark: a bare node:http server that replays, for every request,
 * the exact answer the real server gave for the benchmarked URL (same JSON body, same contract
 * headers). Sending the same bytes keeps the load generator's share of the work equal on both
 * sides, so the ratio measures the server's own overhead.
 */
import { createServer } from 'node:http';

const { body, headers } = JSON.parse(process.env.BARE_ANSWER ?? '{"body":"{}","headers":{}}') as {
  body: string;
  headers: Record<string, string>;
};
const server = createServer((_req, res) => {
  res.writeHead(200, headers).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
