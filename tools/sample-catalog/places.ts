import { type District, district as d } from './district.ts';
import { SAO_PAULO_DISTRICTS } from './places-sao-paulo.ts';
import { cumulativeWeights } from './rng.ts';

export type { District };

/*
 * Where the generated stores are: real cities, real districts with approximate centre
 * coordinates (about 1 km), real streets, and CEP prefixes inside each city's real CEP range.
 */

export interface City {
  name: string;
  state: string;
  /** Adjective for merchant names, masculine and feminine ("Empório Mineiro", "Loja Mineira"). */
  demonym: readonly [string, string];
  /** The city's CEP range(s), first five digits, inclusive; every district's range lies inside. */
  cepRanges: readonly (readonly [number, number])[];
  /** Share among the stores outside the city of São Paulo. */
  weight: number;
  districts: readonly District[];
}

export const SAO_PAULO: City = {
  name: 'São Paulo',
  state: 'SP',
  demonym: ['Paulista', 'Paulista'],
  cepRanges: [
    [1000, 5999],
    [8000, 8499],
  ],
  weight: 0,
  districts: SAO_PAULO_DISTRICTS,
};

/** Share of stores in the city of São Paulo; the rest go to OTHER_CITIES by weight. */
export const SAO_PAULO_SHARE = 0.7;

export const OTHER_CITIES: readonly City[] = [
  {
    name: 'Rio de Janeiro',
    state: 'RJ',
    demonym: ['Carioca', 'Carioca'],
    cepRanges: [[20000, 23799]],
    weight: 35,
    districts: [
      d(
        'Copacabana',
        -22.971,
        -43.186,
        5,
        [22010, 22081],
        'Avenida Nossa Senhora de Copacabana; Rua Barata Ribeiro; Rua Santa Clara; Avenida Atlântica; Rua Siqueira Campos',
      ),
      d(
        'Botafogo',
        -22.951,
        -43.184,
        4,
        [22250, 22290],
        'Rua Voluntários da Pátria; Rua São Clemente; Praia de Botafogo; Rua Real Grandeza',
      ),
      d('Tijuca', -22.925, -43.233, 4, [20510, 20550], 'Rua Conde de Bonfim; Rua Haddock Lobo; Rua General Roca; Rua Uruguai'),
      d(
        'Barra da Tijuca',
        -23.0,
        -43.365,
        4,
        [22620, 22795],
        'Avenida das Américas; Avenida Lúcio Costa; Avenida Armando Lombardi; Avenida Olegário Maciel',
      ),
      d('Ipanema', -22.984, -43.204, 3, [22410, 22421], 'Rua Visconde de Pirajá; Rua Farme de Amoedo; Rua Teixeira de Melo'),
      d('Centro', -22.905, -43.178, 3, [20010, 20091], 'Avenida Rio Branco; Rua da Assembleia; Rua do Ouvidor; Avenida Presidente Vargas'),
    ],
  },
  {
    name: 'Belo Horizonte',
    state: 'MG',
    demonym: ['Mineiro', 'Mineira'],
    cepRanges: [[30000, 31999]],
    weight: 15,
    districts: [
      d(
        'Savassi',
        -19.937,
        -43.934,
        3,
        [30112, 30140],
        'Rua Pernambuco; Avenida Cristóvão Colombo; Rua Antônio de Albuquerque; Rua Fernandes Tourinho',
      ),
      d('Funcionários', -19.933, -43.929, 2, [30130, 30140], 'Avenida Getúlio Vargas; Rua Cláudio Manoel; Rua Gonçalves Dias'),
      d('Lourdes', -19.933, -43.944, 2, [30140, 30180], 'Rua da Bahia; Rua Curitiba; Rua Santa Catarina'),
    ],
  },
  {
    name: 'Curitiba',
    state: 'PR',
    demonym: ['Curitibano', 'Curitibana'],
    cepRanges: [[80000, 82999]],
    weight: 12,
    districts: [
      d('Batel', -25.441, -49.288, 3, [80420, 80440], 'Avenida do Batel; Rua Comendador Araújo; Avenida Sete de Setembro'),
      d('Centro', -25.43, -49.272, 3, [80010, 80060], 'Rua Quinze de Novembro; Rua Marechal Deodoro; Avenida Marechal Floriano Peixoto'),
      d('Água Verde', -25.453, -49.284, 2, [80240, 80250], 'Avenida República Argentina; Avenida Água Verde; Rua Brasílio Itiberê'),
    ],
  },
  {
    name: 'Campinas',
    state: 'SP',
    demonym: ['Campineiro', 'Campineira'],
    cepRanges: [[13000, 13139]],
    weight: 12,
    districts: [
      d('Cambuí', -22.893, -47.05, 3, [13024, 13025], 'Rua Coronel Quirino; Rua Maria Monteiro; Avenida Júlio de Mesquita'),
      d('Centro', -22.906, -47.06, 2, [13010, 13017], 'Rua Treze de Maio; Avenida Francisco Glicério; Rua Barão de Jaguara'),
    ],
  },
  {
    name: 'Porto Alegre',
    state: 'RS',
    demonym: ['Gaúcho', 'Gaúcha'],
    cepRanges: [[90000, 91999]],
    weight: 10,
    districts: [
      d('Moinhos de Vento', -30.025, -51.202, 3, [90570, 90570], 'Rua Padre Chagas; Rua Dinarte Ribeiro; Rua Quintino Bocaiúva'),
      d('Cidade Baixa', -30.041, -51.221, 2, [90050, 90050], 'Rua da República; Rua João Pessoa; Rua Lima e Silva'),
    ],
  },
  {
    name: 'Salvador',
    state: 'BA',
    demonym: ['Baiano', 'Baiana'],
    cepRanges: [[40000, 42599]],
    weight: 8,
    districts: [
      d('Barra', -13.005, -38.527, 2, [40140, 40140], 'Avenida Oceânica; Avenida Sete de Setembro; Rua Marquês de Leão'),
      d('Pituba', -13.0, -38.458, 2, [41810, 41830], 'Avenida Paulo VI; Rua Ceará; Avenida Manoel Dias da Silva'),
    ],
  },
  {
    name: 'Recife',
    state: 'PE',
    demonym: ['Pernambucano', 'Pernambucana'],
    cepRanges: [[50000, 52999]],
    weight: 8,
    districts: [
      d(
        'Boa Viagem',
        -8.122,
        -34.9,
        3,
        [51020, 51130],
        'Avenida Boa Viagem; Avenida Conselheiro Aguiar; Avenida Domingos Ferreira; Rua Barão de Souza Leão',
      ),
      d('Casa Forte', -8.036, -34.917, 1, [52061, 52061], 'Avenida Dezessete de Agosto; Estrada do Encanamento'),
    ],
  },
];

export const ALL_CITIES: readonly City[] = [SAO_PAULO, ...OTHER_CITIES];

/** Precomputed cumulative weights for Rng.weighted. */
export const OTHER_CITY_WEIGHTS = cumulativeWeights(OTHER_CITIES.map((c) => c.weight));
export const DISTRICT_WEIGHTS: ReadonlyMap<City, Float64Array> = new Map(
  ALL_CITIES.map((city) => [city, cumulativeWeights(city.districts.map((x) => x.weight))]),
);
