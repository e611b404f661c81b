/**
 * A test host for MCP Apps views, run in Chromium by tests/browser/app-views.test.ts (bundled there with esbuild): the official
 * host side of the extension (AppBridge, from @modelcontextprotocol/ext-apps) drives the view in a
 * sandboxed frame as Claude and ChatGPT do, with the view's policy (_meta.ui.csp) as the frame's
 * Content-Security-Policy, and records the links the view asks the host to open.
 */
import { AppBridge, type McpUiStyles, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

export interface ViewShown {
  html: string;
  resourceDomains: string[];
  input: Record<string, unknown>;
  result: Record<string, unknown>;
  theme: 'light' | 'dark';
}

/** The policy hosts give a view: its own inline code, images and fonts from the origins it names, nothing to connect to. */
function withPolicy(html: string, domains: string[]): string {
  const from = domains.join(' ');
  const policy = `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src ${from} data:; font-src ${from}; connect-src 'none'`;
  return html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${policy}">`);
}

const opened: string[] = [];
const host = globalThis as unknown as { openedLinks: string[]; showView: (view: ViewShown) => Promise<void> };
host.openedLinks = opened;
host.showView = async ({ html, resourceDomains, input, result, theme }) => {
  document.documentElement.style.background = theme === 'dark' ? '#15171c' : '#ffffff';
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = 'Produtos do catálogo';
  frame.style.cssText = 'width: 760px; height: 120px; border: 0; display: block;';
  document.body.replaceChildren(frame);
  const dark = theme === 'dark';
  const bridge = new AppBridge(
    null,
    { name: 'test-host', version: '1.0.0' },
    { openLinks: {} },
    {
      hostContext: {
        theme,
        locale: 'pt-BR',
        platform: 'web',
        containerDimensions: { maxHeight: 500, width: 760 },
        styles: {
          variables: {
            '--color-background-primary': dark ? '#1f232b' : '#ffffff',
            '--color-text-primary': dark ? '#f2f4f8' : '#1a1d23',
            '--font-sans': 'system-ui, sans-serif',
          } as McpUiStyles,
        },
      },
    },
  );
  bridge.onopenlink = async ({ url }) => {
    opened.push(url);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${Math.min(height, 500)}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = withPolicy(html, resourceDomains);
  await initialized;
  await bridge.sendToolInput({ arguments: input });
  await bridge.sendToolResult(result as never);
};
