import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cannon, figure, warmUp, startChild, type Figure } from './support.ts';

// Benchmark 4 (issue 8): the reference server's throughput on a catalog list and on a page of inquiries,
// each against a bare node:http server answering the same JSON document (serialised per request, as the
// reference must); every server in its own child process.

const PRIMARY_AUTH = 'Bearer vmp-primary-7f3a2c'; // profiles/reference.json apps.primary
const PATHS = [
  { name: 'GET /v3/carrocerias', path: '/v3/carrocerias' },
  { name: 'GET /v3/consultas/{agency}?pagina=1', path: '/v3/consultas/admin@autosdelsur.example?pagina=1' },
];

export async function benchReference(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const { name, path } of PATHS) {
    const server = await startChild('reference');
    let bytes: number;
    const sample = join(await mkdtemp(join(tmpdir(), 'vmp-bench-ref-')), 'body.json');
    let rps: number;
    let note: string;
    try {
      const url = `${String(server.ready.url)}${path}`;
      const probe = await fetch(url, { headers: { authorization: PRIMARY_AUTH } });
      const text = await probe.text();
      bytes = Buffer.byteLength(text);
      await writeFile(sample, text);
      if (probe.status !== 200) throw new Error(`${name} answered ${probe.status}`);
      await warmUp({ url, headers: { authorization: PRIMARY_AUTH } });
      const r = await cannon({ url, headers: { authorization: PRIMARY_AUTH } });
      rps = r.rps;
      note = `${bytes} B body; non-2xx ${r.non2xx}, errors ${r.errors}`;
    } finally {
      await server.stop();
    }
    const bare = await startChild('bare-json', [sample]);
    const bareUrl = `${String(bare.ready.url)}${path}`;
    const b = await warmUp({ url: bareUrl })
      .then(() => cannon({ url: bareUrl }))
      .finally(() => bare.stop());
    await rm(dirname(sample), { recursive: true, force: true });
    figures.push(
      figure({
        benchmark: 'reference server',
        metric: `${name} rps`,
        value: rps,
        unit: 'req/s',
        baseline: { name: `bare node:http, same ${bytes} B JSON`, value: b.rps },
        target: 'ratio ≥ 0.6',
        pass: rps / b.rps >= 0.6,
        note,
      }),
    );
  }
  return figures;
}
