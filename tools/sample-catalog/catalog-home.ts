import { type CategoryDef, COLORS, kind, VOLTAGES } from './catalog-kinds.ts';

/*
 * Home, beauty and sports: real brands and models, with typical
 * Brazilian shelf prices in centavos ('@') or brand price ranges over models listed cheapest
 * first (notation and pricing rules: catalog-kinds.ts).
 */

const HOME_COLORS = 'Branco; Cinza; Bege; Azul; Rosa; Off-white';

export const HOME_CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Casa e Decoração',
    weight: 8,
    shopWords: ['Utilidades', 'Decorações', 'Enxoval', 'Presentes', 'Casa e Cia'],
    uses: ['deixar a casa mais aconchegante', 'presentear', 'o dia a dia da casa', 'quem acabou de se mudar'],
    kinds: [
      kind(
        'o',
        'Jogo de Cama Queen 4 Peças',
        [12990, 59990],
        'Altenburg: Percal 200 Fios @17990' +
          ' | Santista: Prata Percal 180 Fios @19990; Royal 300 Fios @34990' +
          ' | Buddemeyer: Basic Percal 200 Fios @22990; Maison 400 Fios @59990',
        HOME_COLORS,
        '100% algodão; toque macio; lençol com elástico; fronhas com acabamento em ponto palito; tecido fácil de passar',
      ),
      kind(
        'o',
        'Jogo de Panelas Antiaderente',
        [19990, 129990],
        'Rochedo: Smart 5 Peças @24990' +
          ' | Tramontina: Turim 5 Peças @29990; Lyon 5 Peças @49990; Paris 7 Peças @89990' +
          ' | Brinox: Ceramic Life 5 Peças @39990',
        'Vermelho; Preto; Grafite; Vinho',
        'revestimento antiaderente; cabos com toque frio; tampas de vidro temperado; compatibilidade com fogão a gás e elétrico; limpeza fácil',
      ),
      kind(
        'o',
        'Jogo de Toalhas',
        [7990, 34990],
        'Santista: Prata 4 Peças @8990; Unique 5 Peças @14990' +
          ' | Buddemeyer: Frape 4 Peças @12990' +
          ' | Karsten: Lumina 5 Peças @15990',
        HOME_COLORS,
        'fio penteado; alta absorção; secagem rápida; 100% algodão; barra decorativa',
      ),
      kind(
        'o',
        'Tapete para Sala',
        [9990, 89990],
        'Kapazi: Moderno 1,50 x 2,00 m @12990' +
          ' | Oasis: Shaggy 1,50 x 2,00 m @19990' +
          ' | São Carlos: Sampa 2,00 x 2,50 m @49990; Marrakesh 2,00 x 3,00 m @89990',
        HOME_COLORS,
        'base antiderrapante; fios de polipropileno; fibras que não soltam pelos; limpeza fácil; toque macio',
      ),
      kind(
        'a',
        'Luminária de Mesa',
        [4990, 29990],
        'Taschibra: TLM 01 @5990; TLM 08 @8990' + ' | Avant: Articulada LED @12990' + ' | Elgin: LED Touch @9990',
        COLORS,
        'haste articulada; lâmpada LED inclusa; três níveis de intensidade; base firme; baixo consumo de energia',
      ),
      kind(
        'o',
        'Travesseiro',
        [4990, 39990],
        'Fibrasca: Visco Plus @8990' + ' | Duoflex: Nasa Alto @14990' + ' | Altenburg: Toque de Pluma @7990; Nasa Viscoelástico @14990',
        '',
        'espuma viscoelástica; capa removível; proteção antiácaro e antialérgica; suporte ideal para o pescoço; enchimento que não embola',
      ),
    ],
  },
  {
    name: 'Beleza e Perfumaria',
    weight: 7,
    shopWords: ['Perfumaria', 'Cosméticos', 'Beauty', 'Beleza', 'Essências'],
    uses: ['o uso diário', 'presentear', 'ocasiões especiais', 'a rotina de cuidados'],
    kinds: [
      kind(
        'o',
        'Perfume',
        [5990, 99990],
        'Natura 9990-29990: Kaiak Masculino 100ml; Luna Feminino 75ml; Essencial Masculino 100ml' +
          ' | O Boticário 9990-29990: Egeo Dolce 90ml; Lily Eau de Parfum 75ml; Malbec 100ml' +
          ' | Paco Rabanne 39990-99990: Lady Million 80ml; 1 Million 100ml' +
          ' | Lancôme 49990-99990: La Vie Est Belle 50ml; La Vie Est Belle 100ml' +
          ' | Carolina Herrera 39990-99990: 212 VIP Men 100ml; Good Girl 80ml',
        '',
        'fragrância marcante; alta fixação; notas amadeiradas; frasco elegante; embalagem para presente',
      ),
      kind(
        'o',
        'Shampoo',
        [1490, 29990],
        'Dove: Hidratação Intensa 400ml @1990' +
          ' | Elseve: Reparação Total 5 400ml @2290' +
          ' | Pantene: Restauração 400ml @2290; Liso Extremo 750ml @3990' +
          ' | Kérastase: Nutritive Bain Satin 250ml @28990',
        '',
        'fórmula sem sal; hidratação profunda; fragrância suave; controle do frizz; uso diário',
      ),
      kind(
        'o',
        'Protetor Solar',
        [3990, 12990],
        'Nivea: Sun Protect e Hidrata FPS 50 @5990' +
          ' | Neutrogena: Sun Fresh FPS 50 @6990' +
          ' | Episol: Color FPS 70 @8990' +
          ' | La Roche-Posay: Anthelios XL Protect FPS 60 @10990; Anthelios Airlicium FPS 70 @12990',
        '',
        'toque seco; resistência à água; alta proteção UVA e UVB; acabamento que não deixa a pele oleosa; testes dermatológicos',
      ),
      kind(
        'a',
        'Base Líquida',
        [2990, 29990],
        'Vult: Efeito Matte @3990' +
          ' | Ruby Rose: HD Profissional @2990' +
          ' | Maybelline: Fit Me @6990; Superstay 24h @8990' +
          ' | MAC: Studio Fix Fluid @27990',
        'Tom Claro; Tom Médio; Tom Bege; Tom Escuro',
        'acabamento matte; alta cobertura; longa duração; fórmula que não transfere; proteção solar FPS 15',
      ),
      kind(
        'o',
        'Secador de Cabelo',
        [9990, 69990],
        'Mondial: Chronos 1900W @12990' +
          ' | Philco: Ion Care 2000W @14990' +
          ' | Taiff: Style 2000W @19990; Black Ion 2000W @29990' +
          ' | Gama Italy: Keration 2300W @39990',
        VOLTAGES,
        'tecnologia íon; duas velocidades e três temperaturas; jato de ar frio; bico concentrador; cabo de 1,8 metro',
      ),
      kind(
        'a',
        'Prancha Alisadora',
        [7990, 59990],
        'Mondial: Chronos Ceramic @9990' + ' | Philco: Titanium Slim @12990' + ' | Taiff: Unique @24990; Titanium 450 @39990',
        '',
        'placas de titânio; aquecimento rápido até 230 °C; tensão bivolt automática; desligamento automático; cabo giratório',
      ),
    ],
  },
  {
    name: 'Esporte e Lazer',
    weight: 5,
    shopWords: ['Esportes', 'Sports', 'Fitness', 'Aventura', 'Camping'],
    uses: ['uma vida mais ativa', 'trilhas e passeios', 'o fim de semana', 'iniciantes e experientes'],
    kinds: [
      kind(
        'a',
        'Bicicleta Aro 29',
        [99990, 599990],
        'Caloi: Vulcan 21 Marchas @129990; Explorer Sport @219990; Elite Carbon Sport @599990' +
          ' | Oggi: Hacker HDS @249990; Big Wheel 7.0 @399990' +
          ' | Sense: Fun Comp @229990; Impact Pro @329990',
        'Quadro 15; Quadro 17; Quadro 19',
        'quadro em alumínio; freio a disco hidráulico; suspensão dianteira; câmbio Shimano; pneus para trilha',
      ),
      kind(
        'a',
        'Bola de Futebol',
        [4990, 89990],
        'Umbro: Neo Swerve @9990' +
          ' | Penalty: S11 R1 @19990; S11 Ecoknit @29990' +
          ' | Nike: Academy @14990; Flight @89990' +
          ' | Adidas: Tiro League @12990; Al Rihla Pro @89990',
        'Campo; Society; Futsal',
        'costura termossoldada; câmara de butil; maior controle no chute; resistência à abrasão; tamanho e peso oficiais',
      ),
      kind(
        'a',
        'Esteira Elétrica',
        [149990, 699990],
        'Dream Fitness: DR 2110 @199990; Concept 2.0 @299990' + ' | Kikos: E500 @259990; Pro 9000 @699990',
        VOLTAGES,
        'velocidade de até 16 km/h; inclinação ajustável; painel com programas de treino; estrutura dobrável; sistema de amortecimento',
      ),
      kind(
        'a',
        'Barraca de Camping',
        [19990, 99990],
        'Mor: Iglu 2 Pessoas @19990' +
          ' | Nautika: Cherokee 3 Pessoas @39990; Falcon 4 Pessoas @59990' +
          ' | Coleman: Instant Up 4 Pessoas @99990',
        '',
        "montagem fácil; coluna d'água de 1.800 mm; tela mosquiteiro; avanço na entrada; bolsa para transporte",
      ),
      kind(
        'a',
        'Garrafa Térmica',
        [7990, 39990],
        'Mor: Inox 500ml @7990' +
          ' | Termolar: Magic Pump 1L @12990' +
          ' | Stanley: Quick Flip 710ml @24990; Classic 1L @29990; Quencher 1,18L @34990',
        COLORS,
        'bebida quente por até 24 horas; aço inox de parede dupla; tampa à prova de vazamentos; alça dobrável; material livre de BPA',
      ),
      kind(
        'o',
        'Kit de Halteres',
        [4990, 59990],
        'Polimet: Emborrachado 2 x 3 kg @9990; Emborrachado 2 x 5 kg @14990' + ' | Kikos: Ajustável 24 kg @59990',
        '',
        'revestimento emborrachado; pegada antiderrapante; proteção para o piso; treino completo em casa; formato sextavado que não rola',
      ),
    ],
  },
];
