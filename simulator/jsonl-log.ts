import { open, type FileHandle } from 'node:fs/promises';

// An append-only JSONL file with group commit: every append resolves only after its bytes were written (and, by
// default, fdatasync'ed). Appends that arrive while a write is in flight are batched into the next single write,
// so one fdatasync covers hundreds of deliveries and durability does not cost a syscall per request.

export type Durability = 'fdatasync' | 'write';

interface Pending {
  line: string;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class JsonlLogError extends Error {
  constructor(
    message: string,
    readonly code: 'VMP_ERR_LOG_CLOSED' | 'VMP_ERR_LOG_WRITE',
  ) {
    super(message);
    this.name = 'JsonlLogError';
  }
}

export class JsonlLog {
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** Number of write batches so far; tests and benchmarks read it to see grouping at work. */
  batches = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
    private readonly durability: Durability,
  ) {}

  static async open(path: string, durability: Durability = 'fdatasync'): Promise<JsonlLog> {
    return new JsonlLog(await open(path, 'a'), path, durability);
  }

  /** Appends one line (a newline is added); resolves once it is durable per the log's durability. */
  append(line: string): Promise<void> {
    if (this.closed) return Promise.reject(new JsonlLogError(`${this.path} is closed`, 'VMP_ERR_LOG_CLOSED'));
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ line: `${line}\n`, resolve, reject });
      // setImmediate, not a microtask: it lets every request parsed in this I/O phase join the batch.
      this.flushing ??= new Promise<void>((done) => setImmediate(() => void this.flushLoop().finally(done)));
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        const bytes = Buffer.from(batch.map((p) => p.line).join(''), 'utf8');
        for (let offset = 0; offset < bytes.length; ) {
          const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset);
          offset += bytesWritten;
        }
        if (this.durability === 'fdatasync') await this.handle.datasync();
        this.batches++;
        for (const p of batch) p.resolve();
      } catch (error) {
        const e = new JsonlLogError(`cannot append to ${this.path}: ${(error as Error).message}`, 'VMP_ERR_LOG_WRITE');
        for (const p of batch) p.reject(e);
      }
    }
    this.flushing = null;
  }

  /** Waits for every pending append, then closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.flushing) await this.flushing;
    await this.handle.close();
  }
}
