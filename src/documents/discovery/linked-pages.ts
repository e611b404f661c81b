import { PATHS } from '../../contract/paths.ts';

/** An image of the site the discovery documents may offer as the server's icon. */
export interface SiteImage {
  /** Its path on the site ("/logo.png"). */
  path: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/svg+xml' | 'image/webp';
  /** "48x48", or "any" for a scalable image. */
  sizes: string[];
}

/** The site's logo and the pages a directory reviewer asks for, by path on the site. */
export interface LinkedPages {
  logo: SiteImage | null;
  privacyPolicy: string | null;
  termsOfService: string | null;
  contact: string | null;
}

/**
 * What the server card and server.json point to besides the MCP endpoint: the logo (their
 * `icons`: public/logo.svg) and the privacy, terms and contact pages (the card's `_meta`).
 * Every URL the service hands out must answer: a page or file named here is one the site builds.
 */
export const LINKED_PAGES: LinkedPages = {
  logo: { path: '/logo.svg', mimeType: 'image/svg+xml', sizes: ['any'] },
  privacyPolicy: PATHS.privacy,
  termsOfService: PATHS.terms,
  contact: PATHS.contact,
};
