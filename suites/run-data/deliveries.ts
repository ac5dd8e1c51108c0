import type { Delivery } from '../../webhooks/capture-server.ts';

// Which of the run's inquiries each delivery names, read once per delivery: the data makes over a hundred
// triggers, and the delivery check matches each against every delivery while it waits for them.

/** The markers (buyer e-mails of the form `<runId>-d<n>@<domain>`) a delivery's JSON mentions. */
export class MarkerIndex {
  private readonly seen = new Map<number, readonly string[]>();
  private readonly pattern: RegExp;

  constructor(runId: string, domain: string) {
    const esc = (s: string) => s.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.pattern = new RegExp(`${esc(runId)}-d\\d+@${esc(domain)}`, 'g');
  }

  of(d: Delivery): readonly string[] {
    let markers = this.seen.get(d.seq);
    if (!markers) {
      markers = [
        ...new Set(
          JSON.stringify(d.json ?? null)
            .toLowerCase()
            .match(this.pattern) ?? [],
        ),
      ];
      this.seen.set(d.seq, markers);
    }
    return markers;
  }

  /** The deliveries that name each marker. */
  byMarker(ds: readonly Delivery[]): Map<string, Delivery[]> {
    const out = new Map<string, Delivery[]>();
    for (const d of ds) for (const m of this.of(d)) out.set(m, [...(out.get(m) ?? []), d]);
    return out;
  }
}
