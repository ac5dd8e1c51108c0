import { endpointRow } from './endpoint-row.ts';
import { inSection, type Statement } from './statement.ts';

// Endpoints > Carrocerias, Ciudades, Colores and Marcas: the reference catalog and its lookups.

const C = 'Endpoints > Carrocerias (body styles)';
const carrocerias = endpointRow(C, 'carrocerias-list', 'GET', '/v3/carrocerias');
const carroceriasBest = endpointRow(C, 'carrocerias-bestmatch', 'GET', '/v3/carrocerias/bestmatch');
const carroceria = endpointRow(C, 'carrocerias-get', 'GET', '/v3/carrocerias/{id}');
const CI = 'Endpoints > Ciudades (cities)';
const ciudades = endpointRow(CI, 'ciudades-list', 'GET', '/v3/ciudades');
const ciudadesBest = endpointRow(CI, 'ciudades-bestmatch', 'GET', '/v3/ciudades/bestmatch');
const ciudad = endpointRow(CI, 'ciudades-get', 'GET', '/v3/ciudades/{id}');
const CO = 'Endpoints > Colores (colors)';
const colores = endpointRow(CO, 'colores-list', 'GET', '/v3/colores');
const color = endpointRow(CO, 'colores-get', 'GET', '/v3/colores/{id}');
const M = 'Endpoints > Marcas (makes)';
const marcas = endpointRow(M, 'marcas-list', 'GET', '/v3/marcas');
const marcasBest = endpointRow(M, 'marcas-bestmatch', 'GET', '/v3/marcas/bestmatch');

const INT32_ID = ['limits/int32/path-id-beyond-not-found', 'limits/int32/invalid-forms-rejected'];

export const CATALOGO_STATEMENTS: Statement[] = [
  carrocerias('200', '200 list of Carrocerias', ['status/carrocerias-list/200']),
  carrocerias('media', '(json, text/json, entry)', ['media/carrocerias-list/*']),
  carrocerias('none-defined', 'none defined', ['status/carrocerias-list/documented-only']),
  carroceriasBest('bodystyle', 'query bodystyle (required, string): matched against id, api-url, api-url-path, name or codename', [
    'catalogo/bestmatch-carrocerias',
    'status/carrocerias-bestmatch/400',
  ]),
  carroceriasBest('200', '200 Carroceria', ['status/carrocerias-bestmatch/200']),
  carroceriasBest('media', '(json, text/json, entry)', ['media/carrocerias-bestmatch/*']),
  carroceriasBest('400', '| 400 |', ['status/carrocerias-bestmatch/400']),
  carroceria('id', 'path id (required, integer int32)', INT32_ID),
  carroceria('200', '200 Carroceria', ['status/carrocerias-get/200', 'catalogo/list-entries-resolve']),
  carroceria('media-not-shown', '| 200 Carroceria |', ['media/carrocerias-get/offered']),
  carroceria('404', '404 (body style does not exist)', ['status/carrocerias-get/404']),

  ciudades('region', 'query region (integer int32; region/province/state id; optional if q is given)', [
    'limits/int32/region-beyond-rejected',
    'limits/int32/invalid-forms-rejected',
    'catalogo/ciudades-needs-region-or-q',
    'filters/ciudades-region',
  ]),
  ciudades('q', 'q (string; part of the city name; optional if region is given)', [
    'catalogo/ciudades-needs-region-or-q',
    'filters/ciudades-q',
    'filters/ciudades-q-part-of-name',
  ]),
  ciudades('200', '200 list of Ciudades', ['status/ciudades-list/200']),
  ciudades('media', '(json, text/json, entry, ref)', ['media/ciudades-list/*']),
  ciudades('400', '| 400 |', ['status/ciudades-list/400', 'catalogo/ciudades-needs-region-or-q']),
  ciudadesBest('state', 'query state (required, string: matched against id, api-url, api-url-path, name, iso)', [
    'catalogo/bestmatch-ciudades',
    'status/ciudades-bestmatch/400',
  ]),
  ciudadesBest('city', 'city (required, string: matched against id, api-url, api-url-path, full name, part of name)', [
    'catalogo/bestmatch-ciudades',
    'status/ciudades-bestmatch/400',
  ]),
  ciudadesBest('200', '200 Ciudad', ['status/ciudades-bestmatch/200']),
  ciudadesBest('media', '(json, text/json, entry, ref)', ['media/ciudades-bestmatch/*']),
  ciudadesBest('400', '| 400 |', ['status/ciudades-bestmatch/400']),
  ciudad('id', 'path id (required, integer int32)', INT32_ID),
  ciudad('200', '200 Ciudad', ['status/ciudades-get/200', 'catalogo/list-entries-resolve']),
  ciudad('media', '(json, text/json, entry, ref)', ['media/ciudades-get/*']),
  ciudad('404', '404 (city does not exist)', ['status/ciudades-get/404']),
  inSection(CI)(
    'endpoints/ciudades-bestmatch-purpose',
    "The bestmatch lookup resolves the caller's own state and city values to the service's registered ones",
    ['catalogo/bestmatch-ciudades'],
  ),

  colores('q', 'query q (string; part of the name)', ['filters/colores-q', 'filters/colores-q-part-of-name']),
  colores('nombre', 'nombre (string; full color name); both optional', ['filters/colores-nombre', 'filters/colores-nombre-full-name', 'filters/pairs-combine']),
  colores('200', '200 list of Colores', ['status/colores-list/200']),
  colores('media', '(json, text/json, entry, ref)', ['media/colores-list/*']),
  colores('400', '| 400 |', ['status/colores-list/400']),
  color('id', 'path id (required, integer int32)', INT32_ID),
  color('200', '200 Color', ['status/colores-get/200', 'catalogo/list-entries-resolve']),
  color('media', '(json, text/json, entry, ref)', ['media/colores-get/*']),
  color('404', '404 (color does not exist)', ['status/colores-get/404']),

  marcas('q', 'query q (string; part of the make name or codename)', ['filters/marcas-q', 'filters/marcas-q-name-or-codename']),
  marcas('solo-mercado-nuevos', 'soloMercadoNuevos (boolean, default false; when true, only makes currently in the new-vehicle market)', [
    'catalogo/marcas-solo-mercado-nuevos-narrows',
    'filters/marcas-solo-mercado-nuevos-default-false',
    'filters/marcas-solo-mercado-nuevos-flag',
    'filters/pairs-combine',
  ]),
  marcas('200', '200 list of Marcas', ['status/marcas-list/200']),
  marcas('media', '(json, text/json, entry, ref)', ['media/marcas-list/*']),
  marcas('400', '| 400 |', ['status/marcas-list/400']),
  marcasBest('make', 'query make (required, string: matched against id, api-url, api-url-path, name, codename)', ['catalogo/bestmatch-marcas']),
  marcasBest('200', '200 (body form of the match)', ['status/marcas-bestmatch/200', 'media/marcas-bestmatch/offered']),
  marcasBest('others-not-shown', 'responses beyond 200 for this path: not shown', [
    'status/marcas-bestmatch/documented-only',
    'catalogo/marcas-bestmatch-no-match',
  ]),
  inSection(M)('endpoints/further-not-shown', 'Any further paths, methods or response codes after this point in the interface: not shown.', [
    'observe/unknown-path',
    'observe/wrong-method',
    'status/consultas-*/documented-only',
  ]),
];
