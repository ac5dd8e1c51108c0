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
import { NOTIFICACION_FAULTS } from './notificaciones.ts';
import { asMutant, type Area, type OutsiderFault } from './outsider.ts';

// The outsider's gallery as batch.ts loads it (run-batch.ts `gallery`): the faults, and the fresh independent
// server (variant indep, profile.json) each one sits in front of.

const BY_AREA: Record<Area, OutsiderFault[]> = {
  home: HOME_FAULTS,
  conventions: CONVENTION_FAULTS,
  agencias: AGENCIA_FAULTS,
  notificaciones: NOTIFICACION_FAULTS,
  ...CATALOGO_FAULTS,
  consultas: CONSULTA_FAULTS,
  ...EVENT_FAULTS,
  errors: ERROR_FAULTS,
};

export const GALLERY: readonly Mutant[] = (Object.entries(BY_AREA) as [Area, OutsiderFault[]][]).flatMap(([area, faults]) =>
  faults.map((f) => asMutant(area, f)),
);

export const freshUpstream = (_profile: Profile) => startIndependentServer(VARIANTS.indep);
