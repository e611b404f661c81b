/**
 * The cards' style sheet: the host's variables (MCP Apps' standard names, applied by
 * applyHostStyleVariables) over fallbacks of our own, light and dark (the host's theme sets
 * data-theme; without one, the system's). The list scrolls inside the height the host allows
 * (--max-height, from its containerDimensions).
 */
export const CARD_STYLES = `
:root { color-scheme: light dark; --max-height: 500px;
  --ink: #1d2433; --ink-2: #475063; --ink-3: #5d6678; --paper: #fff; --paper-2: #eef1f6; --line: #c9ced8; --ring: #0b5fce; }
:root[data-theme="dark"] { --ink: #eef1f6; --ink-2: #c3cad6; --ink-3: #aab2c0; --paper: #1c1f26; --paper-2: #2a2f3a; --line: #454c5b; --ring: #7fb0ff; }
@media (prefers-color-scheme: dark) {
  :root:not([data-theme]) { --ink: #eef1f6; --ink-2: #c3cad6; --ink-3: #aab2c0; --paper: #1c1f26; --paper-2: #2a2f3a; --line: #454c5b; --ring: #7fb0ff; }
}
/* The host's own surface (or ours, in its theme): text outside the cards keeps its contrast. */
html, body { margin: 0; background: var(--color-background-primary, var(--paper)); }
body {
  font-family: var(--font-sans, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: var(--font-text-md-size, 15px); line-height: var(--font-text-md-line-height, 1.45);
  color: var(--color-text-primary, var(--ink));
}
.heading { margin: 0 4px 6px; font-size: var(--font-text-sm-size, 13px); font-weight: var(--font-weight-semibold, 600);
  color: var(--color-text-secondary, var(--ink-2)); }
.cards { list-style: none; margin: 0; padding: 4px; display: grid; gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); max-height: calc(var(--max-height) - 8px); overflow-y: auto; }
.heading + .cards { max-height: calc(var(--max-height) - 36px); }
.cards:focus-visible, .open:focus-visible { outline: 2px solid var(--color-ring-primary, var(--ring)); outline-offset: 2px; }
.cards.single { grid-template-columns: 1fr; }
.card { display: flex; flex-direction: column; border: var(--border-width-regular, 1px) solid var(--color-border-primary, var(--line));
  border-radius: var(--border-radius-lg, 10px); background: var(--color-background-primary, var(--paper)); overflow: hidden; }
.single .card { flex-direction: row; }
.image { width: 100%; aspect-ratio: 4 / 3; object-fit: contain; background: var(--color-background-secondary, var(--paper-2)); display: block; }
.single .image { width: 40%; max-width: 220px; }
.placeholder { display: flex; align-items: center; justify-content: center; color: var(--color-text-tertiary, var(--ink-3)); }
.body { padding: 10px 12px 12px; display: flex; flex-direction: column; gap: 4px; flex: 1; min-width: 0; }
.title { font-size: var(--font-text-md-size, 15px); font-weight: var(--font-weight-semibold, 600); margin: 0; overflow-wrap: anywhere; }
.single .title { font-size: var(--font-heading-sm-size, 18px); }
.price { font-size: var(--font-heading-sm-size, 18px); font-weight: var(--font-weight-bold, 700); margin: 2px 0 0; }
.list-price { font-size: var(--font-text-sm-size, 13px); font-weight: var(--font-weight-normal, 400); color: var(--color-text-secondary, var(--ink-2)); }
.installments, .availability, .price-note { margin: 0; font-size: var(--font-text-sm-size, 13px); color: var(--color-text-secondary, var(--ink-2)); }
.availability.out { color: var(--color-text-primary, var(--ink)); font-weight: var(--font-weight-semibold, 600); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.merchant, .stores { margin: 0; color: var(--color-text-secondary, var(--ink-2)); font-size: var(--font-text-sm-size, 13px); }
.stores { list-style: none; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.store-name, .store-place { display: block; }
.store-name { color: var(--color-text-primary, var(--ink)); }
.open { margin-top: auto; align-self: flex-start; padding: 6px 12px; border-radius: var(--border-radius-md, 8px);
  background: var(--color-background-inverse, var(--ink)); color: var(--color-text-inverse, var(--paper)); text-decoration: none;
  font-weight: var(--font-weight-medium, 500); }
.note { margin: 8px 4px; color: var(--color-text-secondary, var(--ink-2)); }
`;
