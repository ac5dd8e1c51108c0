import { describe, expect, it } from 'vitest';
import { ENDPOINTS, GAPS, LEVELS, LIMITS, RULES, areaOf, hasRule, mediaRuleId, ruleById, statementById, type Endpoint } from '../../models/index.ts';

// Rule ids: stable, traceable to a spec section, and covering what issue 2 lists.

/** Lower-case kebab segments (the text/json form is `text-json` in rule ids). */
const ID = /^[a-z0-9-]+(\/[a-z0-9.@-]+)+$/;

/** The spec's section headings, transcribed: a rule's section is `Heading` or `Heading > Subheading`. */
const SECTIONS: Record<string, string[]> = {
  'What the service does': [],
  'Resources and their fields': ['Conventions', 'Link object', 'Paged list envelope', 'Consulta', 'Other resources'],
  'States and transitions': [],
  Endpoints: ['Home', 'Agencias', 'AppNotificaciones', 'Carrocerias', 'Ciudades', 'Colores', 'Marcas', 'Consultas'],
  Authentication: [],
  Events: [],
  Errors: ['Status codes', 'Validation problem body'],
  Limits: [],
  Versioning: [],
};

function isSpecSection(section: string): boolean {
  // "Endpoints (preamble)": the paragraph above the Endpoints tables.
  const [heading, sub, ...rest] = section.replace(/ \(preamble\)$/, '').split(' > ');
  return rest.length === 0 && heading! in SECTIONS && (sub === undefined || SECTIONS[heading!]!.includes(sub));
}

const ids = RULES.map((r) => r.id);

describe('rule ids', () => {
  it('are unique', () => {
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('are well over 100', () => {
    expect(RULES.length).toBeGreaterThan(150);
  });

  it.each(RULES.map((r) => [r.id, r] as const))('%s is well formed', (_, r) => {
    expect(r.id).toMatch(ID);
    expect(LEVELS).toContain(r.level);
    expect(isSpecSection(r.section), `section "${r.section}"`).toBe(true);
    expect(r.statement.trim()).not.toBe('');
    if (r.endpoint) expect(ENDPOINTS.map((e) => e.id)).toContain(r.endpoint);
    expect(areaOf(r.id)).toBe(r.id.split('/')[0]);
  });

  it('are found by ruleById and hasRule', () => {
    for (const id of ids) expect(ruleById(id).id).toBe(id);
    expect(hasRule('no/such-rule')).toBe(false);
    expect(() => ruleById('no/such-rule')).toThrow(/no rule/);
  });

  it('include the ids issue 2 gives as examples', () => {
    for (const id of ['consultas/list/per-pagina-100', 'errors/validation-problem-body', 'scoping/foreign-agency-put-403', 'home/etag-304']) {
      expect(hasRule(id), id).toBe(true);
    }
    expect(ids.some((id) => id.startsWith('limits/admin-mail-max-50/'))).toBe(true);
  });

  it('use every level', () => {
    expect(new Set(RULES.map((r) => r.level))).toEqual(new Set(['must', 'profile', 'observe']));
  });
});

/** An endpoint with no parameter and no body cannot be sent an invalid request: its preamble 400 is untestable. */
const untestablePreamble400 = (e: Endpoint, status: number) =>
  status === 400 && e.others.find((o) => o.status === 400)?.source === 'preamble' && e.params.length === 0 && !e.body;

describe('catalog coverage', () => {
  const statusCells = ENDPOINTS.flatMap((e) =>
    [e.success.status, ...e.others.map((o) => o.status)].filter((s) => !untestablePreamble400(e, s)).map((s) => `status/${e.id}/${s}`),
  );
  it.each(statusCells)('%s exists', (id) => {
    expect(hasRule(id)).toBe(true);
  });

  const mediaCells = ENDPOINTS.flatMap((e) => (e.success.mediaTypes ?? []).map((m) => mediaRuleId(e.id, m)));
  it.each(mediaCells)('%s exists', (id) => {
    expect(hasRule(id)).toBe(true);
  });

  it('has a rule for each row with a body but no listed media types, recording what is offered', () => {
    const unlisted = ENDPOINTS.filter((e) => e.success.body === 'representation' && !e.success.mediaTypes);
    expect(unlisted.map((e) => ruleById(`media/${e.id}/offered`).level)).toEqual(unlisted.map(() => 'observe'));
  });

  it('forbids undocumented statuses, except where the spec says further codes are not shown', () => {
    for (const e of ENDPOINTS) expect(ruleById(`status/${e.id}/documented-only`).level).toBe(e.othersNotShown ? 'observe' : 'must');
  });

  it('has no status or media rule for a cell the catalog does not document', () => {
    const cells = new Set([...statusCells, ...mediaCells]);
    const stray = ids.filter((id) => /^(status|media)\//.test(id) && !/\/(documented-only|offered|request-text-json)$/.test(id) && !cells.has(id));
    expect(stray).toEqual([]);
  });
});

/**
 * Every row of the Limits table, with the rules for each side of its boundary. The page size and the resend
 * bound are not boundaries the spec gives numbers for: one rule states both sides there.
 */
const LIMIT_ROWS: Array<[where: string, accepted: string[], rejected: string[]]> = [
  [
    'adminMail path parameter',
    [`limits/admin-mail-max-${LIMITS.adminMail.maxLength}/at-limit-accepted`],
    [`limits/admin-mail-max-${LIMITS.adminMail.maxLength}/past-limit-rejected`, 'limits/admin-mail-email-format/non-email-rejected'],
  ],
  ['topic path parameter', ['limits/topic-max-80/at-limit-accepted'], ['limits/topic-max-80/past-limit-rejected']],
  [
    'sid path parameter',
    ['limits/sid-length-20-30/min-accepted', 'limits/sid-length-20-30/max-accepted'],
    ['limits/sid-length-20-30/below-min-rejected', 'limits/sid-length-20-30/above-max-rejected'],
  ],
  ['pagina query parameter', ['limits/pagina-max-99/at-limit-accepted'], ['limits/pagina-max-99/past-limit-rejected']],
  ['desde query parameter', ['limits/desde-min-today-minus-90/at-limit-accepted'], ['limits/desde-min-today-minus-90/past-limit-rejected']],
  // "PerPagina is 100 in the observed response": no page holds more, and every page but the last is full.
  ['Inquiry list page size', ['consultas/list/per-pagina-100', 'consultas/list/entries-within-per-pagina'], ['consultas/list/entries-within-per-pagina']],
  ['Inquiry resend', ['limits/resend-recent-only'], ['limits/resend-recent-only', 'observe/resend-old-inquiry']],
];

describe('Limits table coverage', () => {
  it('lists the seven rows of the table', () => {
    expect(LIMIT_ROWS).toHaveLength(7);
  });

  it.each(LIMIT_ROWS)('%s has rules on both sides', (_, accepted, rejected) => {
    for (const id of [...accepted, ...rejected]) expect(hasRule(id), id).toBe(true);
    expect(accepted.length).toBeGreaterThan(0);
    expect(rejected.length).toBeGreaterThan(0);
  });

  it('states both sides in the resend rule', () => {
    expect(ruleById('limits/resend-recent-only').statement).toMatch(/refused.*accepted/);
  });
});

describe('other coverage issue 2 asks for', () => {
  it('names every paged envelope field in the envelope rule', () => {
    const { statement } = ruleById('consultas/list/envelope-schema');
    for (const field of ['Desde', 'Hasta', 'Pagina', 'Total', 'PerPagina', '_links', '_entries']) expect(statement).toContain(field);
  });

  it.each([
    ['States and transitions', ['lifecycle/invitation-accepted-202', 'lifecycle/invitation-state-options', 'lifecycle/desasociar-204']],
    ['Authentication', ['scoping/foreign-agency-get-404', 'scoping/foreign-agency-put-403', 'scoping/foreign-resend-403']],
    ['Events', ['events/inquiry-webhook-delivered', 'events/resend-returns-payload', 'events/registration-webhook']],
  ] as const)('covers %s', (section, sample) => {
    for (const id of sample) expect(ruleById(id).section).toBe(section);
  });
});

describe('gaps', () => {
  it('have unique ids and spec sections', () => {
    const gapIds = GAPS.map((g) => g.id);
    expect(new Set(gapIds).size).toBe(gapIds.length);
    for (const g of GAPS) expect(isSpecSection(g.section), g.section).toBe(true);
  });

  it.each(GAPS.map((g) => [g.id, g.statements] as const))('%s is in the words of statements of the spec (%j)', (_, ids) => {
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(statementById(id), id).toBeDefined();
  });

  it.each(GAPS.filter((g) => g.observedBy).map((g) => [g.id, g.observedBy!] as const))('%s is observed by an existing rule (%s)', (_, ruleId) => {
    expect(hasRule(ruleId)).toBe(true);
  });
});
