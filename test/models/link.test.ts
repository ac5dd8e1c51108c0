import { describe, expect, it } from 'vitest';
import { linkObject, links, refLink, relativeUri, unknownMembers, type Strictness } from '../../models/index.ts';
import { MODES, describeModel } from './support/cases.ts';
import { LINK, REF_LINK, TEMPLATED_LINK, setAt } from './support/fixtures.ts';

// Resources and their fields > Link object, and the reference form of Conventions.

describeModel({ name: 'linkObject', schema: linkObject, fixture: LINK, layout: [['', 'Link']] });
// refLink takes no mode: a reference-form entry "is only a link object with href and title" in every mode.
describeModel({ name: 'refLink', schema: () => refLink(), fixture: REF_LINK, layout: [['', 'RefLink']] });
describeModel({ name: 'links', schema: links, fixture: { self: LINK, agencia: TEMPLATED_LINK }, layout: [['self', 'Link']] });

/** href: "relative URI; may contain {param} placeholders when templated is true". */
const HREFS: Array<[href: string, templated: boolean | undefined, accepted: boolean]> = [
  ['/v3/agencias', undefined, true],
  ['/v3/consultas/a@b.test?pagina=2', undefined, true],
  ['agencias/a@b.test', undefined, true],
  ['', undefined, true],
  ['/v3/agencias/{adminMail}', true, true],
  ['/v3/consultas/{adminMail}{?pagina}', true, true],
  ['/v3/agencias/{adminMail}', undefined, false],
  ['/v3/agencias/{adminMail}', false, false],
  // "present and true when href is a URI template" says nothing against templated:true on a plain href.
  ['/v3/agencias', true, true],
  ['/v3/agencias', false, true],
  ['https://api.example.test/v3/agencias', undefined, false],
  ['//api.example.test/v3/agencias', undefined, false],
  ['mailto:a@b.test', undefined, false],
];

const withTemplated = (href: string, templated: boolean | undefined) => ({ href, ...(templated === undefined ? {} : { templated }) });

describe.each(MODES)('link href and templated (%s)', (mode: Strictness) => {
  it.each(HREFS)('linkObject %j templated=%s → accepted %s', (href, templated, accepted) => {
    expect(linkObject(mode).safeParse(withTemplated(href, templated)).success).toBe(accepted);
  });

  it('names templated when the flag is missing', () => {
    const issues = linkObject(mode).safeParse({ href: '/v3/agencias/{adminMail}' }).error?.issues ?? [];
    expect(issues.map((i) => i.path.join('.'))).toEqual(['templated']);
  });
});

describe('refLink href and templated', () => {
  it.each(HREFS)('%j templated=%s → accepted %s', (href, templated, accepted) => {
    expect(refLink().safeParse({ ...withTemplated(href, templated), title: 't' }).success).toBe(accepted);
  });
});

describe('relativeUri', () => {
  // Placeholders are the link object's business; relativeUri only refuses a scheme or an authority.
  it.each([
    ['/v3/agencias/{adminMail}', true],
    ['?pagina=2', true],
    ['../agencias', true],
    ['https://api.example.test/v3', false],
    ['HTTP://api.example.test/v3', false],
    ['//api.example.test/v3', false],
    ['urn:isbn:0451450523', false],
  ] as const)('%j → accepted %s', (href, accepted) => {
    expect(relativeUri.safeParse(href).success).toBe(accepted);
  });
});

describe('links map', () => {
  it.each([
    ['an empty map', {}, true],
    ['an array', [LINK], false],
    ['null', null, false],
    ['a bare href string', { self: '/v3' }, false],
  ] as const)('%s → accepted %s', (_, sample, accepted) => {
    for (const mode of MODES) expect(links(mode).safeParse(sample).success).toBe(accepted);
  });

  it('reports an unknown member of a link by relation', () => {
    expect(unknownMembers(links('strict'), setAt({ self: LINK }, 'self', 'rel', 'self'))).toEqual(['self.rel']);
  });
});

describe('refLink', () => {
  it('has only href, title and templated: anything else is refused even where a page is loose', () => {
    expect(unknownMembers(refLink(), { ...REF_LINK, type: 'application/json' })).toEqual(['type']);
  });
});
