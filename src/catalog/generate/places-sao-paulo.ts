import { district as d, type District } from './district.ts';

/*
 * Districts (distritos, plus a few well-known bairros such as Vila Madalena, Brooklin and Vila
 * Olímpia) of the city of São Paulo with approximate centre coordinates (good to about 1 km),
 * real streets of each, the CEP prefixes (first five digits) used there, and a weight for how
 * many shops a district gets: commercial central districts more than outskirts.
 *
 * The accented names (São Miguel Paulista, Água Rasa, Freguesia do Ó, Butantã, Saúde, Sé...)
 * matter: accent-insensitive search tests are written against them.
 */


export const SAO_PAULO_DISTRICTS: readonly District[] = [
  d('Pinheiros', -23.567, -46.693, 8, [5401, 5428], 'Rua dos Pinheiros; Rua Teodoro Sampaio; Rua Cardeal Arcoverde; Avenida Brigadeiro Faria Lima; Rua Ferreira de Araújo; Rua Butantã'),
  d('Moema', -23.601, -46.665, 7, [4077, 4094], 'Avenida Ibirapuera; Alameda dos Maracatins; Avenida Moema; Alameda dos Nhambiquaras; Rua Canário; Avenida Jamaris'),
  d('Vila Mariana', -23.588, -46.636, 7, [4001, 4120], 'Rua Domingos de Morais; Rua Vergueiro; Rua França Pinto; Rua Joaquim Távora; Avenida Conselheiro Rodrigues Alves'),
  d('Itaim Bibi', -23.585, -46.68, 7, [4530, 4544], 'Rua João Cachoeira; Rua Joaquim Floriano; Rua Tabapuã; Rua Pedroso Alvarenga; Rua Clodomiro Amazonas'),
  d('Vila Olímpia', -23.596, -46.686, 4, [4545, 4552], 'Rua Funchal; Rua Gomes de Carvalho; Rua Olimpíadas; Rua Quatá'),
  d('Tatuapé', -23.54, -46.576, 7, [3303, 3340], 'Rua Tuiuti; Rua Itapura; Rua Serra de Bragança; Rua Antônio de Barros; Rua Cantagalo; Rua Apucarana'),
  d('Santana', -23.502, -46.625, 6, [2010, 2045], 'Rua Voluntários da Pátria; Avenida Cruzeiro do Sul; Rua Alfredo Pujol; Rua Doutor César; Avenida Braz Leme'),
  d('Lapa', -23.522, -46.705, 5, [5040, 5080], 'Rua Doze de Outubro; Rua Guaicurus; Rua Clélia; Rua Catão; Rua Barão de Jundiaí'),
  d('Butantã', -23.571, -46.714, 4, [5501, 5590], 'Avenida Corifeu de Azevedo Marques; Rua Alvarenga; Avenida Vital Brasil; Rua Camargo; Avenida Valdemar Ferreira'),
  d('Perdizes', -23.537, -46.678, 5, [5008, 5030], 'Rua Cardoso de Almeida; Rua Monte Alegre; Rua Cayowaá; Rua Turiassu; Avenida Sumaré'),
  d('Liberdade', -23.561, -46.634, 5, [1501, 1534], 'Rua Galvão Bueno; Rua dos Estudantes; Rua da Glória; Rua Tomás Gonzaga; Avenida da Liberdade'),
  d('Bela Vista', -23.559, -46.646, 5, [1301, 1332], 'Rua Treze de Maio; Rua Rui Barbosa; Avenida Brigadeiro Luís Antônio; Rua Santo Antônio; Avenida Paulista'),
  d('Consolação', -23.552, -46.658, 5, [1230, 1309], 'Rua da Consolação; Rua Augusta; Rua Frei Caneca; Avenida Angélica; Rua Maria Antônia'),
  d('Jardim Paulista', -23.571, -46.661, 6, [1401, 1452], 'Rua Oscar Freire; Alameda Lorena; Rua Haddock Lobo; Alameda Santos; Rua Bela Cintra'),
  d('Mooca', -23.559, -46.599, 5, [3101, 3128], 'Rua da Mooca; Rua Taquari; Rua Javari; Rua dos Trilhos; Avenida Paes de Barros'),
  d('Ipiranga', -23.591, -46.607, 4, [4201, 4290], 'Rua Silva Bueno; Rua Bom Pastor; Avenida Nazaré; Avenida Dom Pedro I; Rua Agostinho Gomes'),
  d('Santo Amaro', -23.65, -46.71, 5, [4701, 4780], 'Avenida Adolfo Pinheiro; Rua Padre José de Anchieta; Largo Treze de Maio; Avenida João Dias; Rua Amador Bueno'),
  d('Campo Belo', -23.624, -46.671, 4, [4601, 4630], 'Avenida Vereador José Diniz; Rua Vieira de Morais; Rua Otávio Tarquínio de Sousa; Avenida Santo Amaro'),
  d('Vila Madalena', -23.554, -46.691, 4, [5433, 5446], 'Rua Aspicuelta; Rua Harmonia; Rua Wisard; Rua Mourato Coelho; Rua Girassol; Rua Fradique Coutinho'),
  d('Brooklin', -23.614, -46.69, 4, [4561, 4583], 'Rua Joaquim Nabuco; Rua Barão do Triunfo; Rua Califórnia; Rua Princesa Isabel; Avenida Santo Amaro'),
  d('Penha', -23.527, -46.543, 3, [3601, 3650], 'Rua Doutor João Ribeiro; Avenida Amador Bueno da Veiga; Rua Padre Benedito de Camargo; Rua Comendador Cantinho'),
  d('Vila Prudente', -23.584, -46.58, 3, [3131, 3157], 'Avenida Professor Luiz Ignácio Anhaia Mello; Rua Ibitirama; Rua Cavour'),
  d('Saúde', -23.62, -46.638, 4, [4142, 4158], 'Avenida Jabaquara; Avenida Bosque da Saúde; Rua Carneiro da Cunha; Rua Paracatu'),
  d('Jabaquara', -23.647, -46.645, 3, [4301, 4380], 'Avenida Jabaquara; Avenida Engenheiro Armando de Arruda Pereira; Avenida Cupecê'),
  d('Água Rasa', -23.561, -46.576, 3, [3172, 3186], 'Avenida Regente Feijó; Avenida Vereador Abel Ferreira; Avenida Salim Farah Maluf'),
  d('Casa Verde', -23.509, -46.658, 3, [2510, 2560], 'Avenida Casa Verde; Rua Zilda; Avenida Ordem e Progresso'),
  d('Freguesia do Ó', -23.494, -46.697, 3, [2710, 2760], 'Avenida Itaberaba; Largo da Matriz de Nossa Senhora do Ó; Avenida Santa Marina; Avenida Miguel Conejo'),
  d('Morumbi', -23.598, -46.722, 3, [5601, 5690], 'Avenida Giovanni Gronchi; Avenida Morumbi; Avenida Jorge João Saad'),
  d('Sé', -23.55, -46.634, 4, [1001, 1029], 'Rua Direita; Rua Quinze de Novembro; Rua Boa Vista; Rua Benjamin Constant; Praça da Sé'),
  d('República', -23.544, -46.642, 5, [1035, 1050], 'Avenida Ipiranga; Rua Barão de Itapetininga; Avenida São Luís; Rua Sete de Abril; Rua Marconi'),
  d('Barra Funda', -23.524, -46.664, 3, [1135, 1156], 'Rua Barra Funda; Rua Lopes Chaves; Avenida Marquês de São Vicente; Rua Brigadeiro Galvão'),
  d('Bom Retiro', -23.527, -46.64, 3, [1120, 1134], 'Rua José Paulino; Rua Ribeiro de Lima; Rua Prates'),
  d('Brás', -23.543, -46.616, 4, [3001, 3050], 'Rua Oriente; Rua Maria Marcolina; Avenida Rangel Pestana; Rua do Gasômetro'),
  d('Belém', -23.54, -46.595, 2, [3051, 3070], 'Avenida Celso Garcia; Rua Siqueira Bueno; Rua Catumbi'),
  d('Cambuci', -23.566, -46.621, 2, [1520, 1529], 'Rua Lavapés; Avenida Lins de Vasconcelos; Rua Independência'),
  d('Aclimação', -23.572, -46.629, 2, [1530, 1545], 'Rua Muniz de Sousa; Avenida da Aclimação; Rua Pires da Mota'),
  d('Vila Leopoldina', -23.528, -46.73, 2, [5083, 5089], 'Avenida Imperatriz Leopoldina; Rua Carlos Weber; Rua Schilling'),
  d('Tucuruvi', -23.48, -46.604, 2, [2304, 2340], 'Avenida Tucuruvi; Avenida Nova Cantareira'),
  d('Perus', -23.405, -46.753, 1, [5201, 5210], 'Avenida Doutor Sylvio de Campos; Avenida Fiorelli Peccicacco'),
  d('Itaquera', -23.54, -46.46, 2, [8210, 8270], 'Avenida Pires do Rio; Rua Gregório Ramalho; Avenida José Pinheiro Borges'),
  d('São Miguel Paulista', -23.496, -46.444, 2, [8010, 8090], 'Avenida Marechal Tito; Avenida São Miguel'),
  d('Capão Redondo', -23.668, -46.779, 2, [5860, 5890], 'Estrada de Itapecerica; Avenida Comendador Sant\'Anna; Avenida Carlos Caldeira Filho'),
];
