import type { Availability, Offer } from './offer.ts';

/** The offer in the words a Brazilian shop page uses (pt-BR). */
export const AVAILABILITY_LABEL: Readonly<Record<Availability, string>> = {
  in_stock: 'Em estoque',
  out_of_stock: 'Indisponível',
  preorder: 'Pré-venda',
  backorder: 'Sob encomenda',
};

export const CONDITION_LABEL: Readonly<Record<Offer['condition'], string>> = {
  new: 'Novo',
  refurbished: 'Recondicionado',
  used: 'Usado',
};

/** "10x de R$ 119,90 sem juros" (the first with the remainder said apart), or "em até 12x com juros"; null: none stated. */
export function installmentsText(installments: Offer['installments']): string | null {
  if (installments === null) return null;
  const { count, interestFree, amount, firstAmount } = installments;
  if (!interestFree || amount === null) return `em até ${count}x com juros`;
  if (count === 1) return `1x de ${amount.formatted} sem juros`;
  return firstAmount === null
    ? `${count}x de ${amount.formatted} sem juros`
    : `${count}x sem juros (1ª de ${firstAmount.formatted}, demais de ${amount.formatted})`;
}
