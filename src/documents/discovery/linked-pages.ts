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
 * `icons`) and the privacy, terms and contact pages (the card's `_meta`). None of them is built
 * yet (issue 32 adds them on another branch), and every URL the service hands out must answer,
 * so each stays null until its file or page is in the build; setting it here is the one change
 * that puts it in both documents.
 */
export const LINKED_PAGES: LinkedPages = { logo: null, privacyPolicy: null, termsOfService: null, contact: null };
