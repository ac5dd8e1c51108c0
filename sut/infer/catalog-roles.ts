// Which field of the spec's bestmatch lists ("id, api-url, api-url-path, name, codename", a city's "full name" and
// "part of name", a state's "iso") each proven member of a catalog record is (issue 21: by behaviour, not by
// shape). The evidence is what the target did with the member's value (catalog-keys.ts gathers it): a lookup by
// id answered the record, GET on the value as a URL did, q ("part of the make name or codename", "part of the city
// name") listed it for a part only that member holds — or did not —, the record's title is that value. A role a
// probe shows is verified; one it rules out is never given; what is left is named by the values' shape and said
// to be unverified.

/** What the target showed about one member whose value bestmatch (or the area's lookup) finds its record by. */
export interface MemberEvidence {
  pointer: string;
  /** The member's values on the records sampled. */
  values: readonly string[];
  /**
   * A lookup by id (GET /v3/{area}/{value}, the region filter; a make's own links, makes having no GET) found the
   * record; 'linked': GET did not, but the record's links name the value; false: GET tried, and nothing names it.
   */
  id?: boolean | 'linked';
  /** GET on the value as an absolute URL of the target or a path answered the record. */
  url?: 'api-url' | 'api-url-path';
  /** q with a part of the value that no other member holds listed the record (true) or did not (false). */
  q?: boolean;
  /** The value is the record's title (its reference-form entry, or a link of its own): a "short human label". */
  titled?: boolean;
  /** The area's lookup is by name (colores: nombre, "full color name"): finding the record names the member. */
  namedByLookup?: boolean;
}

export interface AreaRoles {
  /** The fields the spec lists for the area, in its order. */
  fields: readonly string[];
  /** The fields q matches, when the area's list has q. */
  qFields?: readonly string[];
  /**
   * Whether a member q does not match is none of qFields: so for a make ("part of the make name or codename"), not
   * for a city ("part of the city name": which of its names, the spec does not say).
   */
  qRulesOut?: boolean;
}

export interface Roles {
  keys: Record<string, string>;
  /** By field: why no probe verified it. */
  unverified: Record<string, string>;
}

/** A field's shape, tried in order: the first a member's every value has names it (the fallback only). */
const SHAPES: readonly [field: string, test: (values: readonly string[]) => boolean][] = [
  ['api-url', (vs) => vs.every((v) => /^https?:\/\/[^/]/i.test(v))],
  ['api-url-path', (vs) => vs.every((v) => v.startsWith('/'))],
  ['iso', (vs) => vs.every((v) => /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(v))],
  ['id', (vs) => vs.every((v) => /^-?\d+$/.test(v)) && new Set(vs).size === vs.length],
  ['codename', (vs) => vs.every((v) => /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/.test(v)) && vs.some((v) => /[a-z]/.test(v))],
  ['name', (vs) => vs.some((v) => /[A-Z\s]/.test(v))],
  ['full name', (vs) => vs.some((v) => /[A-Z\s]/.test(v))],
];

const avgLength = (m: MemberEvidence) => m.values.join('').length / Math.max(1, m.values.length);

/** What the probes ruled out for a member, in words, and the fields it may still be. */
function allowed(m: MemberEvidence, area: AreaRoles): { fields: string[]; ruledOut: string[] } {
  const ruledOut: string[] = [];
  let fields = [...area.fields];
  if (m.q === false && area.qFields && area.qRulesOut) {
    fields = fields.filter((f) => !area.qFields!.includes(f));
    ruledOut.push(`q does not match it (not ${area.qFields.join(' or ')})`);
  }
  if (m.id === false) {
    fields = fields.filter((f) => f !== 'id');
    ruledOut.push('GET by id does not find its record by it');
  }
  return { fields, ruledOut };
}

/** Roles of the proven members of one area: verified where a probe showed them, else by shape and unverified. */
export function assignRoles(members: readonly MemberEvidence[], area: AreaRoles): Roles {
  const keys: Record<string, string> = {};
  const unverified: Record<string, string> = {};
  const used = new Set<string>();
  const take = (field: string, m: MemberEvidence, why?: string): void => {
    if (keys[field] !== undefined || used.has(m.pointer) || !area.fields.includes(field)) return;
    keys[field] = m.pointer;
    used.add(m.pointer);
    if (why) unverified[field] = why;
  };
  for (const m of members) if (m.id === true) take('id', m);
  for (const m of members) if (m.id === 'linked') take('id', m, "the record's links name it, but GET by id did not answer the record");
  for (const m of members) if (m.url) take(m.url, m);
  for (const m of members) if (m.namedByLookup) take(area.fields.includes('name') ? 'name' : 'full name', m);
  if (area.qFields) assignNames(members, area, take, used);
  // Without q, a record's own title (its links' "short human label") names it.
  else for (const m of members) if (m.titled) take('name', m);
  for (const m of members) {
    if (used.has(m.pointer)) continue;
    const { fields, ruledOut } = allowed(m, area);
    const free = fields.filter((f) => keys[f] === undefined);
    const shaped = SHAPES.find(([field, test]) => free.includes(field) && test(m.values))?.[0];
    const field = shaped ?? free[0];
    if (field === undefined) continue;
    const told = ruledOut.length > 0 ? `; ${ruledOut.join('; ')}` : '';
    take(field, m, `named by its values' shape (${JSON.stringify(m.values[0] ?? '')}), which no probe confirmed${told}`);
  }
  return { keys, unverified };
}

/** Members q lists their records by: the name (the record's title) and the other q field (a make's codename). */
function assignNames(
  members: readonly MemberEvidence[],
  area: AreaRoles,
  take: (field: string, m: MemberEvidence, why?: string) => void,
  used: ReadonlySet<string>,
): void {
  const named = members.filter((m) => m.q === true && !used.has(m.pointer));
  const qFields = area.qFields!;
  if (qFields.includes('codename')) {
    const titled = named.filter((m) => m.titled);
    if (titled.length === 1) {
      take('name', titled[0]!);
      for (const m of named) if (m !== titled[0]) take('codename', m);
      return;
    }
    // q matches both and nothing tells which is the name: the longer, worded one, said so.
    const [first, second] = [...named].sort((a, b) => avgLength(b) - avgLength(a));
    const why = "q matches it, as it matches a make's name or codename; which of the two it is, no title told";
    if (first) take('name', first, why);
    if (second) take('codename', second, why);
    return;
  }
  // A city's names q matches: the shorter its name proper, whose parts q takes ("part of name"); a longer one its
  // full name ("Rosario, Santa Fe").
  const [part, full] = [...named].sort((a, b) => avgLength(a) - avgLength(b));
  if (part) take('part of name', part);
  if (full) take('full name', full);
}
