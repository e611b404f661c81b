import { type CategoryDef, kind, VOLTAGES } from './catalog-kinds.ts';

/*
 * Home appliances, tools and car parts: real brands and models, with typical
 * Brazilian shelf prices in centavos ('@') or brand price ranges over models listed cheapest
 * first (notation and pricing rules: catalog-kinds.ts).
 */

export const APPLIANCE_CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Eletrodomésticos',
    weight: 6,
    shopWords: ['Eletrodomésticos', 'Eletro', 'Lar', 'Utilidades', 'Magazine'],
    uses: ['quem busca praticidade', 'famílias grandes', 'apartamentos compactos', 'o dia a dia da casa'],
    kinds: [
      kind(
        'a',
        'Geladeira Frost Free',
        [249990, 999990],
        'Consul: 340L CRM39AB @279990; 410L Duplex @359990' +
          ' | Brastemp: 375L BRM44HB @329990; 462L Inverse @569990' +
          ' | Electrolux: 431L DB53 @399990; 590L Inverter @899990' +
          ' | Panasonic: 425L BB53 @429990',
        VOLTAGES,
        'sistema frost free; gaveta de legumes; prateleiras reguláveis; tecnologia inverter que economiza energia; selo Procel A; dispenser de água na porta',
      ),
      kind(
        'o',
        'Micro-ondas',
        [49990, 149990],
        'Philco: 26 Litros PMO26 @59990' +
          ' | Electrolux: 20 Litros MTD30 @54990; 31 Litros Efficient @79990' +
          ' | Panasonic: 21 Litros NN-ST25 @59990; 32 Litros NN-ST65 @89990' +
          ' | Brastemp: 32 Litros Inox @99990',
        VOLTAGES,
        'painel digital; função descongelar; prato giratório; trava de segurança para crianças; receitas pré-programadas; limpeza fácil',
      ),
      kind(
        'a',
        'Air Fryer',
        [24990, 99990],
        'Britânia: BFR38 4,2L @29990' +
          ' | Mondial: Family 4L @32990; Grand Family 5,5L @44990' +
          ' | Philips Walita: Série 3000 4,1L @49990; Airfryer XL 6,2L @89990' +
          ' | Electrolux: 3,2L @34990; Experience 5L @59990',
        VOLTAGES,
        'cesto antiaderente; timer de 60 minutos; controle de temperatura até 200 °C; preparo sem óleo; desligamento automático; limpeza fácil',
      ),
      kind(
        'a',
        'Máquina de Lavar',
        [179990, 599990],
        'Consul: 11kg CWH11AB @189990; 12kg CWH12AB @219990' +
          ' | Brastemp: 12kg BWK12AB @229990; 15kg Double Wash @329990' +
          ' | Electrolux: 13kg LED13 @249990; 15kg Essential Care @299990' +
          ' | LG: 12kg Smart VC4 @279990; 13kg Lava e Seca VC5 @429990',
        VOLTAGES,
        'ciclo rápido de 30 minutos; dispenser para sabão e amaciante; função reaproveitar água; cesto em aço inox; motor silencioso; programa para roupas delicadas',
      ),
      kind(
        'o',
        'Liquidificador',
        [9990, 49990],
        'Philco: PH900 @14990' +
          ' | Mondial: Turbo Power @12990; Power Black 1200W @19990' +
          ' | Arno: Power Max 1000W @24990' +
          ' | Oster: Xpert Series 1400W @44990',
        VOLTAGES,
        'lâminas em aço inox; jarra de 3 litros; filtro removível; função pulsar; 12 velocidades',
      ),
      kind(
        'a',
        'Cafeteira',
        [19990, 129990],
        'Três Corações: Mimo @29990; Passione @49990' +
          ' | Arno: Dolce Gusto Mini Me @44990; Dolce Gusto Genio S @79990' +
          ' | Nespresso: Essenza Mini @49990; Vertuo Pop @59990' +
          ' | Oster: Prima Latte @119990',
        VOLTAGES,
        'sistema de cápsulas; pressão de 19 bar; desligamento automático; reservatório removível; preparo de cappuccino',
      ),
      kind(
        'o',
        'Ventilador de Coluna',
        [12990, 49990],
        'Britânia: Maxx Force 40cm @17990' +
          ' | Mondial: Turbo 8 Pás 40cm @19990' +
          ' | Arno: X-Treme 9 @29990; Ultra Silence Force @39990',
        VOLTAGES,
        'oito pás; três velocidades; oscilação automática; altura ajustável; funcionamento silencioso',
      ),
    ],
  },
  {
    name: 'Ferramentas',
    weight: 3,
    shopWords: ['Ferramentas', 'Ferragens', 'Materiais', 'Construção', 'Máquinas'],
    uses: ['reformas em casa', 'profissionais da construção', 'pequenos reparos', 'quem gosta de fazer tudo sozinho'],
    kinds: [
      kind(
        'a',
        'Furadeira de Impacto',
        [14990, 99990],
        'Black+Decker: TM500 560W @19990' +
          ' | Bosch: GSB 550 RE @29990; GSB 13 RE 650W @39990' +
          ' | Makita: HP1630 710W @44990' +
          ' | DeWalt: DWD502 710W @49990',
        VOLTAGES,
        'mandril de 13 mm; velocidade variável; função reversível; empunhadura auxiliar; maleta para transporte',
      ),
      kind(
        'a',
        'Parafusadeira a Bateria',
        [19990, 99990],
        'Vonder: 12V @24990' +
          ' | Bosch: GSR 120-LI @69990; GSR 185-LI @119990' +
          ' | Makita: DF333D @79990' +
          ' | DeWalt: DCD7781 @129990',
        '',
        'bateria de íon-lítio; duas velocidades; luz LED de trabalho; torque ajustável em 20 posições; carregador bivolt incluso',
      ),
      kind(
        'o',
        'Jogo de Chaves',
        [4990, 59990],
        'Vonder: 46 Peças @9990; 110 Peças @29990' +
          ' | Tramontina: PRO 40 Peças @14990; PRO 110 Peças @49990' +
          ' | Gedore: Red 68 Peças @59990',
        '',
        'aço cromo-vanádio; estojo organizador; catraca reversível; soquetes sextavados; resistência à corrosão',
      ),
      kind(
        'a',
        'Lavadora de Alta Pressão',
        [29990, 149990],
        'WAP: Ousada Plus 2200 @44990; Super 2500 @69990' +
          ' | Kärcher: K2 Compacta @49990; K3 Power Control @89990' +
          ' | Electrolux: Power Wash Eco @39990',
        VOLTAGES,
        'pressão de até 1.800 libras; mangueira de 5 metros; aplicador de detergente; pistola com trava de segurança; motor de indução',
      ),
      kind(
        'a',
        'Serra Tico-Tico',
        [19990, 89990],
        'Black+Decker: JS10 420W @24990' + ' | Bosch: GST 650 @49990; GST 700 @59990' + ' | Makita: 4329 @59990',
        VOLTAGES,
        'corte em madeira, metal e plástico; base inclinável até 45 graus; sopro que limpa a linha de corte; troca de lâmina sem chave; velocidade variável',
      ),
    ],
  },
  {
    name: 'Automotivo',
    weight: 3,
    shopWords: ['Auto Peças', 'Autopeças', 'Pneus', 'Car', 'Acessórios Automotivos'],
    uses: ['carros de passeio', 'quem roda muito na estrada', 'o uso urbano', 'quem cuida bem do carro'],
    kinds: [
      kind(
        'o',
        'Pneu',
        [24990, 99990],
        'Pirelli: Cinturato P1 175/70 R14 @39990; Cinturato P7 205/55 R16 @69990' +
          ' | Goodyear: Direction Touring 2 175/70 R14 @37990; EfficientGrip Performance 205/55 R16 @64990' +
          ' | Michelin: Energy XM2+ 175/65 R14 @44990; Primacy 4 205/55 R16 @79990' +
          ' | Continental: PowerContact 2 185/65 R15 @47990',
        '',
        'maior aderência em piso molhado; menor resistência ao rolamento; banda de rodagem silenciosa; alta durabilidade; certificação Inmetro',
      ),
      kind(
        'o',
        'Óleo de Motor',
        [2990, 34990],
        'Lubrax: Essencial 20W50 1L @2990; Tecno 5W30 Sintético 1L @4990' +
          ' | Mobil: Super 10W40 1L @3990; Super 5W30 Sintético 4L @19990' +
          ' | Castrol: Magnatec 5W30 1L @5490; GTX 20W50 4L @13990' +
          ' | Shell: Helix HX8 5W30 1L @5490',
        '',
        'proteção desde a partida; menos depósitos no motor; norma API SN; indicação para motores flex; maior intervalo entre trocas',
      ),
      kind(
        'a',
        'Central Multimídia',
        [39990, 199990],
        'Multilaser: Evolve 7 Polegadas @49990' +
          ' | Positron: SP6330BT @59990; SP8970 Android Auto @129990' +
          ' | Pioneer: SPH-C19BT @99990; DMH-ZS9280TV @199990',
        '',
        'tela de 7 polegadas sensível ao toque; Android Auto e Apple CarPlay; entrada para câmera de ré; Bluetooth para chamadas; entrada USB',
      ),
      kind(
        'a',
        'Palheta de Limpador de Para-brisa',
        [2990, 14990],
        'Dyna: Flex 21"; Silicone 22"' + ' | Bosch: Aerofit 19"; Aerotwin 24"' + ' | Valeo: Silencio 20"',
        '',
        'borracha com grafite; encaixe universal; limpeza silenciosa; resistência ao sol; instalação fácil',
      ),
      kind(
        'o',
        'Aspirador de Pó Automotivo',
        [9990, 29990],
        'WAP: Mini Car 12V' + ' | Black+Decker: Dustbuster 12V; Dustbuster 16V',
        '',
        'plugue para o acendedor de 12V; filtro lavável; bicos para cantos; cabo de 4 metros; tamanho compacto',
      ),
    ],
  },
];
