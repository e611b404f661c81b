/**
 * The product cards' script, run by the host in its sandboxed frame: the official MCP Apps client
 * (@modelcontextprotocol/ext-apps) talks to the host; the cards are drawn from the tool result the
 * host passes, never fetched. Links open through the host (the frame may not navigate).
 */
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { cardsOf } from './card-model.ts';
import { renderCards } from './card-view.ts';

const root = document.getElementById('cards')!;
const app = new App({ name: 'catalog-product-cards', version: '1.0.0' }, {});

function applyContext(context: McpUiHostContext | undefined): void {
  if (context === undefined) return;
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
  const dimensions = context.containerDimensions;
  if (dimensions && 'maxHeight' in dimensions && dimensions.maxHeight) {
    document.documentElement.style.setProperty('--max-height', `${dimensions.maxHeight}px`);
  } else if (dimensions && 'height' in dimensions) {
    document.documentElement.style.setProperty('--max-height', `${dimensions.height}px`);
  }
}

const open = (url: string) => {
  void app.openLink({ url }).catch(() => {});
};

app.ontoolresult = (result) => renderCards(root, cardsOf(result), open);
app.onhostcontextchanged = (context) => applyContext({ ...app.getHostContext(), ...context });
await app.connect();
applyContext(app.getHostContext());
