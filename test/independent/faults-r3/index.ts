import type { Mutant } from '../../mutants/fault.ts';
import type { Profile } from '../../../sut/profile.ts';
import { startIndependentServer } from '../server/server.ts';
import { VARIANTS } from '../server/variants.ts';
import { AGENCIA_FAULTS } from './agencias.ts';
import { CATALOGO_FAULTS } from './catalogo.ts';
import { CONSULTA_FAULTS } from './consultas.ts';
import { CONVENTION_FAULTS } from './conventions.ts';
import { ERROR_FAULTS } from './errors.ts';
import { EVENT_FAULTS } from './events.ts';
import { HOME_FAULTS } from './home.ts';
import { LIMIT_FAULTS } from './limits.ts';
import { MEDIA_FAULTS } from './media.ts';
import { NOTIFICACION_FAULTS } from './notificaciones.ts';
import { SCOPING_FAULTS } from './scoping.ts';
import { STATE_FAULTS } from './states.ts';
import { asMutant, type R3Area, type R3Fault } from './r3.ts';

// The round-3 gallery as batch.ts loads it (run-batch.ts `gallery`): the faults, the fresh independent server
// (variant indep, profile.json) each sits in front of, and no --only (every rule of the suite judges each fault).

const BY_AREA: Record<R3Area, R3Fault[]> = {
  home: HOME_FAULTS,
  conventions: CONVENTION_FAULTS,
  media: MEDIA_FAULTS,
  agencias: AGENCIA_FAULTS,
  states: STATE_FAULTS,
  notificaciones: NOTIFICACION_FAULTS,
  catalogo: CATALOGO_FAULTS,
  consultas: CONSULTA_FAULTS,
  limits: LIMIT_FAULTS,
  scoping: SCOPING_FAULTS,
  events: EVENT_FAULTS,
  errors: ERROR_FAULTS,
};

/** Every fault with its area, in the gallery's order. */
export const R3_FAULTS: readonly (R3Fault & { area: R3Area })[] = (Object.entries(BY_AREA) as [R3Area, R3Fault[]][]).flatMap(([area, faults]) =>
  faults.map((f) => ({ ...f, area })),
);

/** No fault at all: the runner's proof that the plain server passes the same whole run. */
export const CONTROL: Mutant = { name: 'control-no-fault', statement: 'outsider-r3/control', breaks: 'none', fault: {} };

/** The faults as batch.ts runs them, and the control (faults-r3.test.ts tells its outcome apart). */
export const GALLERY: readonly Mutant[] = [...R3_FAULTS.map((f) => asMutant(f.area, f)), CONTROL];

export const freshUpstream = (_profile: Profile) => startIndependentServer(VARIANTS.indep);

/** No --only: an outsider does not know which rules judge a fault, so the whole suite runs. */
export const onlyOf = (_mutant: Mutant): string | undefined => undefined;
