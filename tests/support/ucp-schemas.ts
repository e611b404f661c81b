import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

/*
 * The Universal Commerce Protocol's schemas (release v2026-04-08, copies in tests/schemas/ucp/,
 * their source in its README), loaded offline into Ajv's draft 2020-12 build with ajv-formats:
 * every file is added under its URL, so their relative `$ref`s resolve among the copies and
 * nothing is fetched.
 *
 * The schemas as they are, with three allowances:
 * - The discovery profile schema declares the `$id` https://ucp.dev/schemas/discovery/profile.json
 *   but refers to "../schemas/ucp.json", which against that `$id` is
 *   https://ucp.dev/schemas/schemas/ucp.json: nothing. The reference is right for the file's place
 *   in the UCP repository (source/discovery/ beside source/schemas/), so the profile is added under
 *   the URL of that place, https://ucp.dev/discovery/profile_schema.json (its `$id` replaced in
 *   memory; the file is untouched). Every other file's `$id` is the URL of its place.
 * - `name`, the capability's reverse-domain name at the top of catalog_search.json and
 *   catalog_lookup.json, is not a JSON Schema keyword: added as an annotation that checks nothing,
 *   so strict mode still refuses any other unknown keyword (a later release's `ucp_request`
 *   annotations, say, are then a decision rather than silence).
 * - strictTypes off: the schemas often give `type` in one `allOf` branch and `properties` or
 *   `required` in another, which is valid JSON Schema but what Ajv's strictTypes warns about.
 * No `ucp_request`/`ucp_response` annotation occurs in these files (only in checkout's, cart's and
 * order's types); request and response shapes are the `$defs` named below. No defaults are filled
 * in (useDefaults off), so a validation never changes the document.
 */
const DIR = 'tests/schemas/ucp';
/** The URL the UCP repository's source/ folder is published under (the files' `$id`s say so). */
const ORIGIN = 'https://ucp.dev/';

/** The schema files under tests/schemas/ucp, as paths below it ("schemas/shopping/types/product.json"). */
export function ucpSchemaPaths(dir = DIR): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** The URL a copied file is added under: where its path puts it, https://ucp.dev/<path>. */
export const ucpSchemaUrl = (path: string) => `${ORIGIN}${path}`;

/** The copies whose `$id` is not the URL of their place, and what that `$id` is. */
export const REBASED: Readonly<Record<string, string>> = {
  'discovery/profile_schema.json': 'https://ucp.dev/schemas/discovery/profile.json',
};

/** Each copy, parsed: path → document. */
export const ucpSchemas: ReadonlyMap<string, Record<string, unknown>> = new Map(
  ucpSchemaPaths().map((path) => [path, JSON.parse(readFileSync(`${DIR}/${path}`, 'utf8')) as Record<string, unknown>]),
);

const ajv = new Ajv2020({ allErrors: true, strictTypes: false });
formats.default(ajv);
ajv.addKeyword({ keyword: 'name', schemaType: 'string' });
for (const [path, schema] of ucpSchemas) {
  const url = ucpSchemaUrl(path);
  if (schema.$id === url) ajv.addSchema(schema);
  else if (schema.$id === REBASED[path]) ajv.addSchema({ ...schema, $id: url });
  else throw new Error(`${DIR}/${path}: $id ${String(schema.$id)}, expected ${url}`);
}

/** A validation's outcome: its errors read as "<instancePath> <message>" (the root's path as "/"). */
export interface UcpValidation {
  valid: boolean;
  errors: string[];
}

function readable(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const detail =
    params.additionalProperty !== undefined
      ? ` (${String(params.additionalProperty)})`
      : params.allowedValues !== undefined
        ? ` (${JSON.stringify(params.allowedValues)})`
        : params.allowedValue !== undefined
          ? ` (${JSON.stringify(params.allowedValue)})`
          : '';
  return `${error.instancePath || '/'} ${error.message ?? error.keyword}${detail}`;
}

/** A validator for the schema at `ref`, a path below tests/schemas/ucp with an optional "#/$defs/…". */
export function ucpValidator(ref: string): (document: unknown) => UcpValidation {
  const url = ucpSchemaUrl(ref);
  let validate: ValidateFunction | undefined;
  return (document) => {
    validate ??= ajv.getSchema(url);
    if (validate === undefined) throw new Error(`no UCP schema at ${url}`);
    const valid = validate(document) as boolean;
    return { valid, errors: valid ? [] : (validate.errors ?? []).map(readable) };
  };
}

const SEARCH = 'schemas/shopping/catalog_search.json#/$defs';
const LOOKUP = 'schemas/shopping/catalog_lookup.json#/$defs';

/** A business's profile, served at /.well-known/ucp (the profile schema's `business_profile`). */
export const validateBusinessProfile = ucpValidator('discovery/profile_schema.json#/$defs/business_profile');
/** The arguments of search_catalog (MCP `catalog`), the body of POST /catalog/search. */
export const validateSearchRequest = ucpValidator(`${SEARCH}/search_request`);
/** A search_catalog result (MCP `structuredContent`), the body of POST /catalog/search's 200. */
export const validateSearchResponse = ucpValidator(`${SEARCH}/search_response`);
/** The arguments of lookup_catalog, the body of POST /catalog/lookup. */
export const validateLookupRequest = ucpValidator(`${LOOKUP}/lookup_request`);
/** A lookup_catalog result: products whose variants each carry `inputs`. */
export const validateLookupResponse = ucpValidator(`${LOOKUP}/lookup_response`);
/** The arguments of get_product, the body of POST /catalog/product. */
export const validateGetProductRequest = ucpValidator(`${LOOKUP}/get_product_request`);
/** A get_product result carrying its product (the success branch of the bindings' oneOf). */
export const validateGetProductResponse = ucpValidator(`${LOOKUP}/get_product_response`);
/**
 * A failed operation's result (types/error_response.json: `ucp.status` "error", at least one
 * message, nothing else): the other branch of get_product's result in both bindings (MCP
 * `catalog_get_product_result`, REST `catalog_get_product_response`). Search and lookup have no
 * such branch: their results always carry `products`.
 */
export const validateErrorResponse = ucpValidator('schemas/shopping/types/error_response.json');
