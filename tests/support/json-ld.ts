import jsonld from 'jsonld';
import { expect } from 'vitest';

/*
 * schema.org's JSON-LD context, offline: the vocabulary and the terms the product pages use,
 * as schema.org's published context (https://schema.org/docs/jsonldcontext.jsonld) defines them:
 * every term is a schema.org property, and `url` and `image` are IRIs.
 */
const SCHEMA_ORG_CONTEXT = {
  '@context': {
    '@vocab': 'http://schema.org/',
    schema: 'http://schema.org/',
    url: { '@id': 'schema:url', '@type': '@id' },
    image: { '@id': 'schema:image', '@type': '@id' },
  },
};

const documentLoader = async (url: string) => {
  // A page must not need anything else: a processor that fetched would hide that.
  if (url !== 'https://schema.org' && url !== 'https://schema.org/') throw new Error(`unexpected context ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: SCHEMA_ORG_CONTEXT };
};

const S = 'http://schema.org/';
type Node = Record<string, { '@value'?: unknown; '@id'?: string }[] | string[]>;
const values = (node: Node, property: string): unknown[] =>
  ((node[S + property] ?? []) as { '@value'?: unknown; '@id'?: string }[]).map((v) => v['@value'] ?? v['@id'] ?? v);

/**
 * Expands a page's JSON-LD with a JSON-LD processor (jsonld.js) and checks the fields Google's
 * product rich results and merchant listings require: a named Product with an image and an
 * Offer stating price, currency (BRL) and availability, and the seller.
 */
export async function checkProductJsonLd(block: unknown): Promise<void> {
  const expanded = (await jsonld.expand(block as jsonld.JsonLdDocument, { documentLoader })) as unknown as Node[];
  expect(expanded).toHaveLength(1);
  const product = expanded[0]!;
  expect(product['@type']).toEqual([`${S}Product`]);
  expect(values(product, 'name')).toEqual([expect.stringMatching(/\S/)]);
  expect(values(product, 'image')).toEqual([expect.stringMatching(/^https?:\/\//)]);
  const [offer] = product[`${S}offers`] as unknown as Node[];
  expect(offer!['@type']).toEqual([`${S}Offer`]);
  expect(values(offer!, 'price')).toEqual([expect.stringMatching(/^\d+\.\d{2}$/)]);
  expect(values(offer!, 'priceCurrency')).toEqual(['BRL']);
  expect(values(offer!, 'availability')).toEqual([
    expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder)$/),
  ]);
  expect(values(offer!, 'itemCondition')).toEqual([expect.stringMatching(/^https:\/\/schema\.org\/(New|Refurbished|Used)Condition$/)]);
  // A list price, when there is one, as Google reads a strikethrough price: above the price.
  for (const spec of (offer![`${S}priceSpecification`] ?? []) as unknown as Node[]) {
    expect(spec['@type']).toEqual([`${S}UnitPriceSpecification`]);
    expect(values(spec, 'priceType')).toEqual(['https://schema.org/StrikethroughPrice']);
    expect(Number(values(spec, 'price')[0])).toBeGreaterThan(Number(values(offer!, 'price')[0]));
    expect(values(spec, 'priceCurrency')).toEqual(['BRL']);
  }
  const [seller] = offer![`${S}seller`] as unknown as Node[];
  expect(values(seller!, 'name')).toEqual([expect.stringMatching(/\S/)]);
  for (const place of offer![`${S}availableAtOrFrom`] as unknown as Node[]) {
    const [geo] = place[`${S}geo`] as unknown as Node[];
    expect(values(geo!, 'latitude')).toEqual([expect.any(Number)]);
    expect(values(geo!, 'longitude')).toEqual([expect.any(Number)]);
  }
}
