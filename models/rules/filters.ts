import { rule } from '../rule.ts';

// Endpoints > Agencias, Ciudades, Colores, Marcas: every documented query parameter of a list has its
// documented effect, judged on the data the target returns. `must` rules need nothing the spec leaves open
// (a value made of characters no listed record has must list nothing; a filtered list is a subset); the
// `profile` rules read record fields through the profile's catalogKeys pointers (Other resources: "not shown").
const AG = 'Endpoints > Agencias';
const CI = 'Endpoints > Ciudades';
const CO = 'Endpoints > Colores';
const MA = 'Endpoints > Marcas';

export const FILTER_RULES = [
  rule(
    'filters/agencias-operador',
    'must',
    AG,
    'operador set to an operator of an agency (the OperadorResponsable of one of its inquiries) lists that agency, and only agencies of the unfiltered list',
    'agencias-list',
  ),
  rule(
    'filters/agencias-operador-unknown',
    'must',
    AG,
    "operador set to an e-mail that is no one's operator lists no agency (or is refused with 400)",
    'agencias-list',
  ),

  rule(
    'filters/agencias-operador-whole-email',
    'must',
    AG,
    "operador is matched as an operator's whole e-mail, never a part of one: a strict part of a known operator's address that is itself an e-mail (the local part without its first character, the domain without its last) lists no agency (or is refused with 400)",
    'agencias-list',
  ),

  rule(
    'filters/ciudades-q',
    'must',
    CI,
    'q narrows by part of the city name: a longer q lists no city that a part of it does not, and a q that no city listed for a part of it holds in any value lists none (or 400)',
    'ciudades-list',
  ),
  rule(
    'filters/ciudades-q-part-of-name',
    'profile',
    CI,
    "q set to an inner part of a city's name (catalogKeys.ciudades) lists that city, alone or with its region, and only cities whose name holds it",
    'ciudades-list',
  ),
  rule(
    'filters/ciudades-region',
    'profile',
    CI,
    "region set to a region id (catalogKeys.states.id) lists that region's cities and only them; with a q no city of it holds, none",
    'ciudades-list',
  ),

  rule(
    'filters/colores-q',
    'must',
    CO,
    'q lists only colours of the unfiltered list, and a q that no colour holds in any value lists none (or 400)',
    'colores-list',
  ),
  rule(
    'filters/colores-q-part-of-name',
    'profile',
    CO,
    "q set to an inner part of a colour's name (catalogKeys.colores.name) lists that colour and only colours whose name holds it",
    'colores-list',
  ),
  rule(
    'filters/colores-nombre',
    'must',
    CO,
    'nombre is a full colour name: a value equal to no value of any colour, a strict part of one included, lists no colour (or 400)',
    'colores-list',
  ),
  rule(
    'filters/colores-nombre-full-name',
    'profile',
    CO,
    "nombre set to a colour's full name (catalogKeys.colores.name) lists that colour and only colours of that name",
    'colores-list',
  ),

  rule(
    'filters/pairs-combine',
    'must',
    'Endpoints',
    "two filters of one row sent together (colores q and nombre, marcas q and soloMercadoNuevos; the inquiry list's operador and externalid, each with desde and with hasta) list what both select: the records each lists alone, never those of either only",
  ),
  rule('filters/marcas-q', 'must', MA, 'q lists only makes of the unfiltered list, and a q that no make holds in any value lists none (or 400)', 'marcas-list'),
  rule(
    'filters/marcas-q-name-or-codename',
    'profile',
    MA,
    "q set to an inner part of a make's name, or to a part of its codename its name lacks (catalogKeys.marcas), lists that make, and only makes whose name or codename holds it",
    'marcas-list',
  ),
  rule(
    'filters/marcas-solo-mercado-nuevos-default-false',
    'must',
    MA,
    'soloMercadoNuevos defaults to false: the list without it is the list with soloMercadoNuevos=false',
    'marcas-list',
  ),
  rule(
    'filters/marcas-solo-mercado-nuevos-flag',
    'profile',
    MA,
    'soloMercadoNuevos=true lists exactly the makes whose new-vehicle-market flag (catalogKeys.marcas["new-vehicle market"]) is true',
    'marcas-list',
  ),
];
