// The reference catalog this server serves: body styles, regions and cities, colors, makes.

export interface BodyStyle {
  id: number;
  name: string;
  codename: string;
}
export interface Region {
  id: number;
  name: string;
  iso: string;
}
export interface City {
  id: number;
  name: string;
  regionId: number;
}
export interface Color {
  id: number;
  name: string;
  hex: string;
}
export interface Make {
  id: number;
  name: string;
  /** A slug of the name: the codename of one variant, the api-url of another. */
  codename: string;
  /** A short code, the codename of a variant whose api-url is the slug. */
  abbreviation: string;
  newMarket: boolean;
}

export const bodyStyles: readonly BodyStyle[] = [
  { id: 3, name: 'Sedán 4 puertas', codename: 'sedan' },
  { id: 7, name: 'Hatchback', codename: 'hatch' },
  { id: 11, name: 'Pick-Up', codename: 'pickup' },
  { id: 12, name: 'SUV', codename: 'suv' },
  { id: 19, name: 'Coupé', codename: 'coupe' },
  { id: 23, name: 'Rural 5 puertas', codename: 'rural' },
  { id: 31, name: 'Furgón', codename: 'furgon' },
];

export const regions: readonly Region[] = [
  { id: 2, name: 'Ciudad Autónoma de Buenos Aires', iso: 'AR-C' },
  { id: 6, name: 'Buenos Aires', iso: 'AR-B' },
  { id: 14, name: 'Córdoba', iso: 'AR-X' },
  { id: 21, name: 'Santa Fe', iso: 'AR-S' },
];

export const cities: readonly City[] = [
  { id: 1001, name: 'Palermo', regionId: 2 },
  { id: 1002, name: 'Belgrano', regionId: 2 },
  { id: 1003, name: 'Villa Crespo', regionId: 2 },
  { id: 1004, name: 'Núñez', regionId: 2 },
  { id: 2001, name: 'La Plata', regionId: 6 },
  { id: 2002, name: 'Mar del Plata', regionId: 6 },
  { id: 2003, name: 'Bahía Blanca', regionId: 6 },
  { id: 2004, name: 'San Isidro', regionId: 6 },
  { id: 2005, name: 'Villa Gesell', regionId: 6 },
  { id: 2006, name: 'San Martín', regionId: 6 },
  { id: 2007, name: 'Belgrano', regionId: 6 },
  { id: 3001, name: 'Córdoba', regionId: 14 },
  { id: 3002, name: 'Villa Carlos Paz', regionId: 14 },
  { id: 3003, name: 'Río Cuarto', regionId: 14 },
  { id: 3004, name: 'San Martín', regionId: 14 },
  { id: 3005, name: 'Villa General Belgrano', regionId: 14 },
  { id: 4001, name: 'Rosario', regionId: 21 },
  { id: 4002, name: 'Santa Fe', regionId: 21 },
  { id: 4003, name: 'Rafaela', regionId: 21 },
];

export const colors: readonly Color[] = [
  { id: 1, name: 'Blanco', hex: '#FFFFFF' },
  { id: 2, name: 'Negro', hex: '#000000' },
  { id: 3, name: 'Gris Plata', hex: '#C0C0C0' },
  { id: 4, name: 'Gris Oscuro', hex: '#505050' },
  { id: 5, name: 'Rojo', hex: '#C00000' },
  { id: 6, name: 'Azul', hex: '#1030A0' },
  { id: 7, name: 'Azul Marino', hex: '#101850' },
  { id: 8, name: 'Bordó', hex: '#700020' },
];

export const makes: readonly Make[] = [
  { id: 10, name: 'Alfa Romeo', codename: 'alfa-romeo', abbreviation: 'ALFR', newMarket: false },
  { id: 11, name: 'Chevrolet', codename: 'chevrolet', abbreviation: 'CHVT', newMarket: true },
  { id: 12, name: 'Citroën', codename: 'citroen', abbreviation: 'CTRN', newMarket: true },
  { id: 13, name: 'Fiat', codename: 'fiat', abbreviation: 'FIAT', newMarket: true },
  { id: 14, name: 'Ford', codename: 'ford', abbreviation: 'FRD', newMarket: true },
  { id: 15, name: 'IKA', codename: 'ika', abbreviation: 'IKAR', newMarket: false },
  { id: 16, name: 'Peugeot', codename: 'peugeot', abbreviation: 'PGT', newMarket: true },
  { id: 17, name: 'Renault', codename: 'renault', abbreviation: 'RNLT', newMarket: true },
  { id: 18, name: 'Rover', codename: 'rover', abbreviation: 'RVR', newMarket: false },
  { id: 19, name: 'Toyota', codename: 'toyota', abbreviation: 'TYT', newMarket: true },
  { id: 20, name: 'Volkswagen', codename: 'vw', abbreviation: 'VWGN', newMarket: true },
];
