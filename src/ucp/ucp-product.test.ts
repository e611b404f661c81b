import { describe, expect, it } from 'vitest';
import { productIdOf, type UcpProductSource, ucpProduct, variantIdOf } from './ucp-product.ts';

const ROW: UcpProductSource = {
  id: 7,
  title: 'Fone Bluetooth',
  description: 'Fone sem fio, <b>40 h</b> de bateria',
  category: 'Eletrônicos',
  brand: 'Edifier',
  priceCents: 37_890,
  imageUrl: 'https://img.example.com.br/7 foto.jpg',
  merchantId: 18,
  merchantName: 'Loja "Jardim"',
  availability: 'in_stock',
  listPriceCents: null,
  gtin: null,
};

describe('UCP ids', () => {
  it('reads a product id and its variant id, and nothing else', () => {
    expect(productIdOf('7')).toEqual({ productId: 7, variant: false });
    expect(productIdOf(variantIdOf(7))).toEqual({ productId: 7, variant: true });
    for (const id of ['0', '07', '-7', '7-v2', ' 7', '7.0', '1e3', '9999999999999999', '', '-v1', 'abc'])
      expect(productIdOf(id), id).toBeNull();
  });
});

describe('ucpProduct', () => {
  it('states the price in centavos and BRL, one variant, the merchant as seller, text as data', () => {
    const product = ucpProduct(ROW, { url: 'https://site.example/produtos/7/fone' });
    expect(product.price_range).toEqual({ min: { amount: 37_890, currency: 'BRL' }, max: { amount: 37_890, currency: 'BRL' } });
    expect(product.variants).toEqual([
      {
        id: '7-v1',
        title: 'Fone Bluetooth',
        description: { plain: 'Fone Bluetooth' },
        price: { amount: 37_890, currency: 'BRL' },
        availability: { available: true, status: 'in_stock' },
        seller: { name: 'Loja "Jardim"' },
      },
    ]);
    expect(product.description).toEqual({ plain: ROW.description });
    // The image's URL as a URI (its space encoded), alt text the title.
    expect(product.media).toEqual([{ type: 'image', url: 'https://img.example.com.br/7%20foto.jpg', alt_text: 'Fone Bluetooth' }]);
  });

  it('maps the offer: availability to available and status, the list price, the GTIN as a barcode', () => {
    const product = ucpProduct(
      { ...ROW, availability: 'preorder', listPriceCents: 44_990, gtin: '7891000315507' },
      { url: 'https://site.example/p' },
    );
    expect(product.list_price_range).toEqual({ min: { amount: 44_990, currency: 'BRL' }, max: { amount: 44_990, currency: 'BRL' } });
    expect(product.variants[0]).toMatchObject({
      list_price: { amount: 44_990, currency: 'BRL' },
      availability: { available: true, status: 'preorder' },
      barcodes: [{ type: 'GTIN', value: '7891000315507' }],
    });
    expect(ucpProduct({ ...ROW, availability: 'out_of_stock' }, { url: 'https://site.example/p' }).variants[0]!.availability).toEqual({
      available: false,
      status: 'out_of_stock',
    });
  });

  it('leaves out an image whose URL is not an absolute http(s) URL', () => {
    for (const imageUrl of ['javascript:alert(1)', '/relative.jpg', 'not a url', 'data:image/png;base64,AAAA'])
      expect(ucpProduct({ ...ROW, imageUrl }, { url: 'https://site.example/p' }).media, imageUrl).toBeUndefined();
  });
});
