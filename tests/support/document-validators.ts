import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { HtmlValidate } from 'html-validate';
import { type Document, OpenAPIBackend } from 'openapi-backend';
import { validateXML } from 'xmllint-wasm';

/*
 * Third-party validators of the public documents: libxml2's XML Schema validator (xmllint, built
 * to WebAssembly) with the official sitemaps.org schemas, Redocly CLI and Spectral on the OpenAPI
 * document, openapi-backend (Ajv) for live answers against it, and html-validate for the pages.
 */

const run = promisify(execFile);
const XSD = { urlset: 'tests/schemas/sitemap.xsd', index: 'tests/schemas/siteindex.xsd' } as const;

/** xmllint --schema: the error messages, empty when the document is valid. */
export async function sitemapSchemaErrors(xml: string, kind: keyof typeof XSD): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [readFileSync(XSD[kind], 'utf8')],
    // A 50,000-URL child is several megabytes: room for libxml2's tree.
    initialMemoryPages: 4096,
    maxMemoryPages: 32768,
  });
  return result.errors.map((e) => e.rawMessage);
}

const bin = (name: string) => `node_modules/.bin/${name}`;

/** `redocly lint --extends=recommended`: every problem, errors and warnings alike. */
export async function redoclyProblems(file: string): Promise<string[]> {
  const { stdout } = await run(bin('redocly'), ['lint', '--extends=recommended', '--format=json', file], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as { problems: { ruleId: string; severity: string; message: string }[] };
  return report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
}

/** `spectral lint` with the project's ruleset (spectral:oas), failing on anything down to hints. */
export async function spectralProblems(file: string): Promise<string[]> {
  const { stdout } = await run(bin('spectral'), [
    'lint',
    '--ruleset',
    '.spectral.yaml',
    '--format',
    'json',
    '--fail-severity',
    'hint',
    '--quiet',
    file,
  ]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const results = JSON.parse(stdout || '[]') as { code: string; message: string; severity: number }[];
  return results.map((r) => `${r.severity} ${r.code}: ${r.message}`);
}

/** A live answer as the checker reads it. */
export interface LiveAnswer {
  status: number;
  headers: Headers;
  body: string;
}

type ResponseObject = { headers?: Record<string, { required?: boolean }>; content?: Record<string, unknown> };

/**
 * Checks live answers against the OpenAPI document: the status is one the operation declares, the
 * media type and body match its schema, the headers it marks required are there, and every
 * declared header present matches its schema. Returns the problems (none: conforming).
 */
export async function openApiChecker(definition: object) {
  const api = new OpenAPIBackend({ definition: structuredClone(definition) as Document, quick: false, validate: true });
  await api.init();
  return (operationId: string, answer: LiveAnswer): string[] => {
    const operation = api.getOperation(operationId);
    if (!operation) return [`no operation ${operationId}`];
    const declared = (operation.responses as Record<string, ResponseObject>)[String(answer.status)];
    if (!declared) return [`${operationId} does not declare status ${answer.status}`];
    const problems: string[] = [];
    if (declared.content) {
      const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
      if (!(type in declared.content)) problems.push(`content type ${type} is not declared for ${answer.status}`);
      const result = api.validator.validateResponse(JSON.parse(answer.body), operation, answer.status);
      if (!result.valid) problems.push(`body: ${JSON.stringify(result.errors)}`);
    } else if (answer.body !== '') {
      problems.push(`${answer.status} declares no body, got ${answer.body.slice(0, 80)}`);
    }
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      if (header.required && !answer.headers.has(name)) problems.push(`required header ${name} is missing`);
    }
    const headers = Object.fromEntries(answer.headers);
    const result = api.validator.validateResponseHeaders(headers, operation, { statusCode: answer.status, setMatchType: 'any' as never });
    if (!result.valid) problems.push(`headers: ${JSON.stringify(result.errors)}`);
    return problems;
  };
}

/**
 * llms.txt in the llmstxt.org format as docs/api.md fixes it: "# Name", a blank line, "> summary" on one
 * line, a paragraph, then "## Section" blocks of "- [name](url): notes" lines only. Returns the
 * problems and the links found.
 */
export function llmsTxtStructure(text: string): { problems: string[]; links: { name: string; url: string }[] } {
  const problems: string[] = [];
  const links: { name: string; url: string }[] = [];
  const lines = text.replace(/\n$/, '').split('\n');
  if (!/^# \S/.test(lines[0] ?? '')) problems.push('line 1 is not "# Name"');
  if (lines[1] !== '') problems.push('line 2 is not blank');
  if (!/^> \S/.test(lines[2] ?? '')) problems.push('line 3 is not "> summary"');
  if (lines[3] !== '') problems.push('line 4 is not blank');
  if (!lines[4] || /^[#>-]/.test(lines[4])) problems.push('line 5 is not a paragraph');
  const firstSection = lines.findIndex((line) => line.startsWith('## '));
  if (firstSection === -1) problems.push('no "## Section"');
  for (const [i, line] of lines.slice(5, firstSection).entries()) {
    if (line !== '') problems.push(`line ${i + 6} is outside the paragraph and sections`);
  }
  let sectionLinks = 0;
  lines.slice(firstSection).forEach((line, i) => {
    const at = firstSection + i + 1;
    if (line.startsWith('## ')) {
      if (i > 0 && sectionLinks === 0) problems.push(`empty section before line ${at}`);
      sectionLinks = 0;
      return;
    }
    if (line === '') return;
    // The label may hold escaped characters (\] \[); the URL no spaces or parentheses.
    const match = /^- \[((?:\\.|[^\\\]])+)\]\(([^()\s]+)\): \S.*$/.exec(line);
    if (!match) problems.push(`line ${at} is not "- [name](url): notes": ${line}`);
    else {
      sectionLinks += 1;
      links.push({ name: match[1]!, url: match[2]! });
    }
  });
  return { problems, links };
}

/**
 * html-validate with its recommended rules, none turned off: the site's pages pass them as they are.
 * The configuration is given here, so no configuration file on disk changes what is checked.
 */
const pageValidator = new HtmlValidate({ extends: ['html-validate:recommended'] });

/** Every problem html-validate finds in a page, as "line:column rule: message" (none: valid). */
export async function htmlProblems(html: string, name: string): Promise<string[]> {
  const report = await pageValidator.validateString(html, name);
  return report.results.flatMap((result) => result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`));
}
