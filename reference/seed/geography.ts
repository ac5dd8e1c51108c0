// The 24 Argentine jurisdictions (ISO 3166-2:AR) and their main cities: the regions and cities of the
// reference catalog (Endpoints > Ciudades). Names as Argentines write them, accents included, so bestmatch
// must cope with accent- and case-insensitive input.

export interface ProvinceData {
  name: string;
  iso: string;
  cities: readonly string[];
}

export const PROVINCES: readonly ProvinceData[] = [
  {
    name: 'Buenos Aires',
    iso: 'AR-B',
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
    cities: ['Palermo', 'Belgrano', 'Caballito', 'Recoleta', 'Villa Urquiza', 'Flores', 'Almagro', 'Núñez'],
  },
  { name: 'Catamarca', iso: 'AR-K', cities: ['San Fernando del Valle de Catamarca', 'Valle Viejo', 'Andalgalá', 'Belén', 'Tinogasta'] },
  { name: 'Chaco', iso: 'AR-H', cities: ['Resistencia', 'Presidencia Roque Sáenz Peña', 'Villa Ángela', 'Charata', 'Barranqueras', 'General San Martín'] },
  { name: 'Chubut', iso: 'AR-U', cities: ['Comodoro Rivadavia', 'Trelew', 'Puerto Madryn', 'Rawson', 'Esquel', 'Gaiman'] },
  {
    name: 'Córdoba',
    iso: 'AR-X',
    cities: ['Córdoba', 'Río Cuarto', 'Villa María', 'San Francisco', 'Villa Carlos Paz', 'Alta Gracia', 'Jesús María', 'Bell Ville', 'Río Tercero'],
  },
  { name: 'Corrientes', iso: 'AR-W', cities: ['Corrientes', 'Goya', 'Paso de los Libres', 'Curuzú Cuatiá', 'Mercedes', 'Santo Tomé'] },
  { name: 'Entre Ríos', iso: 'AR-E', cities: ['Paraná', 'Concordia', 'Gualeguaychú', 'Concepción del Uruguay', 'Victoria', 'Villaguay', 'Colón'] },
  { name: 'Formosa', iso: 'AR-P', cities: ['Formosa', 'Clorinda', 'Pirané', 'El Colorado'] },
  { name: 'Jujuy', iso: 'AR-Y', cities: ['San Salvador de Jujuy', 'Palpalá', 'San Pedro de Jujuy', 'Libertador General San Martín', 'Humahuaca', 'Tilcara'] },
  { name: 'La Pampa', iso: 'AR-L', cities: ['Santa Rosa', 'General Pico', 'Toay', 'General Acha', 'Realicó'] },
  { name: 'La Rioja', iso: 'AR-F', cities: ['La Rioja', 'Chilecito', 'Aimogasta', 'Chamical'] },
  {
    name: 'Mendoza',
    iso: 'AR-M',
    cities: ['Mendoza', 'San Rafael', 'Godoy Cruz', 'Guaymallén', 'Luján de Cuyo', 'Maipú', 'Las Heras', 'San Martín', 'Tunuyán'],
  },
  { name: 'Misiones', iso: 'AR-N', cities: ['Posadas', 'Oberá', 'Eldorado', 'Puerto Iguazú', 'Apóstoles', 'Leandro N. Alem'] },
  { name: 'Neuquén', iso: 'AR-Q', cities: ['Neuquén', 'Cutral Có', 'Plottier', 'Centenario', 'San Martín de los Andes', 'Zapala', 'Villa La Angostura'] },
  { name: 'Río Negro', iso: 'AR-R', cities: ['San Carlos de Bariloche', 'General Roca', 'Cipolletti', 'Viedma', 'Allen', 'Villa Regina', 'El Bolsón'] },
  { name: 'Salta', iso: 'AR-A', cities: ['Salta', 'San Ramón de la Nueva Orán', 'Tartagal', 'Metán', 'Cafayate', 'General Güemes'] },
  { name: 'San Juan', iso: 'AR-J', cities: ['San Juan', 'Rawson', 'Rivadavia', 'Chimbas', 'Santa Lucía', 'Pocito', 'Caucete'] },
  { name: 'San Luis', iso: 'AR-D', cities: ['San Luis', 'Villa Mercedes', 'Merlo', 'Juana Koslay', 'La Punta'] },
  { name: 'Santa Cruz', iso: 'AR-Z', cities: ['Río Gallegos', 'Caleta Olivia', 'El Calafate', 'Pico Truncado', 'Puerto Deseado', 'Las Heras'] },
  {
    name: 'Santa Fe',
    iso: 'AR-S',
    cities: ['Rosario', 'Santa Fe', 'Rafaela', 'Venado Tuerto', 'Reconquista', 'Villa Gobernador Gálvez', 'Esperanza', 'Casilda', 'Funes'],
  },
  { name: 'Santiago del Estero', iso: 'AR-G', cities: ['Santiago del Estero', 'La Banda', 'Termas de Río Hondo', 'Añatuya', 'Frías'] },
  { name: 'Tierra del Fuego', iso: 'AR-V', cities: ['Ushuaia', 'Río Grande', 'Tolhuin'] },
  { name: 'Tucumán', iso: 'AR-T', cities: ['San Miguel de Tucumán', 'Yerba Buena', 'Tafí Viejo', 'Concepción', 'Banda del Río Salí', 'Aguilares', 'Famaillá'] },
];

/** Mobile area codes by ISO code, for buyers' Telefono in seed inquiries. */
export const AREA_CODES: Readonly<Record<string, string>> = {
  'AR-B': '221',
  'AR-C': '11',
  'AR-K': '383',
  'AR-H': '362',
  'AR-U': '297',
  'AR-X': '351',
  'AR-W': '379',
  'AR-E': '343',
  'AR-P': '370',
  'AR-Y': '388',
  'AR-L': '2954',
  'AR-F': '380',
  'AR-M': '261',
  'AR-N': '376',
  'AR-Q': '299',
  'AR-R': '294',
  'AR-A': '387',
  'AR-J': '264',
  'AR-D': '266',
  'AR-Z': '2966',
  'AR-S': '341',
  'AR-G': '385',
  'AR-V': '2901',
  'AR-T': '381',
};
