// Makes and models of the Argentine market. Weights follow the rough 2023–2025 registration shares (ACARA,
// SIOMAA) with the used-car park leaning older brands; prices are list prices of a mid trim in USD, converted
// to ARS at the generator's exchange rate. Good enough to look like a marketplace, not a price guide.

/** Body style names as Argentine catalogs (and the embedded reference server's carrocerias) write them. */
export type BodyType =
  | 'Sedán'
  | 'Hatchback 5 puertas'
  | 'SUV'
  | 'Crossover'
  | 'Pick-Up cabina simple'
  | 'Pick-Up cabina doble'
  | 'Furgón'
  | 'Monovolumen'
  | 'Coupé';

export interface VehicleModel {
  name: string;
  body: BodyType;
  /** New price in USD of a mid trim, in the last year it was sold new. */
  newUsd: number;
  /** First model year sold in Argentina (clipped to 20 years back by the generator). */
  from: number;
  /** Last model year sold new; null while still on sale. */
  to: number | null;
  engines: readonly string[];
}

export interface Make {
  name: string;
  /** Share among new-car inquiries and among used-car inquiries. */
  weightNuevo: number;
  weightUsado: number;
  trims: readonly string[];
  models: readonly VehicleModel[];
}

const m = (name: string, body: BodyType, newUsd: number, from: number, to: number | null, engines: readonly string[]): VehicleModel => ({
  name,
  body,
  newUsd,
  from,
  to,
  engines,
});

export const MAKES: readonly Make[] = [
  {
    name: 'Toyota',
    weightNuevo: 19,
    weightUsado: 13,
    trims: ['XLI', 'XEI', 'SEG', 'SRV', 'SRX', 'GR-S'],
    models: [
      m('Hilux', 'Pick-Up cabina doble', 48000, 2005, null, ['2.4 TDI', '2.8 TDI']),
      m('Corolla', 'Sedán', 33000, 2005, null, ['1.8', '2.0', '1.8 Hybrid']),
      m('Corolla Cross', 'SUV', 38000, 2021, null, ['2.0', '1.8 Hybrid']),
      m('Etios', 'Hatchback 5 puertas', 16000, 2013, 2023, ['1.5']),
      m('Yaris', 'Hatchback 5 puertas', 23000, 2018, null, ['1.5']),
      m('SW4', 'SUV', 62000, 2005, null, ['2.8 TDI']),
    ],
  },
  {
    name: 'Volkswagen',
    weightNuevo: 12,
    weightUsado: 17,
    trims: ['Trendline', 'Comfortline', 'Highline', 'Hero'],
    models: [
      m('Gol Trend', 'Hatchback 5 puertas', 14000, 2008, 2023, ['1.6']),
      m('Amarok', 'Pick-Up cabina doble', 52000, 2010, null, ['2.0 TDI', '3.0 V6 TDI']),
      m('Taos', 'SUV', 41000, 2021, null, ['1.4 TSI']),
      m('T-Cross', 'SUV', 31000, 2020, null, ['1.0 TSI', '1.6']),
      m('Polo', 'Hatchback 5 puertas', 22000, 2018, null, ['1.6 MSI', '1.0 TSI']),
      m('Vento', 'Sedán', 30000, 2006, 2023, ['1.4 TSI', '2.5']),
      m('Nivus', 'Crossover', 28000, 2021, null, ['1.0 TSI']),
      m('Suran', 'Monovolumen', 15000, 2006, 2019, ['1.6']),
      m('Scirocco', 'Coupé', 38000, 2010, 2017, ['1.4 TSI', '2.0 TSI']),
    ],
  },
  {
    name: 'Ford',
    weightNuevo: 8,
    weightUsado: 13,
    trims: ['S', 'SE', 'SEL', 'Titanium', 'XLS', 'XLT', 'Limited'],
    models: [
      m('Ranger', 'Pick-Up cabina doble', 47000, 2005, null, ['2.2 TDCi', '3.2 TDCi', '2.0 BiTurbo']),
      m('EcoSport', 'Crossover', 20000, 2006, 2022, ['1.5', '1.6', '2.0']),
      m('Fiesta', 'Hatchback 5 puertas', 15000, 2006, 2019, ['1.6']),
      m('Focus', 'Hatchback 5 puertas', 22000, 2006, 2019, ['1.6', '2.0']),
      m('Ka', 'Hatchback 5 puertas', 12000, 2008, 2021, ['1.5']),
      m('Territory', 'SUV', 39000, 2021, null, ['1.5 EcoBoost']),
      m('Maverick', 'Pick-Up cabina doble', 43000, 2022, null, ['2.0 EcoBoost', '2.5 Hybrid']),
      m('Bronco Sport', 'SUV', 46000, 2022, null, ['1.5 EcoBoost']),
    ],
  },
  {
    name: 'Chevrolet',
    weightNuevo: 8,
    weightUsado: 14,
    trims: ['LS', 'LT', 'LTZ', 'Premier', 'Joy'],
    models: [
      m('Onix', 'Hatchback 5 puertas', 19000, 2013, null, ['1.4', '1.0 Turbo']),
      m('Cruze', 'Sedán', 29000, 2010, null, ['1.4 Turbo', '1.8']),
      m('Tracker', 'SUV', 29000, 2014, null, ['1.2 Turbo', '1.8']),
      m('S10', 'Pick-Up cabina doble', 44000, 2005, null, ['2.8 TD']),
      m('Corsa Classic', 'Sedán', 9000, 2005, 2016, ['1.4']),
      m('Prisma', 'Sedán', 14000, 2013, 2019, ['1.4']),
      m('Spin', 'Monovolumen', 22000, 2013, null, ['1.8']),
    ],
  },
  {
    name: 'Fiat',
    weightNuevo: 13,
    weightUsado: 12,
    trims: ['Drive', 'Precision', 'Like', 'Volcano', 'Freedom', 'Attractive'],
    models: [
      m('Cronos', 'Sedán', 18000, 2018, null, ['1.3 GSE', '1.8']),
      m('Argo', 'Hatchback 5 puertas', 16500, 2018, null, ['1.3 GSE', '1.8']),
      m('Toro', 'Pick-Up cabina doble', 33000, 2016, null, ['2.0 Multijet', '1.3 Turbo']),
      m('Palio', 'Hatchback 5 puertas', 10000, 2005, 2017, ['1.4', '1.6']),
      m('Strada', 'Pick-Up cabina simple', 18500, 2005, null, ['1.3', '1.4']),
      m('Pulse', 'Crossover', 23000, 2022, null, ['1.3', '1.0 Turbo']),
      m('Siena', 'Sedán', 11000, 2005, 2017, ['1.4']),
      m('Fiorino', 'Furgón', 15000, 2005, null, ['1.4']),
    ],
  },
  {
    name: 'Renault',
    weightNuevo: 9,
    weightUsado: 12,
    trims: ['Life', 'Zen', 'Intens', 'Iconic', 'Authentique', 'Stepway'],
    models: [
      m('Sandero', 'Hatchback 5 puertas', 16000, 2008, null, ['1.6']),
      m('Logan', 'Sedán', 16000, 2008, null, ['1.6']),
      m('Kangoo', 'Furgón', 23000, 2005, null, ['1.6', '1.5 dCi']),
      m('Duster', 'SUV', 26000, 2011, null, ['1.6', '1.3 Turbo']),
      m('Kwid', 'Hatchback 5 puertas', 13000, 2018, null, ['1.0']),
      m('Alaskan', 'Pick-Up cabina doble', 41000, 2020, null, ['2.3 dCi']),
      m('Clio', 'Hatchback 5 puertas', 9000, 2005, 2016, ['1.2']),
      m('Fluence', 'Sedán', 21000, 2011, 2018, ['2.0']),
    ],
  },
  {
    name: 'Peugeot',
    weightNuevo: 10,
    weightUsado: 9,
    trims: ['Active', 'Allure', 'Feline', 'GT', 'Like'],
    models: [
      m('208', 'Hatchback 5 puertas', 20000, 2013, null, ['1.6', '1.0 Turbo']),
      m('2008', 'Crossover', 28000, 2016, null, ['1.6', '1.0 Turbo']),
      m('308', 'Hatchback 5 puertas', 24000, 2012, 2021, ['1.6', '1.6 THP']),
      m('Partner', 'Furgón', 21000, 2005, null, ['1.6 HDi']),
      m('3008', 'SUV', 42000, 2017, null, ['1.6 THP']),
      m('207', 'Hatchback 5 puertas', 11000, 2008, 2016, ['1.4', '1.6']),
      m('408', 'Sedán', 22000, 2011, 2021, ['1.6', '2.0']),
    ],
  },
  {
    name: 'Citroën',
    weightNuevo: 4,
    weightUsado: 4,
    trims: ['Live', 'Feel', 'Shine', 'SX', 'Exclusive'],
    models: [
      m('C3', 'Hatchback 5 puertas', 17000, 2005, null, ['1.5', '1.6']),
      m('C4 Cactus', 'Crossover', 24000, 2018, null, ['1.6']),
      m('Berlingo', 'Furgón', 21000, 2005, null, ['1.6 HDi']),
      m('C4 Lounge', 'Sedán', 23000, 2013, 2021, ['1.6 THP']),
    ],
  },
  {
    name: 'Nissan',
    weightNuevo: 3,
    weightUsado: 2,
    trims: ['Sense', 'Advance', 'Exclusive', 'SE', 'LE'],
    models: [
      m('Frontier', 'Pick-Up cabina doble', 46000, 2016, null, ['2.3 TD']),
      m('Kicks', 'Crossover', 28000, 2017, null, ['1.6']),
      m('Versa', 'Sedán', 22000, 2012, null, ['1.6']),
      m('March', 'Hatchback 5 puertas', 13000, 2012, 2020, ['1.6']),
    ],
  },
  {
    name: 'Jeep',
    weightNuevo: 3,
    weightUsado: 1.5,
    trims: ['Sport', 'Longitude', 'Limited', 'Trailhawk', 'Serie S'],
    models: [m('Renegade', 'SUV', 33000, 2016, null, ['1.8', '1.3 Turbo']), m('Compass', 'SUV', 43000, 2017, null, ['2.4', '1.3 Turbo'])],
  },
  {
    name: 'Honda',
    weightNuevo: 1.5,
    weightUsado: 1.5,
    trims: ['LX', 'EX', 'EXL', 'Touring'],
    models: [
      m('Civic', 'Sedán', 35000, 2006, 2021, ['1.8', '2.0']),
      m('HR-V', 'SUV', 34000, 2015, null, ['1.8', '1.5 Turbo']),
      m('CR-V', 'SUV', 52000, 2007, null, ['2.4', '1.5 Turbo']),
      m('Fit', 'Hatchback 5 puertas', 18000, 2009, 2020, ['1.5']),
    ],
  },
  {
    name: 'Hyundai',
    weightNuevo: 1,
    weightUsado: 1,
    trims: ['GL', 'GLS', 'Safety', 'Ultimate'],
    models: [
      m('Tucson', 'SUV', 45000, 2006, null, ['2.0', '2.0 CRDi']),
      m('Creta', 'SUV', 29000, 2017, null, ['1.6']),
      m('HB20', 'Hatchback 5 puertas', 16000, 2020, null, ['1.6']),
    ],
  },
];

/** Exterior colors as dealers list them, weighted like the used park (white and greys dominate). */
export const COLORS: readonly (readonly [string, number])[] = [
  ['Blanco', 28],
  ['Gris Plata', 20],
  ['Negro', 13],
  ['Gris Oscuro', 12],
  ['Rojo', 8],
  ['Azul', 6],
  ['Bordó', 4],
  ['Beige', 2],
  ['Verde', 2],
  ['Grafito', 5],
];
