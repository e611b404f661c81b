/**
 * A small built-in table of what Brazilian shoppers call the same thing, folded (no accents,
 * lower case), in the singular and without stopwords (a query loses its "de" before it is read). Each group's members are equivalent: a query naming one also
 * matches products that name another. A member of several words ("air fryer") matches when all its
 * words do.
 */
const GROUPS: readonly (readonly string[])[] = [
  ['tv', 'televisao', 'televisor'],
  ['celular', 'smartphone'],
  ['geladeira', 'refrigerador'],
  ['notebook', 'laptop'],
  ['fone', 'headphone', 'headset'],
  ['air fryer', 'airfryer', 'fritadeira eletrica', 'fritadeira sem oleo'],
  ['micro ondas', 'microondas'],
  ['chinelo', 'havaianas'],
  ['bicicleta', 'bike'],
  ['videogame', 'console'],
  ['lava roupa', 'lavadora', 'maquina lavar'],
  ['cafeteira', 'maquina cafe'],
  ['aspirador', 'aspirador po'],
  ['camiseta', 't shirt', 'tshirt'],
  ['tenis', 'sneaker'],
  ['mochila', 'bolsa escolar'],
];

/** Each member (its words joined by a space) → the other members of its groups, as word lists. */
const BY_MEMBER = new Map<string, string[][]>();

/** Builds the lookup from groups of members; an operator's file adds its groups the same way. */
export function synonymIndex(groups: readonly (readonly string[])[]): Map<string, string[][]> {
  const index = new Map<string, string[][]>();
  for (const group of groups) {
    for (const member of group) {
      const others = group.filter((m) => m !== member).map((m) => m.split(' '));
      index.set(member, [...(index.get(member) ?? []), ...others]);
    }
  }
  return index;
}

for (const [member, others] of synonymIndex(GROUPS)) BY_MEMBER.set(member, others);

/** The other names of a word or a run of words ("fritadeira eletrica"), each as its words. */
export function synonymsOf(member: string): string[][] {
  return BY_MEMBER.get(member) ?? [];
}

/** The longest member made of words[start…], if any: "fritadeira eletrica 4l" → 2 words. */
export function synonymRunAt(words: readonly string[], start: number): number {
  for (let length = Math.min(3, words.length - start); length >= 2; length--) {
    if (BY_MEMBER.has(words.slice(start, start + length).join(' '))) return length;
  }
  return 0;
}
