import { type CategoryDef, CLOTHING_SIZES, JEANS_SIZES, kind, SHOE_SIZES } from './catalog-kinds.ts';

/*
 * Clothing and shoes: real brands and models, with typical
 * Brazilian shelf prices in centavos ('@') or brand price ranges over models listed cheapest
 * first (notation and pricing rules: catalog-kinds.ts).
 */

const BAG_COLORS = 'Preto; Caramelo; Off-white; Nude; Vinho';

export const FASHION_CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Moda Feminina',
    weight: 8,
    shopWords: ['Modas', 'Boutique', 'Moda Feminina', 'Fashion', 'Closet'],
    uses: ['o dia a dia', 'o trabalho', 'passeios no fim de semana', 'ocasiões especiais'],
    kinds: [
      kind(
        'o',
        'Vestido Midi',
        [9990, 79990],
        'Hering: Básico Malha @12990' +
          ' | Lança Perfume: Alças Finas @29990; Transpassado @34990' +
          ' | Colcci: Linho com Botões @39990' +
          ' | Farm: Canelado Liso @49990; Estampado Floral @69990',
        CLOTHING_SIZES,
        'tecido leve e fresco; caimento fluido; forro interno; modelagem que valoriza a silhueta; estampa exclusiva',
      ),
      kind(
        'a',
        'Calça Jeans Feminina',
        [12990, 49990],
        'Hering: Skinny Cintura Média @14990' +
          ' | Colcci: Mom @29990; Cintura Alta Flare @34990' +
          " | Levi's: 311 Shaping Skinny @29990; 501 Crop @44990",
        JEANS_SIZES,
        'jeans com elastano; cintura alta; lavagem média; cinco bolsos; modelagem confortável',
      ),
      kind(
        'a',
        'Blusa',
        [4990, 29990],
        'Hering: Manga Curta Básica @5990; Decote V @6990' +
          ' | Renner: Cropped Canelada @5990' +
          ' | Marisa: Ciganinha Estampada @4990' +
          ' | Farm: Bata Bordada @29990',
        CLOTHING_SIZES,
        'malha macia; 100% algodão; tecido que não amassa; modelagem versátil; costuras reforçadas',
      ),
      kind(
        'a',
        'Bolsa',
        [14990, 129990],
        'Santa Lolla: Baguete @19990; Saco @24990' +
          ' | Arezzo: Transversal Média @49990; Tote Couro @89990' +
          ' | Schutz: Clutch @39990; Shopper Grande @129990',
        BAG_COLORS,
        'alça ajustável; bolsos internos; fechamento com zíper; acabamento premium; forro em tecido',
      ),
      kind(
        'o',
        'Biquíni',
        [4990, 29990],
        'Água de Coco: Cortininha @29990; Hot Pant @32990' + ' | Cia. Marítima: Tomara que Caia @24990' + ' | Farm: Estampado @19990',
        CLOTHING_SIZES,
        'proteção UV 50+; secagem rápida; bojo removível; tecido com elastano; amarração lateral',
      ),
    ],
  },
  {
    name: 'Moda Masculina',
    weight: 6,
    shopWords: ['Moda Masculina', 'Modas', 'Magazine', 'Vestuário', 'Outlet'],
    uses: ['o trabalho', 'o dia a dia', 'o fim de semana', 'compor looks variados'],
    kinds: [
      kind(
        'a',
        'Camiseta Básica',
        [3990, 19990],
        'Malwee: Gola Careca @4990' +
          ' | Hering: Gola Careca @5990; Gola V @5990; Super Cotton @7990' +
          ' | Reserva: Pica-Pau Estampada @14990' +
          ' | Aramis: Gola Careca Pima @19990',
        CLOTHING_SIZES,
        '100% algodão; malha penteada; gola reforçada; toque macio; cores que não desbotam',
      ),
      kind(
        'a',
        'Camisa Social',
        [12990, 49990],
        'Richards: Linho Manga Curta @29990' +
          ' | Aramis: Slim Fit @24990; Manga Longa Tricoline @29990' +
          ' | Dudalina: Regular Fit Xadrez @39990; Slim Algodão Egípcio @49990',
        CLOTHING_SIZES,
        'tecido que não amassa; colarinho estruturado; punho com botões; caimento slim; bolso frontal',
      ),
      kind(
        'a',
        'Bermuda',
        [6990, 29990],
        'Mormaii: Tactel @8990' +
          ' | Hang Loose: Surf Estampada @9990' +
          ' | Reserva: Chino Sarja @24990; Moletom @19990' +
          " | Levi's: Jeans 505 @24990",
        JEANS_SIZES,
        'bolsos laterais; cós com elástico; secagem rápida; tecido resistente; modelagem confortável',
      ),
      kind(
        'a',
        'Jaqueta Corta-Vento',
        [14990, 59990],
        'Adidas: Essentials @29990; Own the Run @39990' +
          ' | Nike: Sportswear Club @34990; Windrunner @49990' +
          ' | Oakley: Enhance @59990',
        CLOTHING_SIZES,
        'capuz ajustável; tecido repelente à água; bolsos com zíper; tecido leve; forro em tela',
      ),
      kind(
        'a',
        'Calça Jeans Masculina',
        [12990, 49990],
        'Hering: Slim Lavagem Média @14990' +
          ' | Wrangler: Texas Straight @24990' +
          ' | Ellus: Skinny Black @44990' +
          " | Levi's: 505 Regular @34990; 511 Slim @39990",
        JEANS_SIZES,
        'jeans com elastano; lavagem escura; cinco bolsos; costuras reforçadas; modelagem confortável',
      ),
    ],
  },
  {
    name: 'Calçados',
    weight: 6,
    shopWords: ['Calçados', 'Shoes', 'Sapataria', 'Calçados e Acessórios', 'Pisante'],
    uses: ['passeios', 'o dia a dia', 'quem passa o dia em pé', 'o fim de semana'],
    kinds: [
      kind(
        'o',
        'Tênis de Corrida',
        [19990, 129990],
        'Olympikus: Corre 3 @29990; Corre Supra @49990' +
          ' | Mizuno: Wave Rider 27 @79990; Wave Prophecy 13 @149990' +
          ' | Asics: Gel-Excite 10 @39990; Gel-Nimbus 26 @119990' +
          ' | Nike: Revolution 7 @34990; Pegasus 41 @89990' +
          ' | Adidas: Runfalcon 3 @29990; Adizero SL 2 @69990',
        SHOE_SIZES,
        'amortecimento responsivo; cabedal em mesh respirável; solado de borracha antiderrapante; palmilha anatômica; leveza para treinos longos',
      ),
      kind(
        'o',
        'Tênis Casual',
        [19990, 69990],
        'Converse: Chuck Taylor All Star @29990; All Star Plataforma @39990' +
          ' | Vans: Authentic @34990; Old Skool @49990' +
          ' | Adidas: Grand Court 2.0 @39990; Campus 00s @69990' +
          ' | Nike: Court Vision Low @44990; Air Max SC @59990',
        SHOE_SIZES,
        'cabedal em lona; solado vulcanizado; palmilha confortável; cano baixo; visual que combina com tudo',
      ),
      kind(
        'a',
        'Sandália',
        [2990, 39990],
        'Havaianas: Top @3990; Slim @5490; Brasil Logo @4990' +
          ' | Ipanema: Anatômica Soft @3490' +
          ' | Grendha: Conforto @7990' +
          ' | Melissa: Possession @24990; Cosmic @29990',
        SHOE_SIZES,
        'borracha macia; tiras resistentes; solado antiderrapante; secagem rápida; conforto para o dia todo',
      ),
      kind(
        'o',
        'Sapato Social',
        [19990, 69990],
        'Pegada: Couro Legítimo @29990' + ' | Democrata: Metropolitan @39990' + ' | Ferracini: Oxford Couro @44990',
        SHOE_SIZES,
        'couro legítimo; solado de borracha; palmilha acolchoada; acabamento envernizado; forro macio',
      ),
      kind(
        'a',
        'Bota',
        [24990, 89990],
        'West Coast: Worker @39990' +
          ' | Democrata: Chelsea Couro @44990' +
          ' | Caterpillar: Second Shift @59990' +
          ' | Timberland: Premium 6 Inch @89990',
        SHOE_SIZES,
        'couro resistente; solado tratorado; cano médio; costura reforçada; palmilha acolchoada',
      ),
    ],
  },
];
