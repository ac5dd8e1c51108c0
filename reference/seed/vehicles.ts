// Body styles, colours and makes of the reference catalog (Endpoints > Carrocerias, Colores, Marcas), and
// the models and trims the seed inquiries quote. `nuevos` is the new-vehicle-market flag that
// soloMercadoNuevos narrows by: false for makes no longer sold new in Argentina.

export interface BodyStyleData {
  name: string;
  codename: string;
}

export const BODY_STYLES: readonly BodyStyleData[] = [
  { name: 'Sedán', codename: 'sedan' },
  { name: 'Hatchback 3 puertas', codename: 'hatchback-3p' },
  { name: 'Hatchback 5 puertas', codename: 'hatchback-5p' },
  { name: 'Rural', codename: 'rural' },
  { name: 'SUV', codename: 'suv' },
  { name: 'Crossover', codename: 'crossover' },
  { name: 'Pick-Up cabina simple', codename: 'pickup-cabina-simple' },
  { name: 'Pick-Up cabina doble', codename: 'pickup-cabina-doble' },
  { name: 'Coupé', codename: 'coupe' },
  { name: 'Convertible', codename: 'convertible' },
  { name: 'Monovolumen', codename: 'monovolumen' },
  { name: 'Furgón', codename: 'furgon' },
  { name: 'Minibús', codename: 'minibus' },
  { name: 'Todoterreno', codename: 'todoterreno' },
];

export interface ColorData {
  name: string;
  hex: string;
}

export const COLORS: readonly ColorData[] = [
  { name: 'Blanco', hex: '#FFFFFF' },
  { name: 'Negro', hex: '#000000' },
  { name: 'Gris Plata', hex: '#C0C0C0' },
  { name: 'Gris Oscuro', hex: '#4A4A4A' },
  { name: 'Grafito', hex: '#383E42' },
  { name: 'Rojo', hex: '#C1121F' },
  { name: 'Bordó', hex: '#6D071A' },
  { name: 'Azul', hex: '#1D4E89' },
  { name: 'Azul Marino', hex: '#14213D' },
  { name: 'Celeste', hex: '#74ACDF' },
  { name: 'Verde', hex: '#2D6A4F' },
  { name: 'Verde Oscuro', hex: '#1B4332' },
  { name: 'Amarillo', hex: '#FFD60A' },
  { name: 'Naranja', hex: '#F77F00' },
  { name: 'Marrón', hex: '#6F4E37' },
  { name: 'Beige', hex: '#D8C8A8' },
  { name: 'Champagne', hex: '#E8D9B5' },
  { name: 'Dorado', hex: '#B8860B' },
  { name: 'Bronce', hex: '#8C6A3F' },
  { name: 'Violeta', hex: '#5A189A' },
];

export interface MakeData {
  name: string;
  nuevos: boolean;
  /** Model name → body style name (a name of BODY_STYLES). */
  models: Readonly<Record<string, string>>;
  trims: readonly string[];
}

const make = (name: string, nuevos: boolean, models: Record<string, string>, trims: string[]): MakeData => ({ name, nuevos, models, trims });

export const MAKES: readonly MakeData[] = [
  make(
    'Toyota',
    true,
    { Hilux: 'Pick-Up cabina doble', Corolla: 'Sedán', 'Corolla Cross': 'SUV', Etios: 'Hatchback 5 puertas', Yaris: 'Hatchback 5 puertas', SW4: 'SUV' },
    ['XLI', 'XEI', 'SEG', 'SRV', 'SRX'],
  ),
  make(
    'Volkswagen',
    true,
    { Amarok: 'Pick-Up cabina doble', 'Gol Trend': 'Hatchback 5 puertas', Taos: 'SUV', 'T-Cross': 'SUV', Polo: 'Hatchback 5 puertas', Vento: 'Sedán' },
    ['Trendline', 'Comfortline', 'Highline'],
  ),
  make(
    'Ford',
    true,
    {
      Ranger: 'Pick-Up cabina doble',
      Territory: 'SUV',
      EcoSport: 'Crossover',
      Focus: 'Hatchback 5 puertas',
      Ka: 'Hatchback 5 puertas',
      Maverick: 'Pick-Up cabina doble',
    },
    ['S', 'SE', 'SEL', 'Titanium', 'XLT', 'Limited'],
  ),
  make('Chevrolet', true, { Cruze: 'Sedán', Onix: 'Hatchback 5 puertas', Tracker: 'SUV', S10: 'Pick-Up cabina doble', Spin: 'Monovolumen', Prisma: 'Sedán' }, [
    'LS',
    'LT',
    'LTZ',
    'Premier',
    'RS',
  ]),
  make(
    'Fiat',
    true,
    {
      Cronos: 'Sedán',
      Argo: 'Hatchback 5 puertas',
      Toro: 'Pick-Up cabina doble',
      Pulse: 'Crossover',
      Strada: 'Pick-Up cabina simple',
      Palio: 'Hatchback 5 puertas',
    },
    ['Like', 'Drive', 'Precision', 'Volcano', 'Freedom'],
  ),
  make(
    'Renault',
    true,
    { Kangoo: 'Furgón', Sandero: 'Hatchback 5 puertas', Logan: 'Sedán', Duster: 'SUV', Alaskan: 'Pick-Up cabina doble', Kwid: 'Hatchback 5 puertas' },
    ['Life', 'Zen', 'Intens', 'Iconic'],
  ),
  make('Peugeot', true, { '208': 'Hatchback 5 puertas', '2008': 'Crossover', '3008': 'SUV', Partner: 'Furgón', '308': 'Hatchback 5 puertas' }, [
    'Active',
    'Allure',
    'Feline',
    'GT',
  ]),
  make('Citroën', true, { C3: 'Hatchback 5 puertas', 'C4 Cactus': 'Crossover', Berlingo: 'Furgón', 'C3 Aircross': 'SUV' }, ['Live', 'Feel', 'Shine']),
  make('Nissan', true, { Frontier: 'Pick-Up cabina doble', Kicks: 'Crossover', Versa: 'Sedán', 'X-Trail': 'SUV', March: 'Hatchback 5 puertas' }, [
    'Sense',
    'Advance',
    'Exclusive',
    'PRO-4X',
  ]),
  make('Honda', true, { Civic: 'Sedán', 'HR-V': 'SUV', 'CR-V': 'SUV', Fit: 'Hatchback 5 puertas', City: 'Sedán' }, ['LX', 'EX', 'EXL', 'Touring']),
  make('Jeep', true, { Renegade: 'SUV', Compass: 'SUV', Commander: 'SUV', Wrangler: 'Todoterreno' }, ['Sport', 'Longitude', 'Limited', 'Trailhawk']),
  make('Hyundai', true, { Tucson: 'SUV', Creta: 'SUV', i30: 'Hatchback 5 puertas', 'Santa Fe': 'SUV', HB20: 'Hatchback 5 puertas' }, [
    'GL',
    'GLS',
    'Limited',
    'Safety',
  ]),
  make('Kia', true, { Sportage: 'SUV', Seltos: 'SUV', Rio: 'Sedán', Sorento: 'SUV', Cerato: 'Sedán' }, ['LX', 'EX', 'SX', 'GT Line']),
  make('Mercedes-Benz', true, { 'Clase A': 'Hatchback 5 puertas', 'Clase C': 'Sedán', GLA: 'SUV', Sprinter: 'Furgón' }, [
    '200',
    'AMG Line',
    'Avantgarde',
    'Progressive',
  ]),
  make('BMW', true, { 'Serie 1': 'Hatchback 5 puertas', 'Serie 3': 'Sedán', X1: 'SUV', X3: 'SUV' }, ['Sport Line', 'M Sport', 'Advantage']),
  make('Audi', true, { A1: 'Hatchback 3 puertas', A3: 'Sedán', A4: 'Sedán', Q3: 'SUV', Q5: 'SUV' }, ['Attraction', 'Ambition', 'Sport', 'S line']),
  make('RAM', true, { '1500': 'Pick-Up cabina doble', '2500': 'Pick-Up cabina doble', Rampage: 'Pick-Up cabina doble' }, ['Laramie', 'Rebel', 'Big Horn']),
  make('Chery', true, { 'Tiggo 2': 'Crossover', 'Tiggo 4': 'SUV', 'Tiggo 7': 'SUV', QQ: 'Hatchback 5 puertas' }, ['Comfort', 'Luxury', 'Pro']),
  make('BAIC', true, { X35: 'SUV', X55: 'SUV', BJ40: 'Todoterreno' }, ['Fashion', 'Luxury', 'Elite']),
  make('DS', true, { 'DS 3': 'Crossover', 'DS 7': 'SUV' }, ['So Chic', 'Rivoli', 'Performance Line']),
  make('Mitsubishi', true, { L200: 'Pick-Up cabina doble', Outlander: 'SUV', 'Eclipse Cross': 'Crossover' }, ['GL', 'GLS', 'Triton']),
  make('Suzuki', true, { Swift: 'Hatchback 5 puertas', Vitara: 'SUV', Jimny: 'Todoterreno' }, ['GL', 'GLX', 'All Grip']),
  make('Subaru', true, { Forester: 'SUV', XV: 'Crossover', Outback: 'Rural' }, ['2.0i', 'Limited', 'EyeSight']),
  make('Volvo', true, { XC40: 'SUV', XC60: 'SUV', XC90: 'SUV' }, ['Momentum', 'Inscription', 'R-Design']),
  make('Porsche', true, { Cayenne: 'SUV', Macan: 'SUV', '911': 'Coupé' }, ['Base', 'S', 'GTS']),
  make('Mini', true, { Cooper: 'Hatchback 3 puertas', Countryman: 'Crossover', Cabrio: 'Convertible' }, ['Classic', 'S', 'John Cooper Works']),
  make('Haval', true, { Jolion: 'SUV', H6: 'SUV' }, ['Deluxe', 'Supreme']),
  make('JAC', true, { S2: 'Crossover', T8: 'Pick-Up cabina doble', Refine: 'Minibús' }, ['Comfort', 'Luxury']),
  make('Alfa Romeo', true, { Giulia: 'Sedán', Stelvio: 'SUV', Tonale: 'SUV' }, ['Super', 'Veloce', 'Ti']),
  make('Land Rover', true, { Defender: 'Todoterreno', Discovery: 'SUV', Evoque: 'SUV' }, ['S', 'SE', 'HSE']),
  make('Iveco', true, { Daily: 'Furgón' }, ['35S14', '55C17']),
  make('BYD', true, { Dolphin: 'Hatchback 5 puertas', Yuan: 'SUV', Song: 'SUV' }, ['GL', 'GS', 'Plus']),
  make('Dodge', false, { Journey: 'SUV', Ram: 'Pick-Up cabina doble' }, ['SE', 'SXT', 'R/T']),
  make('Chrysler', false, { 'Town & Country': 'Monovolumen', 'PT Cruiser': 'Rural' }, ['Touring', 'Limited']),
  make('Seat', false, { Ibiza: 'Hatchback 5 puertas', Leon: 'Hatchback 5 puertas' }, ['Reference', 'Style', 'FR']),
  make('Daewoo', false, { Lanos: 'Sedán', Matiz: 'Hatchback 5 puertas' }, ['SE', 'SX']),
  make('Rover', false, { '214': 'Hatchback 5 puertas', '416': 'Sedán' }, ['Si', 'SLi']),
  make('Lada', false, { Niva: 'Todoterreno', Samara: 'Sedán' }, ['1.6', '1.7i']),
  make('Saab', false, { '9-3': 'Sedán', '9-5': 'Rural' }, ['Linear', 'Vector', 'Aero']),
  make('Isuzu', false, { 'D-Max': 'Pick-Up cabina doble', Trooper: 'Todoterreno' }, ['LS', 'S']),
];
