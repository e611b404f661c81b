import { z } from 'zod';

/** A price as every tool shows it: exact integer centavos, plus the forms people and code read. */
export const PriceSchema = z.object({
  cents: z.number().int().min(0).describe('Price in integer centavos (R$ 1.299,90 is 129990)'),
  amount: z.string().describe('Decimal string in reais, dot as decimal separator ("1299.90")'),
  currency: z.literal('BRL'),
  formatted: z.string().describe('Brazilian Portuguese display form ("R$ 1.299,90")'),
});
export type Price = z.infer<typeof PriceSchema>;

/**
 * Formats centavos by hand rather than with Intl: Intl puts a no-break space after "R$" (and ICU
 * versions differ), while clients compare and display the plain "R$ 1.299,90".
 */
export function priceOf(cents: number): Price {
  const reais = Math.floor(cents / 100);
  const centavos = String(cents % 100).padStart(2, '0');
  const grouped = String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return { cents, amount: `${reais}.${centavos}`, currency: 'BRL', formatted: `R$ ${grouped},${centavos}` };
}
