// Argentine geography, one table for every layer that needs it: the 24 jurisdictions (ISO 3166-2:AR) with their
// population weight (INDEC 2022 census, millions, rounded), mobile area code and main cities, the first the most
// populous. The generators draw buyers from it; the reference server's catalog (Endpoints > Ciudades) lists its
// regions and cities, in this order, which fixes their ids. Names are written as Argentines write them, accents
// included, because a target's bestmatch lookups must cope with them.

export interface Province {
  name: string;
  /** Relative weight: population in millions; default 1. */
  weight?: number;
  /** Mobile area code without the leading 0 (used for Telefono); default 11. */
  areaCode?: string;
  /** At least one city. */
  cities: readonly string[];
}

/** A jurisdiction of the table below: every field given. */
export interface ArgentineProvince extends Province {
  /** ISO 3166-2:AR code. */
  iso: string;
  weight: number;
  areaCode: string;
}

export const PROVINCES: readonly ArgentineProvince[] = [
  {
    name: 'Buenos Aires',
    iso: 'AR-B',
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
      'Necochea',
      'Zárate',
      'Campana',
      'Chivilcoy',
      'Azul',
    ],
  },
  {
    name: 'Ciudad Autónoma de Buenos Aires',
    iso: 'AR-C',
    weight: 3.1,
    areaCode: '11',
    cities: ['Palermo', 'Belgrano', 'Caballito', 'Recoleta', 'Villa Urquiza', 'Flores', 'Almagro', 'Núñez'],
  },
  {
    name: 'Catamarca',
    iso: 'AR-K',
    weight: 0.43,
    areaCode: '383',
    cities: ['San Fernando del Valle de Catamarca', 'Valle Viejo', 'Andalgalá', 'Belén', 'Tinogasta'],
  },
  {
    name: 'Chaco',
    iso: 'AR-H',
    weight: 1.1,
    areaCode: '362',
    cities: ['Resistencia', 'Presidencia Roque Sáenz Peña', 'Villa Ángela', 'Charata', 'Barranqueras', 'General San Martín'],
  },
  { name: 'Chubut', iso: 'AR-U', weight: 0.59, areaCode: '297', cities: ['Comodoro Rivadavia', 'Trelew', 'Puerto Madryn', 'Rawson', 'Esquel', 'Gaiman'] },
  {
    name: 'Córdoba',
    iso: 'AR-X',
    weight: 3.8,
    areaCode: '351',
    cities: ['Córdoba', 'Río Cuarto', 'Villa María', 'San Francisco', 'Villa Carlos Paz', 'Alta Gracia', 'Jesús María', 'Bell Ville', 'Río Tercero'],
  },
  {
    name: 'Corrientes',
    iso: 'AR-W',
    weight: 1.2,
    areaCode: '379',
    cities: ['Corrientes', 'Goya', 'Paso de los Libres', 'Curuzú Cuatiá', 'Mercedes', 'Santo Tomé'],
  },
  {
    name: 'Entre Ríos',
    iso: 'AR-E',
    weight: 1.4,
    areaCode: '343',
    cities: ['Paraná', 'Concordia', 'Gualeguaychú', 'Concepción del Uruguay', 'Victoria', 'Villaguay', 'Colón'],
  },
  { name: 'Formosa', iso: 'AR-P', weight: 0.61, areaCode: '370', cities: ['Formosa', 'Clorinda', 'Pirané', 'El Colorado'] },
  {
    name: 'Jujuy',
    iso: 'AR-Y',
    weight: 0.81,
    areaCode: '388',
    cities: ['San Salvador de Jujuy', 'Palpalá', 'San Pedro de Jujuy', 'Libertador General San Martín', 'Humahuaca', 'Tilcara'],
  },
  { name: 'La Pampa', iso: 'AR-L', weight: 0.36, areaCode: '2954', cities: ['Santa Rosa', 'General Pico', 'Toay', 'General Acha', 'Realicó'] },
  { name: 'La Rioja', iso: 'AR-F', weight: 0.38, areaCode: '380', cities: ['La Rioja', 'Chilecito', 'Aimogasta', 'Chamical'] },
  {
    name: 'Mendoza',
    iso: 'AR-M',
    weight: 2,
    areaCode: '261',
    cities: ['Mendoza', 'San Rafael', 'Godoy Cruz', 'Guaymallén', 'Luján de Cuyo', 'Maipú', 'Las Heras', 'San Martín', 'Tunuyán'],
  },
  { name: 'Misiones', iso: 'AR-N', weight: 1.3, areaCode: '376', cities: ['Posadas', 'Oberá', 'Eldorado', 'Puerto Iguazú', 'Apóstoles', 'Leandro N. Alem'] },
  {
    name: 'Neuquén',
    iso: 'AR-Q',
    weight: 0.71,
    areaCode: '299',
    cities: ['Neuquén', 'Cutral Có', 'Plottier', 'Centenario', 'San Martín de los Andes', 'Zapala', 'Villa La Angostura'],
  },
  {
    name: 'Río Negro',
    iso: 'AR-R',
    weight: 0.76,
    areaCode: '294',
    cities: ['San Carlos de Bariloche', 'General Roca', 'Cipolletti', 'Viedma', 'Allen', 'Villa Regina', 'El Bolsón'],
  },
  {
    name: 'Salta',
    iso: 'AR-A',
    weight: 1.4,
    areaCode: '387',
    cities: ['Salta', 'San Ramón de la Nueva Orán', 'Tartagal', 'Metán', 'Cafayate', 'General Güemes'],
  },
  { name: 'San Juan', iso: 'AR-J', weight: 0.82, areaCode: '264', cities: ['San Juan', 'Rawson', 'Rivadavia', 'Chimbas', 'Santa Lucía', 'Pocito', 'Caucete'] },
  { name: 'San Luis', iso: 'AR-D', weight: 0.54, areaCode: '266', cities: ['San Luis', 'Villa Mercedes', 'Merlo', 'Juana Koslay', 'La Punta'] },
  {
    name: 'Santa Cruz',
    iso: 'AR-Z',
    weight: 0.34,
    areaCode: '2966',
    cities: ['Río Gallegos', 'Caleta Olivia', 'El Calafate', 'Pico Truncado', 'Puerto Deseado', 'Las Heras'],
  },
  {
    name: 'Santa Fe',
    iso: 'AR-S',
    weight: 3.5,
    areaCode: '341',
    cities: ['Rosario', 'Santa Fe', 'Rafaela', 'Venado Tuerto', 'Reconquista', 'Villa Gobernador Gálvez', 'Esperanza', 'Casilda', 'Funes'],
  },
  {
    name: 'Santiago del Estero',
    iso: 'AR-G',
    weight: 1.05,
    areaCode: '385',
    cities: ['Santiago del Estero', 'La Banda', 'Termas de Río Hondo', 'Añatuya', 'Frías'],
  },
  { name: 'Tierra del Fuego', iso: 'AR-V', weight: 0.19, areaCode: '2901', cities: ['Ushuaia', 'Río Grande', 'Tolhuin'] },
  {
    name: 'Tucumán',
    iso: 'AR-T',
    weight: 1.7,
    areaCode: '381',
    cities: ['San Miguel de Tucumán', 'Yerba Buena', 'Tafí Viejo', 'Concepción', 'Banda del Río Salí', 'Aguilares', 'Famaillá'],
  },
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
