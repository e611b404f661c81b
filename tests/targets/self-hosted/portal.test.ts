import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOOLS } from '../../../src/mcp/tool-list.ts';
import { BUILT_SITE_URL, type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { htmlProblems } from '../../support/document-validators.ts';

/*
 * The developer portal (the landing page) against the built self-hosted server: what it shows
 * comes from the tools' schemas, the OpenAPI description and the configured quotas, and its curl
 * examples work as written.
 */
let server: RunningServer;
let html: string;

beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') });
  const response = await fetch(`${server.baseUrl}/`);
  expect(response.status).toBe(200);
  html = await response.text();
});
afterAll(() => server?.stop());

const fromHtml = (text: string) =>
  text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The words of a shell command as sh reads them: single quotes, '\'' inside them, backslash-newline. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && command[i + 1] === '\n') i++;
    else if (c === '\\') word = (word ?? '') + command[++i];
    else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** Whether the page has this text (a failure names the text, not the whole page). */
const expectText = (text: string, where = html) => expect(where.includes(text), text).toBe(true);

describe('developer portal (self-hosted)', () => {
  it('is an English page that says what the service is and how to connect each client', () => {
    expectText('<html lang="en">');
    expect(/<h1>[^<]+<\/h1>/.test(html)).toBe(true);
    for (const client of ['Claude Code', 'ChatGPT', 'Cursor', 'VS Code']) expectText(client);
    expectText(`claude mcp add --transport http catalog ${BUILT_SITE_URL}/mcp`);
    expectText(`"url": "${BUILT_SITE_URL}/mcp"`, fromHtml(html));
  });

  it("passes html-validate's recommended rules, valid-id included (its REST headings' ids were paths)", async () => {
    expect(await htmlProblems(html, '/')).toEqual([]);
  });

  it("documents every tool and argument from the tools' schemas", () => {
    for (const tool of TOOLS) {
      expectText(`<code>${tool.name}</code>`);
      for (const name of Object.keys(tool.inputSchema.shape)) expectText(`<code>${name}</code>`);
    }
  });

  it('renders every operation of the OpenAPI description and the quotas as configured', async () => {
    const openapi = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { paths: Record<string, object> };
    for (const path of Object.keys(openapi.paths)) expectText(`<code>${path}</code>`, fromHtml(html));
    const { rateLimits } = (await (await fetch(`${server.baseUrl}/gpt.json`)).json()) as {
      rateLimits: { windowSeconds: number; restRequestsPerWindow: number; mcpToolCallsPerWindow: number };
    };
    expectText(`${rateLimits.restRequestsPerWindow} REST requests per ${rateLimits.windowSeconds} s`);
    expectText(`${rateLimits.mcpToolCallsPerWindow} MCP tool calls`);
  });

  it('gives curl examples that answer as written', async () => {
    const commands = [...html.matchAll(/<pre><code>(curl [\s\S]*?)<\/code><\/pre>/g)].map((m) => fromHtml(m[1]!));
    expect(commands.length).toBeGreaterThanOrEqual(5);
    for (const command of commands) {
      const [curl, ...args] = shellWords(command);
      expect(curl).toBe('curl');
      const headers = new Headers();
      let url = '';
      let body: string | undefined;
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '-s') continue;
        if (args[i] === '-H') {
          const [name, ...value] = args[++i]!.split(':');
          headers.set(name!, value.join(':').trim());
        } else if (args[i] === '-d') body = args[++i];
        else url = args[i]!;
      }
      const response = await fetch(url.replace(BUILT_SITE_URL, server.baseUrl), { method: body ? 'POST' : 'GET', headers, body });
      expect(response.status, command).toBe(200);
      const answer = (await response.json()) as { result?: { isError?: boolean; structuredContent?: object } };
      if (body) expect(answer.result?.isError, command).toBeUndefined();
      if (body) expect(answer.result?.structuredContent, command).toBeDefined();
    }
  });
});
