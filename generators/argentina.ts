// Argentine geography for buyers: the 24 jurisdictions weighted by population (INDEC 2022 census, millions,
// rounded) and a handful of cities each, the first the most populous. Names are written as Argentines write
// them, accents included, because a target's bestmatch lookups must cope with them.

export interface Province {
  name: string;
  /** Relative weight: population in millions; default 1. */
  weight?: number;
  /** Mobile area code without the leading 0 (used for Telefono); default 11. */
  areaCode?: string;
  /** At least one city. */
  cities: readonly string[];
}

export const PROVINCES: readonly Province[] = [
  {
    name: 'Buenos Aires',
    weight: 17.5,
    areaCode: '11',
    cities: [
      'La Plata',
      'Mar del Plata',
      'Bahía Blanca',
      'Quilmes',
      'Lomas de Zamora',
      'San Isidro',
      'Tandil',
      'Pilar',
      'Tigre',
      'Junín',
      'Olavarría',
      'Pergamino',
      'Luján',
    ],
  },
  {
    name: 'Ciudad Autónoma de Buenos Aires',
    weight: 3.1,
    areaCode: '11',
    cities: ['Palermo', 'Belgrano', 'Caballito', 'Recoleta', 'Villa Urquiza', 'Flores', 'Almagro', 'Núñez'],
  },
  { name: 'Córdoba', weight: 3.8, areaCode: '351', cities: ['Córdoba', 'Río Cuarto', 'Villa María', 'San Francisco', 'Villa Carlos Paz', 'Alta Gracia'] },
  { name: 'Santa Fe', weight: 3.5, areaCode: '341', cities: ['Rosario', 'Santa Fe', 'Rafaela', 'Venado Tuerto', 'Reconquista', 'Villa Gobernador Gálvez'] },
  { name: 'Mendoza', weight: 2.0, areaCode: '261', cities: ['Mendoza', 'San Rafael', 'Godoy Cruz', 'Guaymallén', 'Luján de Cuyo', 'Maipú'] },
  { name: 'Tucumán', weight: 1.7, areaCode: '381', cities: ['San Miguel de Tucumán', 'Yerba Buena', 'Tafí Viejo', 'Concepción'] },
  { name: 'Entre Ríos', weight: 1.4, areaCode: '343', cities: ['Paraná', 'Concordia', 'Gualeguaychú', 'Concepción del Uruguay'] },
  { name: 'Salta', weight: 1.4, areaCode: '387', cities: ['Salta', 'San Ramón de la Nueva Orán', 'Tartagal', 'Metán'] },
  { name: 'Misiones', weight: 1.3, areaCode: '376', cities: ['Posadas', 'Oberá', 'Eldorado', 'Puerto Iguazú'] },
  { name: 'Corrientes', weight: 1.2, areaCode: '379', cities: ['Corrientes', 'Goya', 'Paso de los Libres', 'Curuzú Cuatiá'] },
  { name: 'Chaco', weight: 1.1, areaCode: '362', cities: ['Resistencia', 'Presidencia Roque Sáenz Peña', 'Villa Ángela', 'Charata'] },
  { name: 'Santiago del Estero', weight: 1.05, areaCode: '385', cities: ['Santiago del Estero', 'La Banda', 'Termas de Río Hondo', 'Añatuya'] },
  { name: 'San Juan', weight: 0.82, areaCode: '264', cities: ['San Juan', 'Rawson', 'Rivadavia', 'Chimbas'] },
  { name: 'Jujuy', weight: 0.81, areaCode: '388', cities: ['San Salvador de Jujuy', 'Palpalá', 'San Pedro de Jujuy', 'Libertador General San Martín'] },
  { name: 'Río Negro', weight: 0.76, areaCode: '294', cities: ['San Carlos de Bariloche', 'General Roca', 'Cipolletti', 'Viedma'] },
  { name: 'Neuquén', weight: 0.71, areaCode: '299', cities: ['Neuquén', 'Cutral Có', 'Plottier', 'Centenario', 'San Martín de los Andes'] },
  { name: 'Formosa', weight: 0.61, areaCode: '370', cities: ['Formosa', 'Clorinda', 'Pirané'] },
  { name: 'Chubut', weight: 0.59, areaCode: '297', cities: ['Comodoro Rivadavia', 'Trelew', 'Puerto Madryn', 'Rawson', 'Esquel'] },
  { name: 'San Luis', weight: 0.54, areaCode: '266', cities: ['San Luis', 'Villa Mercedes', 'Merlo'] },
  { name: 'Catamarca', weight: 0.43, areaCode: '383', cities: ['San Fernando del Valle de Catamarca', 'Valle Viejo', 'Andalgalá'] },
  { name: 'La Rioja', weight: 0.38, areaCode: '380', cities: ['La Rioja', 'Chilecito', 'Aimogasta'] },
  { name: 'La Pampa', weight: 0.36, areaCode: '2954', cities: ['Santa Rosa', 'General Pico', 'Toay'] },
  { name: 'Santa Cruz', weight: 0.34, areaCode: '2966', cities: ['Río Gallegos', 'Caleta Olivia', 'El Calafate', 'Pico Truncado'] },
  { name: 'Tierra del Fuego', weight: 0.19, areaCode: '2901', cities: ['Ushuaia', 'Río Grande', 'Tolhuin'] },
];

/**
 * Buyer e-mail domains: the market's usual providers, but under the reserved `.example` TLD (RFC 2606) so a
 * target that auto-answers leads can never mail a real inbox during a million-inquiry simulation.
 */
export const EMAIL_DOMAINS: readonly (readonly [string, number])[] = [
  ['gmail.example', 55],
  ['hotmail.example', 20],
  ['yahoo.com.ar.example', 8],
  ['outlook.example', 8],
  ['live.com.ar.example', 4],
  ['fibertel.example', 3],
  ['speedy.example', 2],
];
