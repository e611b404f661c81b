import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CARD_STYLES } from './card-styles.ts';

/** The product cards' view: its script, bundled with the MCP Apps client it needs. */
const VIEW_ENTRY = fileURLToPath(new URL('./view-main.ts', import.meta.url));

/**
 * The product cards as one self-contained HTML document (script and styles inline), as MCP Apps
 * hosts load a ui:// resource: into a sandboxed frame with no other file to fetch. Bundled by
 * esbuild at build time (docs/architecture.md, "Product cards").
 */
export async function productCardsHtml(): Promise<string> {
  const bundled = await build({
    entryPoints: [VIEW_ENTRY],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  // Inline, "</script" would end the element: written as "<\/script", the same text to JavaScript.
  const script = bundled.outputFiles[0]!.text.replaceAll('</script', '<\\/script');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Produtos do catálogo</title>
<style>${CARD_STYLES}</style>
</head>
<body>
<main id="cards" aria-live="polite"><p class="note">Carregando produtos…</p></main>
<script type="module">${script}</script>
</body>
</html>
`;
}
