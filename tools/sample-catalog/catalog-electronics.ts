import { type CategoryDef, COLORS, kind } from './catalog-kinds.ts';

/*
 * Electronics, phones, computers and games: real brands and models, with typical
 * Brazilian shelf prices in centavos ('@') or brand price ranges over models listed cheapest
 * first (notation and pricing rules: catalog-kinds.ts).
 */

export const ELECTRONICS_CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Eletrônicos',
    weight: 8,
    shopWords: ['Eletrônicos', 'Eletro', 'Tech', 'Som e Imagem', 'Digital'],
    uses: ['o dia a dia', 'presentear', 'toda a família', 'quem busca qualidade'],
    kinds: [
      kind(
        'o',
        'Fone de Ouvido Bluetooth',
        [7990, 249990],
        'Philips 7990-29990: TAT1209; TAH4209' +
          ' | JBL 19990-89990: Tune 520BT; Wave Buds 2; Tune 720BT; Live 660NC' +
          ' | Sony 24990-249990: WH-CH520; WF-C510; WH-CH720N; WH-1000XM5' +
          ' | Edifier 14990-59990: X3s; W820NB Plus',
        COLORS,
        'conexão Bluetooth 5.3; até 50 horas de bateria; cancelamento de ruído ativo; microfone embutido para chamadas; carregamento rápido via USB-C; design leve e dobrável; graves reforçados',
      ),
      kind(
        'a',
        'Smart TV',
        [109990, 999990],
        'Philco: 32" HD Roku TV @109990; 50" 4K Google TV @219990' +
          ' | TCL: 40" Full HD S5400A @149990; 50" 4K P755 @229990; 65" QLED 4K C655 @449990' +
          ' | Samsung: 43" Crystal UHD 4K CU7700 @219990; 50" Crystal UHD 4K DU7700 @259990; 55" QLED 4K Q60D @349990; 65" Neo QLED 4K QN85D @799990' +
          ' | LG: 43" UHD 4K ThinQ AI @209990; 55" QNED 4K @379990; 55" OLED evo C4 @699990',
        '',
        'resolução 4K com HDR10; apps de streaming já instalados; comando de voz integrado; três entradas HDMI; modo jogo com baixa latência; som Dolby Audio',
      ),
      kind(
        'a',
        'Caixa de Som Portátil',
        [12990, 299990],
        'JBL: Go 4 @29990; Flip 6 @69990; Charge 5 @99990; Boombox 3 @299990' +
          ' | Sony: SRS-XB100 @29990; ULT Field 1 @79990' +
          ' | Ultimate Ears: Wonderboom 4 @69990; Boom 4 @119990',
        COLORS,
        'resistência à água IP67; até 20 horas de reprodução; graves potentes; conexão Bluetooth estável; alça para transporte; pareamento com uma segunda caixa',
      ),
      kind(
        'a',
        'Soundbar',
        [59990, 399990],
        'Samsung: HW-B550 @99990; HW-Q600C @199990' + ' | LG: S40T @79990; S70TY @249990' + ' | JBL: Bar 300 @229990; Bar 500 @399990',
        '',
        'subwoofer sem fio; som surround virtual; conexão HDMI eARC; Bluetooth para o celular; modo noturno; suporte a Dolby Atmos',
      ),
      kind(
        'a',
        'Câmera Instantânea',
        [39990, 99990],
        'Fujifilm: Instax Mini 12 @49990; Instax Mini 99 @119990' + ' | Polaroid: Now+ Generation 2 @119990',
        COLORS,
        'exposição automática; modo selfie com espelho; fotos impressas na hora; flash embutido',
      ),
    ],
  },
  {
    name: 'Celulares e Smartphones',
    weight: 7,
    shopWords: ['Celulares', 'Cell', 'Mobile', 'Acessórios', 'Smart'],
    uses: ['o dia a dia', 'quem não larga o celular', 'presentear', 'quem busca praticidade'],
    kinds: [
      kind(
        'o',
        'Smartphone',
        [89990, 899990],
        'Samsung: Galaxy A06 128GB @89990; Galaxy A15 128GB @119990; Galaxy A35 5G 256GB @199990; Galaxy A55 5G 256GB @249990; Galaxy S24 256GB @499990; Galaxy S24 Ultra 512GB @899990' +
          ' | Apple 399990-899990: iPhone 13 128GB; iPhone 15 128GB; iPhone 16 128GB; iPhone 16 Pro 256GB; iPhone 16 Pro Max 512GB' +
          ' | Motorola 89990-399990: Moto G24 128GB; Moto G54 5G 256GB; Moto G84 5G 256GB; Edge 50 Fusion 256GB' +
          ' | Xiaomi 89990-299990: Redmi 13C 128GB; Redmi Note 13 256GB; Poco X6 Pro 5G 512GB',
        COLORS,
        'tela AMOLED de 6,6 polegadas; câmera principal de 50 MP; bateria de longa duração; conectividade 5G; carregamento rápido; processador octa-core; leitor de digitais',
      ),
      kind(
        'a',
        'Capa Protetora',
        [1990, 19990],
        'Spigen: Liquid Air; Ultra Hybrid; Tough Armor' +
          ' | OtterBox: Commuter; Defender' +
          ' | Samsung: Silicone Case; Smart View Wallet',
        'para iPhone 15; para Galaxy S24; para Galaxy A55; para Moto G84; para Redmi Note 13',
        'proteção contra quedas; bordas elevadas para a câmera; material antiderrapante; encaixe preciso; compatibilidade com carregamento sem fio',
      ),
      kind(
        'o',
        'Carregador Turbo',
        [4990, 29990],
        'Samsung: 25W USB-C; 45W USB-C' + ' | Motorola: TurboPower 30W' + ' | Anker: Nano 20W; 735 65W' + ' | Baseus: GaN5 Pro 65W',
        '',
        'tecnologia Power Delivery; proteção contra superaquecimento; cabo USB-C incluso; tamanho compacto; carga de 50% em 30 minutos',
      ),
      kind(
        'o',
        'Smartwatch',
        [19990, 549990],
        'Xiaomi: Smart Band 9 @29990; Redmi Watch 4 @59990' +
          ' | Amazfit: Bip 5 @49990; GTR 4 @119990' +
          ' | Samsung 149990-299990: Galaxy Watch6 40mm; Galaxy Watch7 44mm' +
          ' | Apple 199990-549990: Watch SE 40mm; Watch Series 10 42mm; Watch Ultra 2',
        COLORS,
        'monitor de frequência cardíaca; GPS integrado; resistência à água 5 ATM; mais de 100 modos de exercício; monitoramento do sono; notificações do celular no pulso',
      ),
    ],
  },
  {
    name: 'Informática',
    weight: 7,
    shopWords: ['Informática', 'Computadores', 'Tech', 'Digital', 'PC'],
    uses: ['home office', 'estudos', 'o escritório', 'o dia a dia'],
    kinds: [
      kind(
        'o',
        'Notebook',
        [179990, 1499990],
        'Asus: Vivobook 15 i3 8GB 256GB SSD @229990; Zenbook 14 OLED i7 16GB @699990' +
          ' | Lenovo: IdeaPad 1 Ryzen 5 8GB 256GB SSD @249990; IdeaPad Slim 3 i5 16GB 512GB SSD @369990; Legion 5 Ryzen 7 RTX 4060 @899990' +
          ' | Dell: Inspiron 15 i5 8GB 512GB SSD @379990; Inspiron 14 i7 16GB 1TB SSD @599990' +
          ' | Acer: Aspire 5 i5 8GB 256GB SSD @299990; Nitro V15 i5 RTX 3050 @449990' +
          ' | Samsung: Galaxy Book4 i5 8GB 512GB SSD @349990; Galaxy Book4 Pro i7 16GB @799990' +
          ' | Apple 699990-1499990: MacBook Air M2 8GB 256GB; MacBook Air M3 16GB 512GB; MacBook Pro M4 16GB 512GB',
        '',
        'tela Full HD antirreflexo; SSD para inicialização rápida; teclado com padrão ABNT2; webcam HD; bateria de longa duração; Wi-Fi 6',
      ),
      kind(
        'o',
        'Mouse sem Fio',
        [3990, 69990],
        'Logitech: M170 @5990; M280 @7990; Pebble M350 @12990; MX Master 3S @64990' + ' | Microsoft: Bluetooth Mouse @14990',
        COLORS,
        'receptor USB nano; sensor óptico preciso; pilha de longa duração; design ambidestro; clique silencioso',
      ),
      kind(
        'o',
        'Teclado Mecânico Gamer',
        [14990, 99990],
        'Redragon: Kumara K552 @19990; Fizz K617 @22990' +
          ' | HyperX: Alloy Origins Core @49990' +
          ' | Logitech: G413 SE @39990; G Pro X @89990',
        'Switch Red; Switch Blue; Switch Brown',
        'iluminação RGB; layout ABNT2; teclas anti-ghosting; estrutura em alumínio; cabo removível',
      ),
      kind(
        'o',
        'Monitor',
        [59990, 299990],
        'AOC: 24" Hero 24G2 @89990; 27" Hero 27G2 @129990' +
          ' | LG: 24" IPS Full HD @69990; 27" UltraGear @149990; 29" UltraWide @119990' +
          ' | Samsung: 24" Essential S3 @64990; 27" Odyssey G5 @179990',
        '',
        'painel IPS; taxa de atualização de 144 Hz; tempo de resposta de 1 ms; ajuste de altura; entradas HDMI e DisplayPort; tecnologia flicker-free',
      ),
      kind(
        'o',
        'SSD',
        [19990, 99990],
        'Kingston: A400 480GB @19990; NV2 1TB NVMe @39990; NV3 2TB NVMe @79990' +
          ' | Samsung: 870 EVO 500GB @39990; 990 EVO 1TB NVMe @69990' +
          ' | WD: Green 480GB @21990; Black SN770 1TB NVMe @54990',
        '',
        'leitura de até 3.500 MB/s; maior durabilidade que um HD; baixo consumo de energia; instalação simples; garantia de 3 anos',
      ),
      kind(
        'a',
        'Impressora Multifuncional',
        [59990, 199990],
        'HP: DeskJet Ink Advantage 2874 @49990; Smart Tank 581 @119990' +
          ' | Epson: EcoTank L3250 @109990; EcoTank L4260 @149990' +
          ' | Canon: Mega Tank G3110 @99990',
        '',
        'tanque de tinta de alto rendimento; impressão pelo celular via Wi-Fi; copiadora e scanner; impressão frente e verso; baixo custo por página',
      ),
    ],
  },
  {
    name: 'Games',
    weight: 3,
    shopWords: ['Games', 'Gamer', 'Jogos', 'Geek', 'Play'],
    uses: ['jogar com os amigos', 'quem ama games', 'partidas online', 'colecionadores'],
    kinds: [
      kind(
        'o',
        'Console',
        [199990, 549990],
        'Nintendo 149990-259990: Switch Lite @149990; Switch OLED @229990' +
          ' | Microsoft: Xbox Series S 512GB @299990; Xbox Series X 1TB @449990' +
          ' | Sony: PlayStation 5 Slim Digital @349990; PlayStation 5 Slim 1TB @399990; PlayStation 5 Pro 2TB @549990',
        '',
        'gráficos em 4K; carregamento ultrarrápido; controle sem fio incluso; retrocompatibilidade com jogos anteriores; multijogador online',
      ),
      kind(
        'o',
        'Controle sem Fio',
        [29990, 129990],
        'Nintendo: Pro Controller @39990' +
          ' | Microsoft: Xbox Wireless Controller @39990; Xbox Elite Series 2 @129990' +
          ' | Sony: DualSense @44990; DualSense Edge @129990',
        COLORS,
        'vibração háptica; bateria recarregável; conexão Bluetooth; gatilhos adaptáveis; entrada para fone de ouvido',
      ),
      kind(
        'o',
        'Jogo',
        [9990, 39990],
        "Sony: Gran Turismo 7 - PS5 @24990; God of War Ragnarök - PS5 @29990; Marvel's Spider-Man 2 - PS5 @34990" +
          ' | Nintendo: Super Mario Bros. Wonder - Nintendo Switch @29990; Mario Kart 8 Deluxe - Nintendo Switch @29990; The Legend of Zelda: Tears of the Kingdom - Nintendo Switch @34990' +
          ' | EA: EA Sports FC 25 - PS5 @29990; EA Sports FC 25 - Xbox Series X @29990' +
          ' | Microsoft: Halo Infinite - Xbox Series X @14990; Forza Horizon 5 - Xbox Series X @19990',
        '',
        'mídia física lacrada; legendas em português; modo multijogador; dublagem em português; campanha com dezenas de horas',
        'work',
      ),
      kind(
        'o',
        'Headset Gamer',
        [14990, 99990],
        'Redragon: Zeus X @24990; Lamia 2 @19990' +
          ' | HyperX: Cloud Stinger 2 @24990; Cloud II @49990; Cloud III @69990' +
          ' | Logitech: G335 @39990; G435 Lightspeed @59990',
        COLORS,
        'som surround 7.1 virtual; microfone removível com redução de ruído; almofadas de espuma viscoelástica; compatibilidade com PC e consoles; iluminação RGB',
      ),
    ],
  },
];
