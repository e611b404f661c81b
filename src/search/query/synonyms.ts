import { foldedWords, STOPWORDS } from './query-words.ts';

/** A synonym is at most this many words ("fritadeira sem oleo"). */
export const MAX_SYNONYM_WORDS = 3;

/**
 * A small built-in table of what Brazilian shoppers call the same thing, folded (no accents,
 * lower case), in the singular and without stopwords (a query loses its "de" before it is read).
 * Each group's members are equivalent: a query naming one also matches products that name
 * another. A member of several words ("air fryer") matches when all its words do.
 */
export const BUILT_IN_SYNONYMS: readonly (readonly string[])[] = [
  ['tv', 'televisao', 'televisor'],
  ['celular', 'smartphone', 'cel'],
  ['geladeira', 'refrigerador'],
  ['notebook', 'laptop', 'computador portatil'],
  ['fone', 'headphone', 'headset'],
  ['air fryer', 'airfryer', 'fritadeira eletrica', 'fritadeira sem oleo'],
  ['micro ondas', 'microondas'],
  ['chinelo', 'havaianas'],
  ['bicicleta', 'bike'],
  ['videogame', 'console'],
  ['lava roupa', 'lavadora', 'maquina lavar', 'maquina lavar roupa'],
  ['lava louca', 'lava loucas', 'maquina lavar louca', 'maquina lavar loucas'],
  ['cafeteira', 'maquina cafe'],
  ['aspirador', 'aspirador po'],
  ['camiseta', 't shirt', 'tshirt'],
  ['tenis', 'sneaker'],
  ['mochila', 'bolsa escolar'],
  ['caixa som', 'caixinha som', 'alto falante', 'speaker'],
  ['smartwatch', 'smart watch', 'relogio inteligente'],
  // Abbreviations shoppers type ("cel samsung", "fone bt", "cx de som", "refri 2l", "pc gamer"),
  // and loanwords beside the Portuguese word, or spelt the Brazilian way (catchup).
  ['computador', 'pc'],
  ['refrigerante', 'refri'],
  ['caixa', 'cx'],
  ['bluetooth', 'bt'],
  ['wifi', 'wi fi'],
  ['ar condicionado', 'arcondicionado', 'condicionador ar'],
  ['roteador', 'router'],
  ['power bank', 'powerbank', 'bateria externa', 'carregador portatil'],
  ['ketchup', 'catchup'],
  // What shoppers call things the shops title otherwise: a hair straightener, a cooler box, a
  // mini fridge, a two-door fridge, a wireless headphone.
  ['chapinha', 'prancha alisadora', 'prancha cabelo'],
  ['cooler', 'caixa termica'],
  ['frigobar', 'mini geladeira'],
  ['duplex', '2 portas', 'duas portas'],
  ['sem fio', 'wireless'],
];

/**
 * Abbreviations that stand for a word one way only, [abbreviation, word]: "note dell" is a
 * notebook, but "notebook" must not find the Redmi Note (a phone).
 */
export const BUILT_IN_ABBREVIATIONS: readonly (readonly [string, string])[] = [
  ['note', 'notebook'],
  // A phone case is a "capinha"; a mattress cover is a "capa", never a "capinha".
  ['capinha', 'capa'],
];

/**
 * English names of kinds that the shops title in Portuguese, [loanword, word], one way as
 * abbreviations are: "blender" finds the liquidificador, but a search for "liquidificador" does
 * not match a description that says "blender". Names Brazilian shops use as they are (notebook,
 * smartphone, mouse, freezer, cooktop, tablet, shampoo, kit) are not here: the index has them.
 */
export const BUILT_IN_LOANWORDS: readonly (readonly [string, string])[] = [
  // Appliances.
  ['blender', 'liquidificador'],
  ['fridge', 'geladeira'],
  ['refrigerator', 'geladeira'],
  ['microwave', 'micro ondas'],
  ['dishwasher', 'lava louca'],
  ['washing machine', 'maquina lavar'],
  ['washer', 'maquina lavar'],
  ['dryer', 'secadora'],
  ['hair dryer', 'secador cabelo'],
  ['straightener', 'chapinha'],
  ['iron', 'ferro passar'],
  ['vacuum', 'aspirador'],
  ['vacuum cleaner', 'aspirador'],
  ['fan', 'ventilador'],
  ['stove', 'fogao'],
  ['oven', 'forno'],
  ['coffee maker', 'cafeteira'],
  ['kettle', 'chaleira'],
  ['pressure cooker', 'panela pressao'],
  ['frying pan', 'frigideira'],
  ['air conditioner', 'ar condicionado'],
  // Electronics and computers.
  ['phone', 'celular'],
  ['cellphone', 'celular'],
  ['cell phone', 'celular'],
  ['mobile', 'celular'],
  ['earphone', 'fone'],
  ['earphones', 'fone'],
  ['earbuds', 'fone'],
  ['headphones', 'fone'],
  ['television', 'tv'],
  ['printer', 'impressora'],
  ['keyboard', 'teclado'],
  ['charger', 'carregador'],
  ['cable', 'cabo'],
  ['case', 'capa'],
  ['watch', 'relogio'],
  // Furniture and home.
  ['chair', 'cadeira'],
  ['table', 'mesa'],
  ['desk', 'escrivaninha'],
  ['wardrobe', 'guarda roupa'],
  ['mattress', 'colchao'],
  ['pillow', 'travesseiro'],
  ['sheets', 'lencol'],
  ['bed sheet', 'lencol'],
  ['towel', 'toalha'],
  ['lamp', 'luminaria'],
  ['rug', 'tapete'],
  ['curtain', 'cortina'],
  ['picture frame', 'porta retrato'],
  // Clothes, shoes and bags.
  ['shoes', 'sapato'],
  ['sandals', 'sandalia'],
  ['flip flops', 'chinelo'],
  ['backpack', 'mochila'],
  ['bag', 'bolsa'],
  ['wallet', 'carteira'],
  ['shirt', 'camisa'],
  ['dress', 'vestido'],
  ['pants', 'calca'],
  ['jacket', 'jaqueta'],
  ['sunglasses', 'oculos sol'],
  // Children, toys and sport.
  ['puzzle', 'quebra cabeca'],
  ['toy', 'brinquedo'],
  ['doll', 'boneca'],
  ['ball', 'bola'],
  ['stroller', 'carrinho bebe'],
  ['diaper', 'fralda'],
  ['diapers', 'fralda'],
  ['pacifier', 'chupeta'],
  ['helmet', 'capacete'],
  ['tent', 'barraca'],
  ['treadmill', 'esteira'],
  // Beauty and food.
  ['lipstick', 'batom'],
  ['sunscreen', 'protetor solar'],
  ['razor', 'barbeador'],
  ['coffee', 'cafe'],
  ['beer', 'cerveja'],
  ['wine', 'vinho'],
  ['rice', 'arroz'],
  ['beans', 'feijao'],
  ['milk', 'leite'],
  ['cheese', 'queijo'],
  ['bread', 'pao'],
  ['olive oil', 'azeite'],
  // Tools.
  ['drill', 'furadeira'],
  ['screwdriver', 'chave fenda'],
];

/**
 * A term's words as a query has them: folded, split where the index's tokenizer splits (anything
 * but letters and digits), stopwords left out. "Luminária de mesa" → ["luminaria", "mesa"].
 */
export function termWords(text: string): string[] {
  return foldedWords(text).filter((w) => !STOPWORDS.has(w));
}

/** Synonym groups as a lookup: each member (its words joined by a space) → the other members. */
export class SynonymTable {
  private readonly byMember = new Map<string, string[][]>();
  /** The members of one word, sorted: what a misspelt word may stand for besides the index's words. */
  private readonly singleWords: string[];

  /**
   * `groups`: members already folded, words separated by one space (termWords(…).join(' '));
   * `abbreviations`: [abbreviation, word], the abbreviation standing for the word and its group.
   */
  constructor(groups: readonly (readonly string[])[], abbreviations: readonly (readonly [string, string])[] = []) {
    for (const group of groups) {
      for (const member of group) {
        const others = group.filter((m) => m !== member).map((m) => m.split(' '));
        this.byMember.set(member, [...(this.byMember.get(member) ?? []), ...others]);
      }
    }
    for (const [abbreviation, word] of abbreviations) {
      this.byMember.set(abbreviation, [...this.of(abbreviation), word.split(' '), ...this.of(word)]);
    }
    this.singleWords = [...this.byMember.keys()].filter((m) => !m.includes(' ')).sort();
  }

  /** Members of one word in [from, to), in order ("televisao" for a typo of it: it stands for tv, televisor). */
  wordsBetween(from: string, to: string): string[] {
    let low = 0;
    let high = this.singleWords.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.singleWords[mid]! < from) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < this.singleWords.length && this.singleWords[i]! < to; i++) found.push(this.singleWords[i]!);
    return found;
  }

  /** The other names of a word or a run of words ("fritadeira eletrica"), each as its words. */
  of(member: string): string[][] {
    return this.byMember.get(member) ?? [];
  }

  /** How many words of the longest member made of words[start…] (0: none of two or more): "fritadeira eletrica 4l" → 2. */
  runAt(words: readonly string[], start: number): number {
    for (let length = Math.min(MAX_SYNONYM_WORDS, words.length - start); length >= 2; length--) {
      if (this.byMember.has(words.slice(start, start + length).join(' '))) return length;
    }
    return 0;
  }
}

/** The built-in groups and an operator's (from the export's synonyms file), together, and the built-in abbreviations and loanwords. */
export function synonymTable(operatorGroups: readonly (readonly string[])[] = []): SynonymTable {
  return new SynonymTable([...BUILT_IN_SYNONYMS, ...operatorGroups], [...BUILT_IN_ABBREVIATIONS, ...BUILT_IN_LOANWORDS]);
}
