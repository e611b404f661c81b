/**
 * The canonical URL of a product page, from the configured template (config.ts has made it
 * absolute). The template is split once: the sitemap builds a million of these. The slug is a
 * lowercase a-z0-9 slug (catalog import), encoded all the same.
 */
export function productUrlBuilder(template: string): (id: number, slug: string) => string {
  const parts = template.split(/(\{id\}|\{slug\})/);
  return (id, slug) => {
    let url = '';
    for (const part of parts) url += part === '{id}' ? String(id) : part === '{slug}' ? encodeURIComponent(slug) : part;
    return url;
  };
}
