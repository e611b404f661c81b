import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

/*
 * The MCP discovery documents checked against the schemas their owners publish (copies in
 * tests/schemas/, sources in its README), with Ajv and ajv-formats: the MCP Registry's server.json
 * schema (draft-07) and the Server Card draft's schema (2020-12). Not strict: both schemas carry
 * annotation keywords Ajv does not know (`example`), which strict mode refuses.
 */
const schema = (file: string) => JSON.parse(readFileSync(`tests/schemas/${file}`, 'utf8')) as Record<string, unknown>;
const messages = (errors: ErrorObject[] | null | undefined) => (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);

const draft07 = new Ajv({ strict: false, allErrors: true });
formats.default(draft07);
const validateServerJson = draft07.compile(schema('server.schema.json'));

// The card's schema file holds definitions only; the card is its ServerCard definition.
const draft2020 = new Ajv2020({ strict: false, allErrors: true });
formats.default(draft2020);
draft2020.addSchema(schema('server-card.schema.json'), 'server-card');
const validateServerCard = draft2020.getSchema('server-card#/$defs/ServerCard')!;

/** The MCP Registry schema's complaints about a server.json: empty when it is valid. */
export function serverJsonErrors(document: unknown): string[] {
  return validateServerJson(document) ? [] : messages(validateServerJson.errors);
}

/** The Server Card draft schema's complaints about a card: empty when it is valid. */
export function serverCardErrors(document: unknown): string[] {
  return validateServerCard(document) ? [] : messages(validateServerCard.errors);
}
