import type { Mutant } from '../fault.ts';
import { AGENCY_MUTANTS } from './agencies.ts';
import { CATALOG_MUTANTS } from './catalog.ts';
import { EFFECT_MUTANTS } from './effects.ts';
import { EFFECT_WEBHOOK_MUTANTS } from './effects-webhooks.ts';
import { FILTER_MUTANTS } from './filters.ts';
import { INQUIRY_MUTANTS } from './inquiries.ts';
import { INSTANCE_MUTANTS } from './instances.ts';
import { INVARIANT_MUTANTS } from './invariants.ts';
import { LIMIT_MUTANTS } from './limits.ts';
import { MEDIA_MUTANTS } from './media.ts';
import { MODEL_MUTANTS } from './model.ts';
import { PRECONDITION_MUTANTS } from './preconditions.ts';
import { PROBLEM_MUTANTS } from './problems.ts';
import { rowMutants } from './rows.ts';
import { RUN_DATA_MUTANTS } from './run-data.ts';
import { SCOPING_MUTANTS } from './scoping.ts';
import { SERVER_ERROR_MUTANTS } from './server-errors.ts';
import { SHARED_AGENCY_MUTANTS } from './shared-agency.ts';
import { CONSULTA_FIELD_MUTANTS } from './statements-consulta.ts';
import { STATEMENT_CONVENTION_MUTANTS } from './statements-conventions.ts';
import { STATEMENT_ENDPOINT_MUTANTS } from './statements-endpoints.ts';
import { STATEMENT_ERROR_MUTANTS } from './statements-errors.ts';
import { STATEMENT_LIMIT_MUTANTS } from './statements-limits.ts';
import { STATUS_MUTANTS } from './statuses.ts';
import { VALUE_CLASS_MUTANTS } from './value-classes.ts';
import { WEBHOOK_MUTANTS } from './webhooks.ts';

// The gallery: single-fault variants of the reference server, one family per file, then the generic faults
// generated from the endpoint catalog for the status and media rules the families leave.
const WRITTEN: readonly Mutant[] = [
  ...LIMIT_MUTANTS,
  ...STATUS_MUTANTS,
  ...MEDIA_MUTANTS,
  ...PROBLEM_MUTANTS,
  ...SCOPING_MUTANTS,
  ...SHARED_AGENCY_MUTANTS,
  ...AGENCY_MUTANTS,
  ...INQUIRY_MUTANTS,
  ...WEBHOOK_MUTANTS,
  ...PRECONDITION_MUTANTS,
  ...CATALOG_MUTANTS,
  ...FILTER_MUTANTS,
  ...EFFECT_MUTANTS,
  ...EFFECT_WEBHOOK_MUTANTS,
  ...SERVER_ERROR_MUTANTS,
  ...CONSULTA_FIELD_MUTANTS,
  ...STATEMENT_LIMIT_MUTANTS,
  ...STATEMENT_CONVENTION_MUTANTS,
  ...STATEMENT_ERROR_MUTANTS,
  ...STATEMENT_ENDPOINT_MUTANTS,
  ...INSTANCE_MUTANTS,
  ...VALUE_CLASS_MUTANTS,
  ...RUN_DATA_MUTANTS,
  ...MODEL_MUTANTS,
  ...INVARIANT_MUTANTS,
];

export const GALLERY: readonly Mutant[] = [...WRITTEN, ...rowMutants(WRITTEN)];

/** The --only of a mutant's run: its own, or the rules it breaks and may trip. */
export const onlyOf = (m: Mutant): string => m.only ?? [m.breaks, ...(m.also ?? [])].join(',');
