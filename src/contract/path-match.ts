/**
 * A route's paths, made from the entries of PATHS: how the app matches them and how Netlify's
 * `config.path` names them, from one declaration, so that the two cannot say different things.
 * Each matcher is made once; matching allocates nothing.
 */
export interface PathMatch {
  /** Whether a path (WHATWG-parsed) is one of these. */
  match(pathname: string): boolean;
  /** The same paths in Netlify's `config.path` syntax ("/a", "/a/*"). */
  netlify: readonly string[];
}

/** Exactly these paths. */
export function exactly(...paths: string[]): PathMatch {
  const [only] = paths;
  return { match: paths.length === 1 ? (p) => p === only : (p) => paths.includes(p), netlify: paths };
}

/** A path with or without its trailing slash (clients are configured with either). */
export function withTrailingSlash(path: string): PathMatch {
  const slashed = `${path}/`;
  return { match: (p) => p === path || p === slashed, netlify: [path, slashed] };
}

/** A path and everything under it. */
export function under(path: string): PathMatch {
  const below = `${path}/`;
  return { match: (p) => p === path || p.startsWith(below), netlify: [path, `${below}*`] };
}

/** Every path that starts with a prefix ending in "/". */
export function startingWith(prefix: string): PathMatch {
  return { match: (p) => p.startsWith(prefix), netlify: [`${prefix}*`] };
}

/**
 * One expression for paths with `{name}` segments ("/x/{id}/stats"): a segment matches any text
 * without "/" (empty too, for the handler to refuse), and each template's segments are captured
 * in order, so the first template's are groups 1…, the next one's follow.
 */
export function pathTemplates(templates: readonly string[]): RegExp {
  const pattern = (template: string) =>
    template
      .split(/\{[^}]+\}/)
      .map((text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('([^/]*)');
  return new RegExp(`^(?:${templates.map(pattern).join('|')})$`);
}
