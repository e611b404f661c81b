import { describe, expect, it } from 'vitest';
import { USAGE } from '../contract/service-info.ts';
import { USAGE_RULE_ORIGINAL, USAGE_RULE_PT } from './usage-policy.ts';

describe('the usage policy the terms state', () => {
  it('is the rule the documents state: the same forbidden uses, in the same order, and the same exception', () => {
    const forbidden = /Forbidden: (.*)\. Higher-volume/.exec(USAGE_RULE_ORIGINAL)![1]!.split('; ');
    expect(forbidden).toEqual(USAGE.forbidden.map((use) => use[0]!.toLowerCase() + use.slice(1)));
    expect(USAGE_RULE_ORIGINAL.endsWith(USAGE.higherVolume)).toBe(true);
    expect(USAGE_RULE_ORIGINAL).toMatch(/^Intended use: interactive, user-requested lookups only\. /);
  });

  it('translates every part of it', () => {
    expect(USAGE_RULE_PT.forbidden).toHaveLength(USAGE.forbidden.length);
    expect(USAGE_RULE_PT.allowed).toMatch(/somente consultas interativas, feitas a pedido de um usuário/);
    expect(USAGE_RULE_PT.higherVolume).toMatch(/acordo separado com o operador/);
  });
});
