import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { METHODS } from 'node:http';
import { join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_ERRORS, ApiErrorSchema } from '../../../src/http/api-error.ts';
import { ShowcaseSchema } from '../../../src/showcase/showcase-schema.ts';
import { MerchantStatsSchema, ProductStatsSchema } from '../../../src/stats/stats-schemas.ts';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { type OnceAnswer, requestOnce } from '../../support/raw-http.ts';

/*
 * The self-hosted server's HTTP surface under generated requests, over real sockets (request
 * targets exactly as generated: fetch would normalise them first). Seeded: the seed is printed,
 * FUZZ_SEED replays a run, FUZZ_RUNS scales the number of runs. What must hold for every request:
 * - no 5xx, and the server lives on;
 * - every error under /api/ (and of the showcase and the documents) is the contract's Error body;
 * - a path and its WHATWG-normalised form (dot segments, "%2e", backslashes, fragments) get the
 *   same status and body;
 * - ids and the showcase's limit follow one grammar: digits, no leading zero, 1..2^53-1;
 * - whatever is not an API, MCP or rendered page answer is byte for byte a file the build
 *   published, never a platform file (_headers), the sources, the snapshot or the server build.
 * Quotas are off: a 429 would hide everything else.
 */
const SEED = Number(process.env.FUZZ_SEED || 20261123);
const SCALE = Number(process.env.FUZZ_RUNS || 1);
if (!Number.isSafeInteger(SEED) || !(SCALE > 0)) throw new Error('FUZZ_SEED must be an integer and FUZZ_RUNS a positive number');
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const MAX_ID = 9007199254740991n;

let server: RunningServer;

beforeAll(async () => {
  console.log(`http-fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), runs x${SCALE}`);
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot'), RATE_LIMITS: 'off', LOG_LEVEL: 'warn' });
});
afterAll(async () => {
  await server?.stop();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The files the build published for clients to read: dist/client, less the platform's own (`_headers`) and the stored codings. */
function publishedFiles(): Map<string, Buffer> {
  const root = join('dist', 'client');
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(`/${relative(root, full).split(sep).join('/')}`, readFileSync(full));
    }
  };
  walk(root);
  // Platform files, and the documents' stored Brotli and gzip forms (sent as the documents, never by name).
  for (const path of files.keys()) if (/\/_(?!astro\/)/.test(path) || /\.(br|gz)$/.test(path)) files.delete(path);
  return files;
}
const PUBLISHED = publishedFiles();
const PUBLISHED_HASHES = new Set([...PUBLISHED.values()].map(sha));
const NOT_FOUND_PAGE = PUBLISHED.get('/404.html')!;

/** Files that must never be served, whatever the path: platform files, sources, data, the server build. */
const FORBIDDEN = [
  'dist/client/_headers',
  'dist/client/_redirects',
  'dist/server/entry.mjs',
  'package.json',
  'package-lock.json',
  'netlify.toml',
  'tsconfig.json',
  'astro.config.mjs',
  '.env',
  'data/catalog.sqlite',
  'src/app/app.ts',
  'src/platform/node/server.ts',
  'scripts/serve.ts',
].filter((file) => existsSync(file));
const FORBIDDEN_HASHES = new Set(FORBIDDEN.map((file) => sha(readFileSync(file))));

/** What a request target is, once normalised as the WHATWG URL parser does on the request's URL. */
const normalised = (target: string) => new URL(`http://h${target}`);

type Kind = 'api' | 'mcp' | 'showcase' | 'health' | 'pages' | 'site';
function kindOf(pathname: string): Kind {
  if (PUBLISHED.has(pathname)) return 'site';
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'api';
  if (['/mcp', '/mcp/', '/mcp/research', '/mcp/research/', '/ucp/mcp', '/ucp/mcp/'].includes(pathname)) return 'mcp';
  // UCP's REST binding: the API's contract shape for what it does not answer (405, 404).
  if (pathname.startsWith('/ucp/')) return 'api';
  if (pathname === '/gpt/products.json') return 'showcase';
  if (pathname === '/healthz' || pathname === '/readyz') return 'health';
  if (pathname.startsWith('/produtos/')) return 'pages';
  return 'site';
}

const json = (answer: OnceAnswer): unknown => JSON.parse(answer.body.toString('utf8'));

function expectErrorBody(answer: OnceAnswer, what: string) {
  expect(answer.headers.get('content-type'), what).toMatch(/^application\/json/);
  const body = ApiErrorSchema.parse(json(answer));
  expect(body.error, what).toBe(body.message);
  expect(Object.keys(API_ERRORS), what).toContain(body.code);
  expect(API_ERRORS[body.code as keyof typeof API_ERRORS].status, what).toBe(answer.status);
}

/** What every answer must be, from the request alone. */
function checkAnswer(method: string, target: string, answer: OnceAnswer) {
  const what = `${method} ${target} -> ${answer.status} ${answer.body.subarray(0, 200).toString('latin1')}`;
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  expect(answer.status, what).toBeLessThan(500);
  const hash = sha(answer.body);
  expect(FORBIDDEN_HASHES.has(hash), what).toBe(false);
  expect(answer.body.includes('# Generated by the build (src/documents/document-files.ts)'), what).toBe(false);
  if (method === 'HEAD' || answer.status === 204 || answer.status === 304) {
    expect(answer.body.byteLength, what).toBe(0);
    return;
  }
  // Only origin-form targets ("/path?query") are routed; "*" and absolute URLs are refused.
  if (!target.startsWith('/')) {
    expectErrorBody(answer, what);
    expect(json(answer), what).toMatchObject({ code: 'INVALID_REQUEST_TARGET' });
    return;
  }
  const { pathname } = normalised(target);
  const kind = kindOf(pathname);
  switch (kind) {
    case 'api':
      if (answer.status >= 400) expectErrorBody(answer, what);
      else {
        expect(answer.status, what).toBe(200);
        const schema = pathname.includes('/merchants/') ? MerchantStatsSchema : ProductStatsSchema;
        schema.parse(json(answer));
      }
      break;
    case 'showcase':
      if (answer.status >= 400) expectErrorBody(answer, what);
      else ShowcaseSchema.parse(json(answer));
      break;
    case 'mcp':
      if (answer.status >= 400 && /^application\/json/.test(answer.headers.get('content-type') ?? '')) {
        expect(json(answer), what).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number), message: expect.any(String) } });
      }
      break;
    case 'site':
      // A document's other methods answer in the Error shape; the rest of the site in plain text.
      if (answer.status === 405 && /^application\/json/.test(answer.headers.get('content-type') ?? '')) expectErrorBody(answer, what);
      else if (answer.status === 200) expect(PUBLISHED_HASHES.has(hash), `${what}: not a published file`).toBe(true);
      else if (answer.status === 404) expect(answer.body.equals(NOT_FOUND_PAGE), what).toBe(true);
      else expect([301, 405], what).toContain(answer.status);
      break;
    default:
      break;
  }
}

const send = (method: string, target: string, headers: [string, string][] = [], body?: Buffer) =>
  requestOnce(server.baseUrl, { method, target, headers, ...(body === undefined ? {} : { body }) });

// ---- generators ------------------------------------------------------------------------------

const DOT_SEGMENTS = ['.', '..', '%2e', '%2E', '.%2e', '%2e.', '%2E%2e', '%2e%2E'];
const NAMES = [
  'api',
  'public',
  'v1',
  'products',
  'merchants',
  'stats',
  'mcp',
  'research',
  'gpt',
  'products.json',
  'gpt.json',
  'llms.txt',
  'sitemap.xml',
  'openapi.json',
  'openapi.yaml',
  'robots.txt',
  'index.html',
  'index',
  '404.html',
  '404',
  'produtos',
  'healthz',
  'readyz',
  'sitemaps',
  'sitemap-1.xml',
  '_headers',
  '_redirects',
  '_astro',
  '%5fheaders',
  'package.json',
  '.env',
  'data',
  'catalog.sqlite',
  'dist',
  'client',
  'server',
  'entry.mjs',
  'src',
  'app.ts',
  'node_modules',
];
const ODD = [
  '%2f',
  '%5c',
  '%00',
  '%20',
  '%41',
  '%',
  '%zz',
  '%C3%A9',
  ';x',
  '\\',
  '..;',
  '~',
  '*',
  '"',
  '{x}',
  '#x',
  ':',
  '@',
  '[',
  ']',
  '[::1]',
  '|',
];

const idText = fc.oneof(
  fc.stringMatching(/^[0-9]{1,20}$/),
  fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
  fc.bigInt({ min: MAX_ID - 50n, max: MAX_ID + 50n }).map(String),
  fc.integer({ min: 0, max: 40 }).map(String),
  fc.constantFrom('9007199254740991', '9007199254740992', '9007199254740990', '1', '0', '00', '01', '-1', '+1', '1e3', '1.5', '0x1f'),
  fc
    .tuple(
      fc.constantFrom('', '0', '00', '+', '-'),
      fc.stringMatching(/^[1-9][0-9]{0,17}$/),
      fc.constantFrom('', 'e3', '.0', 'x', '%20', ' '),
    )
    .map(([before, digits, after]) => before + digits + after),
);
/** An id as the path carries it: spaces encoded (a raw space would end the request target). */
const idSegment = idText.map((text) => text.replaceAll(' ', '%20'));

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...DOT_SEGMENTS) },
  { weight: 2, arbitrary: idSegment },
  { weight: 1, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/) },
);
const freePath = fc
  .tuple(fc.array(segment, { maxLength: 7 }), fc.constantFrom('/', '//', '/\\', '/./'), fc.constantFrom('', '/', '/.', '/..'))
  .map(([segments, lead, trail]) => lead + segments.join('/') + trail);

/** Mostly the first value, sometimes one of the others. */
const mostly = <T>(usual: T, ...others: T[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom(...others) });

const statsPath = fc
  .tuple(
    mostly('', '/x/..', '/%2e', '//', '/api/%2e%2e', '/gpt.json/..'),
    mostly('/api/public/v1', '/api/public/./v1', '/api/public/x/../v1', '/api//public/v1', '/api/public/v1/%2e', '/API/public/v1'),
    mostly('products', 'merchants', 'product', 'merchants/..', 'products/x/..'),
    idSegment,
    mostly('/stats', '/stats/', '/stats/.', '/stats/..', '/stats//', '/stats%2f', '/./stats', '//stats', ''),
  )
  .map(([before, base, kind, id, after]) => `${before}${base}/${kind}/${id}${after}`);

const publishedPath = fc
  .tuple(
    fc.constantFrom(
      ...PUBLISHED.keys(),
      '/',
      '/gpt/products.json',
      '/mcp',
      '/mcp/research',
      '/ucp/mcp',
      '/ucp/catalog/search',
      '/healthz',
      '/produtos/1/x',
      '/produtos/1',
    ),
    fc.constantFrom('', '/', '/.', '/..', '.html', '/index.html', '%2e', '~', '.bak'),
    fc.constantFrom('', '/a/..', '/%2e%2e', '/_astro/..', '//', '/api/..', '/./'),
  )
  .map(([path, tail, before]) => before + path + tail);

const routePath = fc.constantFrom('/mcp', '/mcp/research', '/gpt/products.json', '/healthz', '/readyz');
const path = fc.oneof(
  { weight: 3, arbitrary: freePath },
  { weight: 2, arbitrary: statsPath },
  { weight: 2, arbitrary: publishedPath },
  { weight: 1, arbitrary: routePath },
);

const queryValue = fc.oneof(idText.map(encodeURIComponent), fc.constantFrom('', 'x', '%', '%zz', '%31', '+1', '1#frag', '1?', '..'));
const query = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom('limit', 'Limit', 'limit[]', 'x', ''), queryValue), { maxLength: 3 })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
);

const printable = (max: number) => fc.string({ unit: 'grapheme-ascii', maxLength: max });
const headers = fc
  .record(
    {
      accept: fc.constantFrom('application/json', '*/*', 'text/html', 'application/json, text/event-stream', 'text/event-stream', ''),
      ifNoneMatch: fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"', '"', ',,,', 'W/'), printable(64), fc.constant('"a", '.repeat(700))),
      origin: fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1', 'http://localhost:4321', ''),
      contentType: fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', 'multipart/form-data', ''),
      junk: printable(32).map((s) => s.repeat(100)),
    },
    { requiredKeys: [] },
  )
  .map((h) => {
    const out: [string, string][] = [];
    if (h.accept !== undefined) out.push(['Accept', h.accept]);
    if (h.ifNoneMatch !== undefined) out.push(['If-None-Match', h.ifNoneMatch]);
    if (h.origin !== undefined) out.push(['Origin', h.origin]);
    if (h.contentType !== undefined) out.push(['Content-Type', h.contentType]);
    if (h.junk !== undefined) out.push(['X-Junk', h.junk]);
    return out;
  });

/** The methods Node's parser knows (CONNECT is a tunnel, not a request for a path). */
const KNOWN_METHODS = METHODS.filter((m) => m !== 'CONNECT');
const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 4, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH') },
  { weight: 1, arbitrary: fc.constantFrom(...KNOWN_METHODS) },
);
const body = fc.option(
  fc.oneof(fc.constantFrom('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}', '{', '[]', 'null', ''), printable(256)),
  { nil: undefined },
);

const request = fc.record({ method, path, query, headers, body });

const options = (numRuns: number) => ({ seed: SEED, numRuns: runs(numRuns) });

// ---- properties ------------------------------------------------------------------------------

describe('HTTP fuzz (self-hosted server, raw sockets)', () => {
  it('answers every generated request without a 5xx, in the contract shape of its route', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const target = r.path + r.query;
        const answer = await send(r.method, target, r.headers, r.body === undefined ? undefined : Buffer.from(r.body));
        checkAnswer(r.method, target, answer);
      }),
      options(1500),
    );
  }, 120_000);

  it('routes a path as its WHATWG-normalised form: same status, same body', async () => {
    const differing = fc.tuple(path, query, fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'DELETE')).filter(([p, q]) => {
      const url = normalised(p + q);
      return url.pathname + url.search !== p + q;
    });
    await fc.assert(
      fc.asyncProperty(differing, async ([p, q, m]) => {
        const url = normalised(p + q);
        const [raw, plain] = await Promise.all([send(m, p + q), send(m, url.pathname + url.search)]);
        const what = `${m} ${p + q} vs ${url.pathname + url.search}`;
        checkAnswer(m, p + q, raw);
        expect(raw.status, what).toBe(plain.status);
        expect(raw.headers.get('content-type'), what).toBe(plain.headers.get('content-type'));
        expect(raw.body.toString('latin1'), what).toBe(plain.body.toString('latin1'));
      }),
      options(800),
    );
  }, 120_000);

  it('reads ids and the showcase limit with one grammar: digits, no leading zero, 1..2^53-1', async () => {
    const grammar = (text: string) => /^[1-9][0-9]*$/.test(text) && BigInt(text) <= MAX_ID;
    await fc.assert(
      fc.asyncProperty(idText, async (text) => {
        const inPath = text.replaceAll(' ', '%20');
        const inQuery = encodeURIComponent(text);
        const [product, merchant, showcase] = await Promise.all([
          send('GET', `/api/public/v1/products/${inPath}/stats`),
          send('GET', `/api/public/v1/merchants/${inPath}/stats`),
          send('GET', `/gpt/products.json?limit=${inQuery}`),
        ]);
        const pathOk = grammar(inPath);
        expect(product.status, `product ${inPath}`).toBe(pathOk ? 200 : 400);
        expect(merchant.status, `merchant ${inPath}`).toBe(pathOk ? 200 : 400);
        if (pathOk) {
          expect(ProductStatsSchema.parse(json(product)).productId).toBe(Number(inPath));
          expect(MerchantStatsSchema.parse(json(merchant)).merchantId).toBe(Number(inPath));
        } else {
          expect(json(product), inPath).toMatchObject({ code: 'INVALID_PRODUCT_ID' });
          expect(json(merchant), inPath).toMatchObject({ code: 'INVALID_MERCHANT_ID' });
        }
        // The query is percent-decoded first, as every query value is.
        const limitOk = grammar(text);
        expect(showcase.status, `limit ${inQuery}`).toBe(limitOk ? 200 : 400);
        if (limitOk) {
          const { limit } = ShowcaseSchema.parse(json(showcase));
          // Echoed as asked, never rounded or clamped to another number.
          expect(String(limit.requested), `limit ${inQuery}`).toBe(text);
          expect(limit.applied).toBe(Math.min(Number(text), 20));
          expect(limit.clamped).toBe(Number(text) > 20);
        } else {
          expect(json(showcase), `limit ${inQuery}`).toMatchObject({ code: 'INVALID_LIMIT' });
        }
      }),
      options(600),
    );
  }, 120_000);

  it('serves nothing but the published files outside the API, MCP and the rendered pages', async () => {
    const sneaky = fc
      .tuple(
        fc.constantFrom('', '/a/..', '/_astro/..', '/%2e%2e', '/api/..', '//', '/client', '/dist/client', '/..%2f', '/%2e%2e%2f'),
        fc.constantFrom(
          '/_headers',
          '/_redirects',
          '/%5fheaders',
          '/_headers/',
          '/_headers.html',
          '/../_headers',
          '/../package.json',
          '/../../package.json',
          '/../server/entry.mjs',
          '/../../data/catalog.sqlite',
          '/..%2f..%2fpackage.json',
          '/%2e%2e/%2e%2e/src/app/app.ts',
          '/.env',
          '/package.json',
          '/server/entry.mjs',
          '/src/app/app.ts',
          '/gpt.json',
          '/index',
          '/',
        ),
        fc.constantFrom('', '/', '?x=1', '%00', '.', '#x'),
        fc.constantFrom('GET', 'HEAD'),
      )
      .map(([before, file, after, m]) => [before + file + after, m] as const);
    await fc.assert(
      fc.asyncProperty(sneaky, async ([target, m]) => {
        checkAnswer(m, target, await send(m, target));
      }),
      options(400),
    );
  }, 120_000);

  it("answers what Node's parser refuses in the contract's shape and closes: a method it does not know, a raw non-ASCII byte, a malformed header", async () => {
    for (const token of ['FOO', 'get', 'GETS', 'X-CUSTOM']) {
      const answer = await send(token, '/api/public/v1/products/1/stats');
      expect(answer.status, token).toBe(405);
      expect(answer.headers.get('allow'), token).toBe('GET, OPTIONS');
      expect(answer.headers.get('connection'), token).toBe('close');
      expect(ApiErrorSchema.parse(JSON.parse(answer.body.toString()))).toMatchObject({
        code: 'METHOD_NOT_ALLOWED',
        message: 'Method not allowed',
      });
    }
    const mcp = await send('FOO', '/mcp');
    expect(mcp.status).toBe(405);
    expect(mcp.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(JSON.parse(mcp.body.toString())).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    const raw = await requestOnce(server.baseUrl, { method: 'GET', target: '/api/public/v1/products/\u00e9/stats' });
    expect(raw.status).toBe(400);
    expect(JSON.parse(raw.body.toString())).toMatchObject({ code: 'INVALID_REQUEST_TARGET' });
    const header = await send('GET', '/api/public/v1/products/1/stats', [['Bad Header', 'x']]);
    expect(header.status).toBe(400);
    expect(header.headers.get('connection')).toBe('close');
    expect(JSON.parse(header.body.toString())).toMatchObject({ code: 'MALFORMED_REQUEST', error: 'Request is not valid HTTP/1.1' });
  });
});

describe('request targets found by the fuzzer (regressions)', () => {
  it('survives a target the URL parser refuses relative to an origin ("//[/..")', async () => {
    const answer = await send('GET', '//[/..');
    expect(answer.status).toBeLessThan(500);
    expect((await send('GET', '/gpt.json')).status).toBe(200);
  });

  it('reads "//host/.." as a path on this origin, never as another host', async () => {
    const answer = await send('GET', '//anything/../gpt.json');
    expect(normalised('//anything/../gpt.json').pathname).toBe('//gpt.json');
    expect(answer.status).toBe(404);
    expect(answer.body.equals(NOT_FOUND_PAGE)).toBe(true);
  });

  it('ends the query at a fragment, as the parser does', async () => {
    const [withFragment, without] = await Promise.all([
      send('GET', '/gpt/products.json?limit=5#x'),
      send('GET', '/gpt/products.json?limit=5'),
    ]);
    expect(withFragment.status).toBe(200);
    expect(withFragment.body.equals(without.body)).toBe(true);
  });

  it('serves what the normalised path serves: /api/../gpt.json and %2e segments are the manifest', async () => {
    for (const target of ['/api/../gpt.json', '/api/%2e%2e/gpt.json', '/api/public/.%2E/../gpt.json', '/x\\..\\gpt.json']) {
      const answer = await send('GET', target);
      expect(answer.status, target).toBe(200);
      expect(answer.body.equals(PUBLISHED.get('/gpt.json')!), target).toBe(true);
    }
  });

  it('never serves the platform files of the build', async () => {
    for (const target of ['/_headers', '/_redirects', '/_astro/../_headers', '/%5fheaders', '/a/%2e%2e/_headers']) {
      const answer = await send('GET', target);
      expect(answer.status, target).toBe(404);
      expect(answer.body.equals(NOT_FOUND_PAGE), target).toBe(true);
    }
  });

  it('echoes the showcase limit exactly, and refuses one that is not an id', async () => {
    const largest = ShowcaseSchema.parse(json(await send('GET', '/gpt/products.json?limit=9007199254740991')));
    expect(largest.limit).toMatchObject({ requested: 9007199254740991, applied: 20, clamped: true });
    for (const limit of ['01', '007', '99999999999999999999', '9007199254740992', '1e1', '+5', '5.0']) {
      const answer = await send('GET', `/gpt/products.json?limit=${encodeURIComponent(limit)}`);
      expect(answer.status, limit).toBe(400);
      expect(json(answer), limit).toMatchObject({ code: 'INVALID_LIMIT' });
    }
  });

  it('logged no failure while fuzzed', () => {
    expect(server.output()).not.toMatch(/"level":"error"/);
  });
});
