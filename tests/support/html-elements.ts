import { type DefaultTreeAdapterMap, parse } from 'parse5';

export type Element = DefaultTreeAdapterMap['element'];

/** Every element of a page as an HTML parser (parse5, the WHATWG algorithm) builds it, in document order. */
export function elements(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: DefaultTreeAdapterMap['parentNode']) => {
    for (const child of node.childNodes) {
      if ('tagName' in child) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(parse(html));
  return found;
}
