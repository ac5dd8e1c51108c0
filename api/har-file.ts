import { readFile, rm } from 'node:fs/promises';
import { harEntry, harLog, type HarEntry } from '../sut/har.ts';
import { tapExchanges, type ExchangeTap } from '../sut/exchange-tap.ts';
import { redact, redactDeep } from '../sut/redact.ts';
import { writeFileAtomic } from '../support/atomic-write.ts';
import { toolVersion } from '../support/version.ts';

// `run --har FILE` (and `simulate`'s): the exchanges of the main thread (inference, discovery, restores; all of a
// simulation) heard here, the suites' worker's from the NDJSON file it appends to (sut/har.ts), merged in the order they were sent and written as one
// HAR 1.2 file — redacted as the reports are (reports/write.ts): each string of the document, then the text.

/** Runs `body` with every exchange it causes recorded to `file` (none: just runs it); the HAR is written however it ends. */
export async function recordingHar<T>(
  file: string | undefined,
  secrets: readonly string[],
  out: (line: string) => void,
  body: (har?: HarRecording) => Promise<T>,
): Promise<T> {
  if (file === undefined) return body();
  const har = new HarRecording(file);
  try {
    return await tapExchanges(har.tap, () => body(har));
  } finally {
    out(`har: ${har.file} (${await har.write(secrets)} exchanges)`);
  }
}

export class HarRecording {
  private readonly entries: HarEntry[] = [];
  private readonly secrets = new Set<string>();
  /** Where the suites' worker appends its exchanges (RunContext.harFile); removed once merged. */
  readonly workerFile: string;

  constructor(readonly file: string) {
    this.workerFile = `${file}.worker-${process.pid}-${Date.now().toString(36)}.ndjson`;
  }

  readonly tap: ExchangeTap = (res, secrets) => {
    for (const s of secrets) this.secrets.add(s);
    this.entries.push(harEntry(res.exchange, res.text, secrets));
  };

  /** Writes the HAR file (atomically) and removes the worker's; returns how many exchanges it holds. */
  async write(secrets: readonly string[] = []): Promise<number> {
    const text = await readFile(this.workerFile, 'utf8').catch(() => '');
    const worker = text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as HarEntry);
    const all = [...secrets, ...this.secrets];
    const har = redactDeep(harLog([...this.entries, ...worker], { name: 'vmp-conformance', version: toolVersion() }), all);
    try {
      await writeFileAtomic(this.file, redact(`${JSON.stringify(har, null, 2)}\n`, all));
    } finally {
      await rm(this.workerFile, { force: true });
    }
    return har.log.entries.length;
  }
}
