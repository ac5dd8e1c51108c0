import { describe, expect, it } from 'vitest';
import { endpoint, matchesRuleRef, statementById } from '../../models/index.ts';
import { AGENCY_ROWS, cellRule, relationOf, type Subject } from '../../suites/model/matrix.ts';
import { statusOf } from '../../suites/model/outcomes.ts';
import { listedAgencies, predictAgencyList, predictAgencyRow, predictTopicRow } from '../../suites/model/predict.ts';
import { learnAvailability } from '../../suites/model/topic-steps.ts';
import { predictTopic, type Verb } from '../../suites/model/topics.ts';
import { answer, cannedWorld, consulta } from './canned.ts';

// The model's predictions on a canned state (suites/model/predict.ts): statuses come from the endpoint catalog,
// each prediction names a statement that names the rule it is judged under, and where the spec leaves the answer
// open for the state (an invitation still pending) the model predicts nothing.

const SUBJECTS: Subject[] = [
  { adminMail: 'p@a.example', sid: 's-p-1', owner: 'primary', kind: 'held' },
  { adminMail: 'o@b.example', sid: 's-o-1', owner: 'other', kind: 'held' },
  { adminMail: 'u@a.example', sid: 's-p-1', kind: 'unassociated' },
  { adminMail: 'nobody@x.example', sid: 's-p-1', kind: 'nonexistent' },
];

describe('the scope matrix on a canned state', () => {
  const w = cannedWorld();

  it('walks every row that names an agency, from the catalog, and OPTIONS on the agency URI', () => {
    expect(AGENCY_ROWS.map((e) => e.id).sort()).toEqual(
      [
        'agencias-desasociar',
        'agencias-get',
        'agencias-options',
        'agencias-productos',
        'agencias-put',
        'consultas-get',
        'consultas-list',
        'consultas-resend',
      ].sort(),
    );
  });

  it("predicts the row's success for the owner and its refusal for everyone else: 404 on reads, 403 on modifications", () => {
    const cells = AGENCY_ROWS.flatMap((e) =>
      w.apps.flatMap((caller) =>
        SUBJECTS.map((s) => ({ e, caller, s, p: predictAgencyRow(w, e.id, caller, s.adminMail, e.params.some((x) => x.name === 'sid') ? s.sid : undefined) })),
      ),
    );
    for (const { e, caller, s, p } of cells) {
      const own = relationOf(s, caller) === 'own';
      const expected = own ? e.success.status : e.scoping === 'agency-modify' ? 403 : 404;
      expect(p?.status, `${e.id} by ${caller} on ${s.adminMail}`).toEqual([expected]);
    }
    expect(cells).toHaveLength(8 * 3 * 4);
  });

  it('cites, for every cell, a statement that names the rule the cell reports to', () => {
    for (const e of AGENCY_ROWS) {
      for (const caller of w.apps) {
        for (const s of SUBJECTS) {
          const p = predictAgencyRow(w, e.id, caller, s.adminMail, s.sid)!;
          const rule = cellRule(e, caller, s);
          const statement = statementById(p.statement);
          expect(statement, p.statement).toBeDefined();
          expect(
            statement!.rules.some((ref) => matchesRuleRef(ref, rule)),
            `${p.statement} names ${rule}`,
          ).toBe(true);
        }
      }
    }
  });

  it('folds the older scoping checks in as the cells of app other on primary agency', () => {
    const s = SUBJECTS[0]!;
    expect(cellRule(endpoint('agencias-get'), 'other', s)).toBe('scoping/foreign-agency-get-404');
    expect(cellRule(endpoint('consultas-resend'), 'other', s)).toBe('scoping/foreign-resend-403');
    expect(cellRule(endpoint('agencias-get'), 'primary', SUBJECTS[1]!)).toBe('scoping/agency-reads');
    expect(cellRule(endpoint('agencias-put'), 'empty', s)).toBe('scoping/agency-modifications');
  });

  it("looks an inquiry up under the right agency only: another agency's sid is not found, and a run-made one is the inquiry itself", () => {
    expect(predictAgencyRow(w, 'consultas-get', 'primary', 'p@a.example', 's-o-1')?.status).toEqual([404]);
    expect(predictAgencyRow(w, 'consultas-resend', 'primary', 'p@a.example', 's-o-1')?.status).toEqual([statusOf('consultas-resend', 'notFound')]);
    const own = predictAgencyRow(w, 'consultas-get', 'primary', 'p@a.example', 's-p-1')!;
    expect(own.facets?.every((f) => f.holds(answer(200, consulta('m1'))))).toBe(true);
    expect(own.facets?.every((f) => f.holds(answer(200, consulta('m2'))))).toBe(false);
  });

  it('allows, under an agency whose sids are not all known, an inquiry of its own with that sid, never the other agency one', () => {
    const p = predictAgencyRow(w, 'consultas-get', 'primary', 'seen@c.example', 's-p-1')!;
    expect(p.status).toEqual([404, 200]);
    expect(p.facets!.every((f) => f.holds(answer(200, consulta('m1'))))).toBe(false);
    expect(p.facets!.every((f) => f.holds(answer(200, consulta('other'))))).toBe(true);
    expect(predictAgencyRow(w, 'consultas-get', 'primary', 'seen@c.example', 'never-seen-sid')).toBeUndefined();
  });

  it('predicts nothing for an invitation still pending (listed or not, readable or not: not shown)', () => {
    const pending = cannedWorld();
    pending.agencies.get('o@b.example')!.pendingFor.add('primary');
    expect(predictAgencyRow(pending, 'agencias-productos', 'primary', 'o@b.example')).toBeUndefined();
  });

  it("judges an agency list: the app's own run-made agencies in it, none of another app's, within the unfiltered list when filtered", () => {
    const list = (mails: string[]) =>
      answer(
        200,
        mails.map((m) => ({ href: `/v3/agencias/${encodeURIComponent(m)}`, title: m })),
      );
    const ok = predictAgencyList(w, 'primary');
    expect(ok.facets!.every((f) => f.holds(list(['p@a.example', 'seen@c.example'])))).toBe(true);
    expect(ok.facets!.filter((f) => !f.holds(list(['p@a.example', 'o@b.example', 'u@a.example']))).map((f) => f.says)).toEqual([
      "not the agency o@b.example, which is not app primary's",
      "not the agency u@a.example, which is not app primary's",
    ]);
    const filtered = predictAgencyList(w, 'other', 'p@a.example', new Set(['o@b.example']));
    expect(filtered.facets!.filter((f) => !f.holds(list(['p@a.example']))).length).toBe(2);
    expect(listedAgencies([{ href: '/v3/agencias/A%40B.example' }])).toEqual(new Set(['a@b.example']));
  });
});

describe('topics per app', () => {
  it('predicts each app own state machine, and reads that show no URL of another app or a replaced one', () => {
    const w = cannedWorld();
    w.topics.get('primary')!.set('registration', 'http://cb/p-2-cb');
    w.topics.get('other')!.set('registration', null);
    w.urlsOf.get('primary')!.add('http://cb/p-1-cb').add('http://cb/p-2-cb');
    w.urlsOf.get('other')!.add('http://cb/o-1-cb');
    expect(predictTopicRow(w, 'other', 'GET', 'registration')?.status).toEqual([404]);
    // Whether the topic is available to other, no 404 told: its POST may create it or be refused (403).
    expect(predictTopicRow(w, 'other', 'POST', 'registration')?.status).toEqual([201, 403]);
    expect(predictTopicRow(w, 'other', 'POST', 'unavailable')).toBeUndefined();
    expect(predictTopicRow(w, 'primary', 'POST', 'registration')?.status).toEqual([409]);
    expect(predictTopicRow(w, 'primary', 'POST', 'unavailable')?.status).toEqual([403]);
    expect(predictTopicRow(w, 'primary', 'GET', 'inquiry')).toBeUndefined();
    const read = predictTopicRow(w, 'primary', 'GET', 'registration')!;
    expect(read.facets!.every((f) => f.holds(answer(200, { Url: 'http://cb/p-2-cb' })))).toBe(true);
    expect(read.facets!.filter((f) => !f.holds(answer(200, { Url: 'http://cb/p-1-cb' }))).map((f) => f.says)).toEqual([
      'the callback URL http://cb/p-2-cb configured last',
      'not http://cb/p-1-cb, which is no configuration of app primary now',
    ]);
    expect(predictTopic('DELETE', 'registration', true)).toEqual({ status: 204, configured: false, writes: true });
  });

  it("learns a topic's availability to an app from the answers that tell it, not from a 404", () => {
    const learnt = (verb: Verb, status: number) => {
      const w = cannedWorld();
      w.topics.get('other')!.set('registration', null);
      learnAvailability(w, 'other', 'registration', verb, status);
      return w;
    };
    expect(learnt('PUT', 404).available.get('other')!.has('registration')).toBe(false);
    const refused = learnt('POST', 403);
    expect(refused.available.get('other')!.get('registration')).toBe(false);
    expect(predictTopicRow(refused, 'other', 'POST', 'registration')?.status).toEqual([403]);
    expect(predictTopicRow(refused, 'other', 'GET', 'registration')?.status).toEqual([404]);
    const created = learnt('POST', 201);
    expect(created.available.get('other')!.get('registration')).toBe(true);
    expect(predictTopicRow(created, 'other', 'POST', 'registration')?.status).toEqual([201]);
    // The primary app's are the profile's, and no answer changes them.
    const w = cannedWorld();
    learnAvailability(w, 'primary', 'unavailable', 'POST', 201);
    expect(w.available.get('primary')!.get('unavailable')).toBe(false);
  });
});
