import type { Config } from '../config/config.ts';
import type { CdnHeaders } from '../http/caching.ts';
import type { StaticFiles } from '../http/static-files.ts';
import type { AppViews } from '../mcp/app-views.ts';
import type { LogOutput } from '../observability/log/log-destination.ts';
import type { PageRenderer } from '../product-pages/page-model.ts';
import type { QuotaStore } from '../quota/quota-store.ts';

/** What differs between the places the app runs: everything else is the app's. */
export interface Platform {
  /**
   * The shared quota store (called once, only when quotas are on), and how long a use of it may
   * take before this instance's memory counts it instead (null: bounded already): a bound that
   * depends on the store the configuration chooses. `log`: the store's own warnings (connection trouble).
   */
  quotaStore(config: Config, log: (message: string) => void): { store: QuotaStore; timeoutMs: number | null };
  /** How the log reaches stdout (log-destination.ts): asynchronously in a long-lived process; unset, synchronously. A sink in tests. */
  logOutput?: LogOutput;
  /** Whether the DNS-rebinding Host check applies (off where the platform serves public host names). */
  checkHost: boolean;
  /** Headers for the platform's CDN, when it reads its own (Netlify). */
  cdn?: CdnHeaders;
  /** The built site's files, when the app serves the public documents itself (self-hosted). */
  files?: StaticFiles;
  /** Renders the product pages (Astro, in process); without it the app serves none. */
  pages?: PageRenderer;
  /** The MCP Apps views the build made (src/mcp-app/); without them the tools link none. */
  appViews?: AppViews;
}
