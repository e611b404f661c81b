import { z } from 'zod';

/**
 * A tool's arguments object: an argument name the tool does not have is refused, never dropped
 * (a misspelt "cidade" must not search São Paulo), and the refusal lists the names it takes.
 */
export function toolArguments<Shape extends z.ZodRawShape>(shape: Shape) {
  const names = Object.keys(shape);
  const accepted = names.length === 0 ? 'this tool takes no arguments' : `accepted arguments: ${names.join(', ')}`;
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown argument ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; ${accepted}`
        : undefined,
  });
}
