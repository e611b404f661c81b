import { describe, expect, it } from 'vitest';
import { productPagePaths } from './product-page-path.ts';

const SITE = 'https://loja.example';

describe('productPagePaths', () => {
  it('finds the id of a canonical path, of another slug and of a path cut short before the slug', () => {
    const paths = productPagePaths(`${SITE}/produtos/{id}/{slug}`, SITE)!;
    expect(paths.prefix).toBe('/produtos/');
    for (const path of ['/produtos/12/fone-jbl', '/produtos/12/outro', '/produtos/12', '/produtos/12/'])
      expect(paths.idOf(path), path).toBe(12);
    for (const path of ['/produtos/', '/produtos/012', '/produtos/12/a/b', '/produtos/12//', '/produtos/x/a', '/outros/12/a'])
      expect(paths.idOf(path), path).toBeNull();
  });

  it('keeps a slug that is not last required, and a template without one exact', () => {
    const middle = productPagePaths(`${SITE}/p/{slug}/{id}`, SITE)!;
    expect(middle.idOf('/p/fone/7')).toBe(7);
    expect(middle.idOf('/p/7')).toBeNull();
    const bare = productPagePaths(`${SITE}/item/{id}`, SITE)!;
    expect(bare.idOf('/item/7')).toBe(7);
    expect(bare.idOf('/item/7/x')).toBeNull();
  });

  it('serves no pages for a template on another site, or without a fixed first segment', () => {
    expect(productPagePaths('https://outra.example/produtos/{id}/{slug}', SITE)).toBeNull();
    expect(productPagePaths(`${SITE}/{id}/{slug}`, SITE)).toBeNull();
  });
});
