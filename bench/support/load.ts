import autocannon from 'autocannon';

export interface Sample {
  target: string;
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
}

/**
 * `spread`: every request asks for another product id (1..1,000,000, far more than the server's
 * rendered-answer cache holds), so the server queries the snapshot each time. Both servers get the
 * same request stream, so the load generator does the same work on both sides.
 */
export async function measure(target: string, url: string, seconds: number, spread = false): Promise<Sample> {
  let next = 0;
  const { pathname } = new URL(url);
  const requests = spread
    ? [
        {
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            path: pathname.replace(/\/products\/\d+\//, `/products/${(next++ % 1_000_000) + 1}/`),
          }),
        },
      ]
    : undefined;
  const result = await autocannon({ url, connections: 50, pipelining: 1, duration: seconds, ...(requests ? { requests } : {}) });
  return { target, requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}
