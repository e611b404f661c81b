/*
 * Merchant text is data. The catalog import already drops control characters; the documents do
 * not rely on that: each format escapes what its syntax would read as markup.
 */

/** Characters XML 1.0 cannot carry at all, even escaped. */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Whether a text may need work: markup characters, controls, surrogates or noncharacters. */
const MAYBE_UNSAFE_XML = /[&<>"'\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text for XML element content or attribute values. */
export function escapeXml(text: string): string {
  // Most text (every sitemap URL of a plain template) has nothing to escape: one test, no copy.
  if (!MAYBE_UNSAFE_XML.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * Inline Markdown text (a link's label or notes): one line, and every ASCII punctuation character
 * that could open markup backslash-escaped (CommonMark lets any ASCII punctuation be escaped), so
 * "[x](y)", "<b>", "*" or "&amp;" read as the characters they are.
 */
export function escapeMarkdownInline(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/[\u0000-\u001F\u007F-\u009F\s]+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()#+!<>|~&"]/g, (c) => `\\${c}`);
}
