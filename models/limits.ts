// The Limits table, and the int32 type of id and region parameters (Endpoints), stated once.
export const LIMITS = {
  adminMail: { maxLength: 50 },
  topic: { maxLength: 80 },
  sid: { minLength: 20, maxLength: 30 },
  pagina: { maximum: 99, first: 1 },
  desde: { minDaysBeforeToday: 90 },
  /** "PerPagina is 100 in the observed response": an observation, so the suites treat it as profile. */
  perPagina: { observed: 100 },
} as const;

export const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
