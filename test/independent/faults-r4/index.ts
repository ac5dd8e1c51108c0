import type { Mutant } from '../../mutants/fault.ts';
import type { Profile } from '../../../sut/profile.ts';
import { startIndependentServer } from '../server/server.ts';
import { VARIANTS } from '../server/variants.ts';
import { AGENCIA_FAULTS } from './agencias.ts';
import { CATALOGO_FAULTS } from './catalogo.ts';
import { CONSULTA_FAULTS } from './consultas.ts';
import { EVENT_FAULTS } from './events.ts';
import { LATE_AGENCIA_FAULTS, LATE_CATALOGO_FAULTS, LATE_CONSULTA_FAULTS, LATE_EVENT_FAULTS } from './more.ts';
import { NOTIFICACION_FAULTS } from './notificaciones.ts';
import { asR4Mutant, type R4Area, type R4Fault } from './r4.ts';
import { CONVENTION_FAULTS, ERROR_FAULTS, HOME_FAULTS, MEDIA_FAULTS } from './surface.ts';

// The round-4 gallery as batch.ts loads it (run-batch.ts `gallery`), like round 3's: the faults, the fresh
// independent server (variant indep, profile.json) each sits in front of, and no --only.

const BY_AREA: Partial<Record<R4Area, R4Fault[]>> = {
  home: HOME_FAULTS,
  conventions: CONVENTION_FAULTS,
  media: MEDIA_FAULTS,
  agencias: [...AGENCIA_FAULTS, ...LATE_AGENCIA_FAULTS],
  notificaciones: NOTIFICACION_FAULTS,
  catalogo: [...CATALOGO_FAULTS, ...LATE_CATALOGO_FAULTS],
  consultas: [...CONSULTA_FAULTS, ...LATE_CONSULTA_FAULTS],
  events: [...EVENT_FAULTS, ...LATE_EVENT_FAULTS],
  errors: ERROR_FAULTS,
};

/** Every fault with its area, in the gallery's order. */
export const R4_FAULTS: readonly (R4Fault & { area: R4Area })[] = (Object.entries(BY_AREA) as [R4Area, R4Fault[]][]).flatMap(([area, faults]) =>
  faults.map((f) => ({ ...f, area })),
);

/** No fault at all: the runner's proof that the plain server passes the same whole run. */
export const CONTROL: Mutant = { name: 'control-no-fault', statement: 'outsider-r4/control', breaks: 'none', fault: {} };

/** The faults as batch.ts runs them, and the control (faults-r4.test.ts tells its outcome apart). */
export const GALLERY: readonly Mutant[] = [...R4_FAULTS.map((f) => asR4Mutant(f.area, f)), CONTROL];

export const freshUpstream = (_profile: Profile) => startIndependentServer(VARIANTS.indep);

/** No --only: an outsider does not know which rules judge a fault, so the whole suite runs. */
export const onlyOf = (_mutant: Mutant): string | undefined => undefined;
