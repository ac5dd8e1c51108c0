import { registerAgencyFilterChecks } from './filters/agencias.ts';
import { registerCityFilterChecks } from './filters/ciudades.ts';
import { registerColorFilterChecks } from './filters/colores.ts';
import { registerMakeFilterChecks } from './filters/marcas.ts';
import { registerFilterPairChecks } from './filters/pairs.ts';

// Endpoints > Agencias, Ciudades, Colores, Marcas: every documented query parameter of a list has its
// documented effect, compared with the list without it, with values that must match and values that must not.
// The inquiry list's filters are judged with its pages, in consultas.suite.ts.

registerAgencyFilterChecks();
registerCityFilterChecks();
registerColorFilterChecks();
registerMakeFilterChecks();
registerFilterPairChecks();
