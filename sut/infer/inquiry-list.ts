import { inTimeZone, isEndOfDay, isStartOfDay, parseOffsetDateTime, type OffsetDateTime } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import { found, hint, objectBody, outcome, type Finding, type Hint, type Inferrer } from './probe.ts';

// Paged list envelope: "PerPagina … page size; 100 in the observed response" is the page size the target uses;
// "Desde: first instant of the period covered", "Hasta: … end of the final day" are a day's boundaries in the
// zone the target reckons days in, and each Momento's offset, where not UTC, is that zone's offset then. The zone
// is the first that fits every one of them: UTC, a fixed offset, then every IANA zone.

/** Zones to try, simplest first: UTC, the whole-hour fixed offsets, then every zone the runtime knows. */
function candidateZones(): string[] {
  const fixed = Array.from({ length: 27 }, (_, i) => i - 12)
    .filter((h) => h !== 0)
    .map((h) => `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`);
  return ['UTC', ...fixed, ...Intl.supportedValuesOf('timeZone')];
}

interface Observations {
  starts: OffsetDateTime[];
  ends: OffsetDateTime[];
  /** Instants written with a non-zero offset: that offset is the zone's there. */
  local: OffsetDateTime[];
}

function fits(zone: string, o: Observations): boolean {
  return (
    o.starts.every((t) => isStartOfDay(inTimeZone(t, zone))) &&
    o.ends.every((t) => isEndOfDay(inTimeZone(t, zone))) &&
    o.local.every((t) => inTimeZone(t, zone).offsetMinutes === t.offsetMinutes)
  );
}

const stamp = (v: unknown) => (typeof v === 'string' ? parseOffsetDateTime(v) : undefined);

export const inquiryListInferrer: Inferrer = {
  name: 'inquiry list (page size, time zone)',
  keys: ['inquiryPageSize', 'timeZone'],
  async infer(p) {
    const agency = p.fixtures.agency;
    if (agency === undefined) {
      const why = `no agency of the primary app is known to read an inquiry list of (${p.fixtures.missing.agency ?? 'none found'})`;
      return outcome(
        [],
        [hint('inquiryPageSize', `${why}; PerPagina of GET /v3/consultas/{adminMail} gives it`), hint('timeZone', `${why}; see the target's documentation`)],
      );
    }
    const res = await callEndpoint(p.client, 'consultas-list', { params: { adminMail: agency }, form: 'json' });
    const envelope = objectBody(res.json);
    if (res.status !== 200 || !envelope) {
      const why = `GET /v3/consultas/${agency} answered ${res.status ?? res.error?.code}`;
      return outcome([], [hint('inquiryPageSize', why), hint('timeZone', why)]);
    }
    const findings: Finding[] = [];
    const hints: Hint[] = [];
    const perPagina = envelope.PerPagina;
    if (Number.isInteger(perPagina) && (perPagina as number) > 0)
      findings.push(found('inquiryPageSize', perPagina, `PerPagina of GET /v3/consultas/${agency}`));
    else hints.push(hint('inquiryPageSize', `GET /v3/consultas/${agency} shows no PerPagina; see the target's documentation`));
    const entries = Array.isArray(envelope._entries) ? envelope._entries : [];
    const momentos = entries.flatMap((e) => stamp(objectBody(e)?.Momento) ?? []);
    const o: Observations = {
      starts: [stamp(envelope.Desde)].flatMap((t) => t ?? []),
      ends: [stamp(envelope.Hasta)].flatMap((t) => t ?? []),
      local: [envelope.Desde, envelope.Hasta]
        .flatMap((v) => stamp(v) ?? [])
        .concat(momentos)
        .filter((t) => t.offsetMinutes !== 0),
    };
    const zone = o.starts.length + o.ends.length > 0 ? candidateZones().find((z) => fits(z, o)) : undefined;
    if (zone) {
      const seen = `Desde ${String(envelope.Desde)} and Hasta ${String(envelope.Hasta)} of GET /v3/consultas/${agency}${o.local.length > 0 ? ` and the offsets of ${o.local.length} timestamps` : ''}`;
      findings.push(found('timeZone', zone, `the first zone in which ${seen} are a day's first and last instants`));
    } else
      hints.push(
        hint('timeZone', `no time zone makes Desde/Hasta of GET /v3/consultas/${agency} a day's first and last instants; see the target's documentation`),
      );
    return outcome(findings, hints);
  },
};
