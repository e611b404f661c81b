import type { DiscountCheckView, PriceCheck, PriceHistoryView } from './price-history-schema.ts';

/*
 * The price history in the words a Brazilian shopper reads (pt-BR): the product pages and the
 * product cards say the same.
 */

const day = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** "27/11/2026" from a catalog date (YYYY-MM-DD). */
export const dateText = (date: string): string => day.format(new Date(`${date}T00:00:00Z`));

/** The discount check in one sentence. */
export function verdictText(check: DiscountCheckView): string {
  const since = dateText(check.currentPriceSince);
  switch (check.verdict) {
    case 'confirmed':
      return `Desconto real: o preço atual, desde ${since}, está ${check.realDiscountPercent}% abaixo do menor preço dos 30 dias anteriores (${check.referencePrice!.formatted}).`;
    case 'not_lower_than_30_days':
      return `Sem desconto real: o preço atual, desde ${since}, não é menor que o menor preço dos 30 dias anteriores (${check.referencePrice!.formatted}).`;
    case 'unchanged':
      return `Preço estável: sem mudança desde ${since}.`;
    default:
      return `Histórico curto: conhecemos menos de 30 dias de preço antes de ${since}, quando começou o preço atual.`;
  }
}

/** "Menor preço nos últimos 30 dias: R$ 399,00 (em 27/11/2026)", or null when no day of them was charged. */
export function lowest30Text(history: PriceHistoryView): string | null {
  const low = history.lowest30Days;
  return low && `Menor preço nos últimos 30 dias: ${low.price.formatted} (em ${dateText(low.date)})`;
}

/** A card's short line: "Menor preço em 30 dias: R$ 399,00 · desconto real de 16%". */
export function priceNoteText(check: PriceCheck): string | null {
  const low = check.lowest30Days && `Menor preço em 30 dias: ${check.lowest30Days.price.formatted}`;
  const verdict =
    check.verdict === 'confirmed'
      ? `desconto real de ${check.realDiscountPercent}%`
      : check.verdict === 'not_lower_than_30_days'
        ? 'sem desconto real'
        : null;
  if (low === null) return verdict;
  return verdict === null ? low : `${low} · ${verdict}`;
}
