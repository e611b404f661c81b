/**
 * Several calls of the MCP Inspector CLI in one Node process, as `mcp-inspector --cli <args>`
 * makes each (its launcher imports the CLI's `runCli` and hands it the arguments after --cli):
 * loading the CLI is most of a call's time (a second and more a process on two busy cores).
 * Run as `node tests/support/inspector-calls.ts '<JSON list of argument lists>'`; prints a JSON
 * list of what each call wrote to stdout. A call that fails ends the process as the CLI's own
 * error sink does (its JSON envelope on stderr, its exit code), so a failure reads as it would.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Write = typeof process.stdout.write;

const calls = JSON.parse(process.argv[2] ?? '[]') as string[][];
const entry = join('node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'cli', 'build', 'index.js');
const { runCli, handleError } = (await import(pathToFileURL(entry).href)) as {
  runCli: (argv: string[]) => Promise<void>;
  handleError: (error: unknown) => Promise<never>;
};

const write: Write = process.stdout.write.bind(process.stdout);
const outputs: string[] = [];
for (const args of calls) {
  let output = '';
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (done) queueMicrotask(done);
    return true;
  }) as Write;
  try {
    await runCli([process.execPath, 'mcp-inspector', ...args]);
  } catch (error) {
    process.stdout.write = write;
    await handleError(error);
  } finally {
    process.stdout.write = write;
  }
  outputs.push(output);
}
write(JSON.stringify(outputs));
