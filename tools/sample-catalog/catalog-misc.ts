import { type CategoryDef, COLORS, kind } from './catalog-kinds.ts';

/*
 * Toys, books, food and drink, pets, babies and stationery: real brands, models and book
 * titles, with typical Brazilian shelf prices in centavos ('@') or brand price ranges over
 * models listed cheapest first (notation and pricing rules: catalog-kinds.ts).
 */

const BOOK_EDITIONS = 'Capa Comum; Capa Dura; Edição de Bolso';

export const MISC_CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Brinquedos',
    weight: 4,
    shopWords: ['Brinquedos', 'Kids', 'Toys', 'Diversões', 'Criança Feliz'],
    uses: ['brincar em família', 'presentear no Dia das Crianças', 'crianças curiosas', 'festas de aniversário'],
    kinds: [
      kind(
        'o',
        'Jogo de Tabuleiro',
        [7990, 29990],
        'Estrela: Cara a Cara @9990; Detetive @14990; Jogo da Vida @19990; Banco Imobiliário @24990' +
          ' | Grow: Perfil 7 @16990; Imagem e Ação @14990; War @24990',
        '',
        'diversão para toda a família; regras fáceis de aprender; peças resistentes; estímulo ao raciocínio; partidas de 2 a 6 jogadores',
      ),
      kind(
        'a',
        'Boneca',
        [4990, 39990],
        'Mattel: Barbie Fashionista @7990; Barbie Médica @12990; Barbie Dreamtopia @14990' + ' | Hasbro: Baby Alive Hora da Papinha @29990',
        '',
        'roupas e acessórios inclusos; cabelo para pentear; corpo articulado; material atóxico; indicação para maiores de 3 anos',
      ),
      kind(
        'o',
        'Kit de Montar',
        [9990, 99990],
        'Mega Bloks: Caminhão de Blocos @14990' +
          ' | LEGO: Classic Caixa Média Criativa @29990; City Delegacia de Polícia @39990; Technic Carro de Corrida @49990; Star Wars Millennium Falcon @99990',
        '',
        'peças compatíveis entre si; manual de montagem ilustrado; estímulo à criatividade; centenas de peças; caixa para guardar',
      ),
      kind(
        'a',
        'Pista de Carrinhos',
        [9990, 49990],
        'Hot Wheels: City Lava Rápido; Action Looping; Mega Garagem',
        '',
        'carrinho incluso; compatibilidade com outras pistas; montagem fácil; manobras radicais; indicação para crianças a partir de 4 anos',
      ),
      kind(
        'o',
        'Lançador de Dardos',
        [9990, 39990],
        'Nerf: Elite 2.0 Commander; Elite 2.0 Eaglepoint',
        '',
        'dardos de espuma inclusos; alcance de até 27 metros; trilho para acessórios; mira ajustável; indicação para maiores de 8 anos',
      ),
      kind(
        'o',
        'Quebra-Cabeça',
        [3990, 14990],
        'Toyster: 500 Peças Pôr do Sol @4990' + ' | Grow: 1000 Peças Paisagens do Brasil @6990; 2000 Peças Rio de Janeiro @11990',
        '',
        'peças com encaixe perfeito; papelão de alta qualidade; imagem nítida; pôster de referência incluso; ótimo passatempo',
      ),
    ],
  },
  {
    name: 'Livros',
    weight: 5,
    shopWords: ['Livraria', 'Livros', 'Sebo', 'Letras', 'Leitura'],
    uses: ['vestibulandos', 'clubes de leitura', 'presentear leitores', 'leitores de todas as idades'],
    kinds: [
      kind(
        'o',
        'Livro',
        [2990, 14990],
        'Penguin-Companhia: Dom Casmurro - Machado de Assis; Memórias Póstumas de Brás Cubas - Machado de Assis; O Cortiço - Aluísio Azevedo' +
          ' | Antofágica: O Alienista - Machado de Assis; Iracema - José de Alencar' +
          ' | Companhia das Letras: Capitães da Areia - Jorge Amado; Grande Sertão: Veredas - João Guimarães Rosa' +
          ' | Todavia: Torto Arado - Itamar Vieira Junior' +
          ' | Rocco: A Hora da Estrela - Clarice Lispector; Harry Potter e a Pedra Filosofal - J.K. Rowling' +
          ' | Record: Vidas Secas - Graciliano Ramos' +
          ' | José Olympio: O Quinze - Rachel de Queiroz' +
          ' | HarperCollins: O Hobbit - J.R.R. Tolkien; O Senhor dos Anéis: A Sociedade do Anel - J.R.R. Tolkien' +
          ' | Intrínseca: Extraordinário - R.J. Palacio; A Culpa é das Estrelas - John Green',
        BOOK_EDITIONS,
        'texto integral; nova edição revisada; prefácio de especialista; papel de alta qualidade; notas explicativas; diagramação confortável para a leitura',
        'work',
      ),
      kind(
        'o',
        'Livro Infantil',
        [2490, 7990],
        'Melhoramentos: O Menino Maluquinho - Ziraldo' +
          ' | Salamandra: Marcelo, Marmelo, Martelo - Ruth Rocha; Bisa Bia, Bisa Bel - Ana Maria Machado',
        '',
        'ilustrações coloridas; texto clássico da literatura infantil brasileira; capa resistente; texto em letras grandes; atividades ao final',
      ),
    ],
  },
  {
    name: 'Alimentos e Bebidas',
    weight: 4,
    shopWords: ['Empório', 'Mercearia', 'Gourmet', 'Alimentos', 'Delicatessen'],
    uses: ['momentos especiais', 'receber os amigos', 'presentear', 'o dia a dia'],
    kinds: [
      kind(
        'o',
        'Café em Grãos',
        [2990, 15990],
        'Baggio: Aroma Chocolate 500g @3990' +
          ' | Três Corações: Gourmet 500g @3490; Rituais Cerrado Mineiro 1kg @8990' +
          ' | Melitta: Regiões Brasileiras Sul de Minas 1kg @6990' +
          ' | Café Orfeu: Clássico 1kg @10990',
        '',
        'torra média; grãos 100% arábica; notas de chocolate e caramelo; embalagem com válvula; origem certificada',
      ),
      kind(
        'o',
        'Azeite Extra Virgem',
        [2490, 8990],
        'Cocinero: 500ml @3490' +
          ' | Borges: Original 500ml @3990' +
          ' | Andorinha: 500ml @3990' +
          ' | Gallo: Clássico 500ml @4490; Reserva 750ml @7990',
        '',
        'acidez máxima de 0,5%; extração a frio; origem portuguesa; sabor frutado; garrafa de vidro escuro',
      ),
      kind(
        'o',
        'Chocolate',
        [690, 9990],
        'Lacta: Ao Leite 80g @790; Diamante Negro 90g @890' +
          ' | Nestlé: Classic Ao Leite 90g @790; Alpino 100g @990' +
          ' | Garoto: Talento Castanhas 85g @890; Caixa de Bombons 250g @1590' +
          ' | Cacau Show: Barra 70% Cacau 100g @2490; Caixa de Trufas 12 Unidades @6990',
        '',
        'cacau selecionado; textura cremosa; embalagem reciclável; sabor intenso; pedaços crocantes',
      ),
      kind(
        'a',
        'Cerveja',
        [2990, 12990],
        'Original: Pack 12 Latas 350ml @4990' +
          ' | Brahma: Duplo Malte Pack 12 Latas 350ml @4490' +
          ' | Stella Artois: Pack 6 Long Neck 330ml @3990' +
          ' | Heineken: Pack 6 Long Neck 330ml @4490; Pack 12 Latas 350ml @6990',
        '',
        'receita puro malte; sabor refrescante; estilo lager; teor alcoólico de 5%; espuma cremosa',
      ),
      kind(
        'o',
        'Vinho Tinto',
        [2990, 29990],
        'Salton: Intenso Tannat 750ml @4990' +
          ' | Concha y Toro: Reservado Malbec 750ml @3990' +
          ' | Casillero del Diablo: Cabernet Sauvignon 750ml @5990; Reserva Especial Carménère 750ml @8990' +
          ' | Miolo: Seleção Tinto 750ml @5990; Lote 43 750ml @14990',
        '',
        'safra recente; notas de frutas vermelhas; harmonização com carnes e massas; teor alcoólico de 13%; temperatura ideal entre 16 e 18 °C',
      ),
    ],
  },
  {
    name: 'Pet Shop',
    weight: 4,
    shopWords: ['Pet Shop', 'Pet', 'Animais', 'Agropet', 'Bicho Feliz'],
    uses: ['o dia a dia do seu pet', 'o conforto do seu pet', 'pets de todos os portes', 'tutores exigentes'],
    kinds: [
      kind(
        'a',
        'Ração',
        [4990, 49990],
        'Whiskas: Gatos Adultos Carne 2,7kg @5990' +
          ' | Pedigree: Cães Adultos Carne e Vegetais 3kg @4990; Cães Adultos 10,1kg @12990' +
          ' | Special Dog: Adultos 15kg @13990' +
          ' | Golden: Gatos Castrados Frango 3kg @8990; Fórmula Cães Adultos 15kg @17990' +
          ' | Premier: Raças Pequenas Adultos 2,5kg @8990; Ambientes Internos 12kg @28990' +
          ' | Royal Canin: Mini Adult 2,5kg @14990; Medium Adult 15kg @49990',
        '',
        'alto teor de proteínas; ômega 3 e 6 para pelos saudáveis; zero corantes artificiais; croquetes crocantes; controle do tártaro',
      ),
      kind(
        'a',
        'Areia Higiênica',
        [1990, 9990],
        'Viva Verde: Grãos Finos 4kg @2990' + ' | Pipicat: Classic 4kg @1990; Floral 12kg @4990',
        '',
        'alta absorção; controle de odores; limpeza fácil; grãos que não grudam nas patas; material biodegradável',
      ),
      kind(
        'a',
        'Caminha para Pet',
        [4990, 29990],
        'Chalesco: Nuvem; Sofá',
        'Tamanho P; Tamanho M; Tamanho G',
        'enchimento macio; tecido lavável; base antiderrapante; bordas elevadas; conforto para cães e gatos',
      ),
      kind(
        'o',
        'Arranhador para Gatos',
        [3990, 39990],
        'Chalesco: Poste Duplo @9990' + ' | Furacão Pet: Poste Sisal @5990; Torre 3 Andares @29990',
        '',
        'sisal natural resistente; base estável; brinquedo pendurado; plataformas para descanso; montagem fácil',
      ),
    ],
  },
  {
    name: 'Bebês',
    weight: 3,
    shopWords: ['Baby', 'Bebê', 'Enxoval do Bebê', 'Maternidade', 'Kids'],
    uses: ['recém-nascidos', 'passeios com o bebê', 'o enxoval', 'a rotina dos pais'],
    kinds: [
      kind(
        'a',
        'Fralda Descartável',
        [3990, 14990],
        'Turma da Mônica: Baby Pacote Hiper @4990' +
          ' | MamyPoko: Calça Pacote Mega @6990' +
          ' | Huggies: Tripla Proteção Hiper @6990; Supreme Care Pacote Mega @9990' +
          ' | Pampers: Confort Sec Pacote Jumbo @7990; Premium Care Mega @11990',
        'Tamanho P; Tamanho M; Tamanho G; Tamanho XG',
        'até 12 horas de proteção; gel superabsorvente; cobertura respirável; indicador de umidade; elásticos macios nas pernas',
      ),
      kind(
        'o',
        'Carrinho de Bebê',
        [39990, 299990],
        'Burigotto: Reverse @89990; Ecco @59990' + ' | Galzerano: Olympus @49990' + ' | Chicco: Liteway Plus @129990; Activ3 @299990',
        'Preto; Cinza; Azul; Rosa',
        'fechamento compacto tipo guarda-chuva; encosto reclinável em 4 posições; cesto para objetos; capota com proteção solar; rodas com amortecimento',
      ),
      kind(
        'a',
        'Cadeirinha para Auto',
        [29990, 199990],
        'Burigotto: Matrix @59990' +
          ' | Safety 1st: Multifix @99990' +
          ' | Chicco: Seat Up 012 @129990; Seat4Fix @199990' +
          ' | Maxi-Cosi: Pria @149990',
        '',
        'sistema Isofix; certificação Inmetro; protetor lateral; cinto de 5 pontos; uso de 0 a 25 kg',
      ),
      kind(
        'a',
        'Mamadeira',
        [1990, 8990],
        'Lillo: Primeiros Passos 240ml @1990' +
          ' | MAM: Easy Start 260ml @5990' +
          ' | NUK: First Choice 300ml @4990' +
          ' | Philips Avent: Anticólica 260ml @5990; Natural 330ml @7990',
        '',
        'material livre de BPA; válvula anticólica; bico de silicone macio; limpeza fácil; graduação de medida',
      ),
      kind(
        'o',
        'Lenço Umedecido',
        [990, 4990],
        "Johnson's Baby: Hora do Sono 96 Unidades @1490" +
          ' | Huggies: Puro e Natural 48 Unidades @990; Max Clean 192 Unidades @3990' +
          ' | Pampers: Aloe Vera 48 Unidades @1190; Sensitive 192 Unidades @4490',
        '',
        'fórmula sem álcool; fórmula hipoalergênica; extrato de aloe vera; testes dermatológicos; tampa que mantém a umidade',
      ),
    ],
  },
  {
    name: 'Papelaria',
    weight: 3,
    shopWords: ['Papelaria', 'Papéis', 'Escritório', 'Office', 'Bazar'],
    uses: ['a volta às aulas', 'o escritório', 'estudantes', 'organizar a rotina'],
    kinds: [
      kind(
        'o',
        'Caderno Universitário',
        [1990, 7990],
        'Foroni: 1 Matéria 80 Folhas @1490; 10 Matérias 160 Folhas @3490' +
          ' | Jandaia: 10 Matérias 200 Folhas @3990' +
          ' | Tilibra: 10 Matérias 160 Folhas @3990; 15 Matérias 240 Folhas @5490',
        'Capa Dura; Capa Flexível',
        'folhas pautadas; capa resistente; espiral reforçado; divisórias coloridas; adesivos inclusos',
      ),
      kind(
        'a',
        'Caneta Esferográfica',
        [790, 4990],
        'BIC: Cristal Kit com 10 @1590; Cristal Kit com 50 @4990' +
          ' | Faber-Castell: Trilux Kit com 10 @1790' +
          ' | Pilot: BPS Kit com 12 @2490',
        'Azul; Preta; Vermelha; Sortidas',
        'escrita macia; ponta média de 1,0 mm; tinta que não borra; corpo transparente; longa duração',
      ),
      kind(
        'o',
        'Lápis de Cor',
        [990, 14990],
        'Stabilo: Aquacolor 24 Cores @5990' +
          ' | Faber-Castell: EcoLápis 12 Cores @1290; EcoLápis 36 Cores @3990; Supersoft 50 Cores @9990',
        '',
        'cores vivas; mina resistente; mina fácil de apontar; madeira reflorestada; estojo prático',
      ),
      kind(
        'a',
        'Mochila Escolar',
        [7990, 49990],
        'Sestini: Kids Rodinhas @24990; Magic 2 @19990' + ' | JanSport: SuperBreak @29990; Big Student @39990',
        COLORS,
        'compartimento para notebook; alças acolchoadas; tecido resistente à água; bolsos laterais; zíperes reforçados',
      ),
      kind(
        'a',
        'Calculadora Científica',
        [3990, 14990],
        'Casio: fx-82MS @4990; fx-82ES Plus @7990; fx-991ES Plus @12990',
        '',
        'mais de 240 funções; visor de duas linhas; alimentação solar e a bateria; capa protetora; teclas de borracha',
      ),
      kind(
        'a',
        'Agenda',
        [2990, 9990],
        'Tilibra: Pepper 2026 @4990; Executiva 2026 @6990' + ' | Cícero: Semanal Kraft 2026 @5990; Clássica Diária 2026 @7990',
        '',
        'uma página por dia; calendários de 2026 e 2027; marcador de página em fita; papel pólen; elástico de fechamento',
      ),
    ],
  },
];
