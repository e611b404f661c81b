/*
 * The specification's usage policy (section 1, rule 5) as the terms of use state it: the original
 * English word for word, and a Portuguese translation of each part. The documents list the same
 * rule from src/contract/service-info.ts (USAGE); usage-policy.test.ts keeps the two the same rule.
 */

/** Section 1, rule 5 of the specification, verbatim. */
export const USAGE_RULE_ORIGINAL =
  'Intended use: interactive, user-requested lookups only. Forbidden: enumerating IDs, merchants, categories, locations or ' +
  'search permutations; mirroring; bulk ingestion; resale; republication; building training datasets; evading quotas. ' +
  'Higher-volume use needs a separate agreement with the operator.';

/** The same rule in pt-BR: what is allowed, each forbidden use in the original's order, and the exception. */
export const USAGE_RULE_PT = {
  allowed: 'Uso previsto: somente consultas interativas, feitas a pedido de um usuário.',
  forbidden: [
    'enumerar IDs, lojistas, categorias, localidades ou permutações de busca',
    'espelhar o catálogo ou o serviço (mirroring)',
    'ingestão em massa (coleta em lote)',
    'revenda',
    'republicação',
    'construção de conjuntos de dados de treinamento',
    'contornar as cotas',
  ],
  higherVolume: 'Uso em volume maior exige um acordo separado com o operador.',
} as const;
