import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { testTempDir } from './temp-dirs.ts';

/** A small valid export; tests break one line of it at a time. */
export function validFixture() {
  return {
    merchants: [
      { id: 1, name: 'Loja Paulista Eletrônicos Ltda', slug: 'loja-paulista-eletronicos' },
      { id: 2, name: 'Casa Moema Utilidades', slug: 'casa-moema-utilidades' },
    ],
    stores: [
      {
        id: 1,
        merchantId: 1,
        name: 'Loja Pinheiros',
        address: 'Rua dos Pinheiros, 1234',
        district: 'Pinheiros',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '05422-001',
        latitude: -23.567,
        longitude: -46.693,
      },
      {
        id: 2,
        merchantId: 2,
        name: 'Loja Moema',
        address: 'Avenida Ibirapuera, 3000',
        district: 'Moema',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '04028-001',
        latitude: -23.601,
        longitude: -46.665,
      },
    ],
    products: [
      {
        id: 1,
        merchantId: 1,
        title: 'Fone de Ouvido Bluetooth JBL Tune 520BT Preto',
        description: 'Fone sem fio com até 57 horas de bateria.',
        category: 'Eletrônicos',
        brand: 'JBL',
        priceCents: 29990,
        slug: 'fone-jbl-tune-520bt-1',
        imageUrl: 'https://img.exemplo-catalogo.com.br/produtos/1.jpg',
        publishedAt: '2025-03-01T12:00:00Z',
        updatedAt: '2025-04-01T12:00:00Z',
      },
      {
        id: 2,
        merchantId: 2,
        title: 'Jogo de Panelas Tramontina 5 Peças',
        description: 'Panelas de alumínio antiaderente.',
        category: 'Casa e Decoração',
        brand: 'Tramontina',
        priceCents: 45990,
        slug: 'jogo-de-panelas-tramontina-2',
        imageUrl: 'https://img.exemplo-catalogo.com.br/produtos/2.jpg',
        publishedAt: null,
        updatedAt: '2025-04-01T12:00:00Z',
      },
    ],
    engagement: [
      { productId: 1, views: 120, likes: 14, dislikes: 2 },
      { productId: 2, views: 30, likes: 1, dislikes: 0 },
    ],
  };
}

export type Fixture = ReturnType<typeof validFixture>;
export type FixtureLines = Partial<Record<keyof Fixture, string[]>>;

/** Writes an export directory; `lines` replaces a file's content with raw lines (for broken input). */
export function writeExport(fixture: Fixture, lines: FixtureLines = {}, options: { gzip?: boolean; dir?: string } = {}): string {
  const dir = options.dir ?? testTempDir('catalog-export-');
  mkdirSync(dir, { recursive: true });
  for (const kind of ['merchants', 'stores', 'products', 'engagement'] as const) {
    const text = `${(lines[kind] ?? fixture[kind].map((r) => JSON.stringify(r))).join('\n')}\n`;
    if (options.gzip) writeFileSync(join(dir, `${kind}.ndjson.gz`), gzipSync(text));
    else writeFileSync(join(dir, `${kind}.ndjson`), text);
  }
  return dir;
}
