import type { Card, CardsView } from './card-model.ts';

/** How many of a product's stores its card lists before "e mais N lojas". */
const STORES_SHOWN = 3;

/** An element with text, never markup: merchant text is untrusted. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Drawn when the image does not load (or there is none): the card keeps its shape. */
function placeholder(): HTMLElement {
  const box = element('div', 'image placeholder');
  box.setAttribute('aria-hidden', 'true');
  box.innerHTML =
    '<svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" stroke-width="1.5"><path d="M6 7h12l-1 13H7L6 7z"/><path d="M9 7a3 3 0 0 1 6 0"/></svg>';
  return box;
}

function image(card: Card): HTMLElement {
  if (!/^https?:\/\//.test(card.imageUrl)) return placeholder();
  const img = element('img', 'image');
  // The title says what the product is; the photo adds nothing a screen reader would read.
  img.alt = '';
  img.loading = 'lazy';
  img.decoding = 'async';
  img.referrerPolicy = 'no-referrer';
  img.addEventListener('error', () => img.replaceWith(placeholder()), { once: true });
  img.src = card.imageUrl;
  return img;
}

function cardItem(card: Card, open: (url: string) => void, detailed: boolean): HTMLLIElement {
  const item = element('li', 'card');
  const body = element('div', 'body');
  const title = element(detailed ? 'h1' : 'h2', 'title', card.title);
  const price = element('p', 'price');
  // "De R$ 1.399,00 por R$ 1.199,00": the list price struck through, read as "de" by a screen reader.
  if (card.listPrice !== null) {
    const was = element('s', 'list-price', card.listPrice);
    price.append(element('span', 'visually-hidden', 'De '), was, element('span', 'visually-hidden', ' por'), ' ');
  }
  price.append(card.price);
  body.append(title, price);
  if (card.installments !== null) body.append(element('p', 'installments', card.installments));
  if (card.priceNote !== null) body.append(element('p', 'price-note', card.priceNote));
  body.append(element('p', card.inStock ? 'availability' : 'availability out', card.availability));
  // A search card's store says whose it is; a product's card names the merchant above its stores.
  if (detailed) body.append(element('p', 'merchant', card.merchant));
  const stores = element('ul', 'stores');
  stores.setAttribute('aria-label', `Lojas de ${card.merchant}`);
  for (const store of card.stores.slice(0, detailed ? STORES_SHOWN : 1)) {
    const line = element('li', 'store');
    const where = store.distance === null ? store.place : `${store.place} · a ${store.distance}`;
    line.append(element('span', 'store-name', store.name), element('span', 'store-place', where));
    stores.append(line);
  }
  const more = card.stores.length - STORES_SHOWN;
  if (detailed && more > 0) stores.append(element('li', 'store more', more === 1 ? 'e mais 1 loja' : `e mais ${more} lojas`));
  body.append(stores);
  // A real link (keyboard, screen readers, "copy link"), opened through the host: the frame may not navigate.
  const link = element('a', 'open', 'Ver produto');
  link.href = card.url;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.setAttribute('aria-label', `Ver produto: ${card.title}`);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    open(card.url);
  });
  body.append(link);
  item.append(image(card), body);
  return item;
}

/** Replaces `root`'s content with the view: a labelled, scrollable list of cards, or a sentence. */
export function renderCards(root: HTMLElement, view: CardsView, open: (url: string) => void): void {
  root.replaceChildren();
  if (view.kind === 'note') {
    root.append(element('p', 'note', view.text));
    return;
  }
  const detailed = view.cards.length === 1 && view.heading === view.cards[0]!.title;
  // One product: its title is the heading. A search: how many, above the cards.
  if (!detailed) root.append(element('h1', 'heading', view.heading));
  const list = element('ul', detailed ? 'cards single' : 'cards');
  list.setAttribute('aria-label', detailed ? 'Produto' : view.heading);
  // Scrolls inside the host's height: reachable by keyboard, as a scrolling region must be.
  list.tabIndex = 0;
  for (const card of view.cards) list.append(cardItem(card, open, detailed));
  root.append(list);
}
