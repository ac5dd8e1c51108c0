import { open, type FileHandle } from 'node:fs/promises';

// An append-only JSONL file with group commit: every append resolves only after its bytes were written (and, by
// default, fdatasync'ed). Appends that arrive while a write is in flight are batched into the next single write,
// so one fdatasync covers hundreds of deliveries and durability does not cost a syscall per request. A line is
// kept as bytes from the moment it is appended and a batch is written as a list of buffers: joined into one
// string, a batch of large deliveries outgrew V8's longest string ("Invalid string length").

export type Durability = 'fdatasync' | 'write';

interface Pending {
  bytes: Buffer;
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
      this.pending.push({ bytes: Buffer.from(`${line}\n`, 'utf8'), resolve, reject });
      // setImmediate, not a microtask: it lets every request parsed in this I/O phase join the batch.
      this.flushing ??= new Promise<void>((done) => setImmediate(() => void this.flushLoop().finally(done)));
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await writeAll(
          this.handle,
          batch.map((p) => p.bytes),
        );
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

/** At most this many buffers per writev (Linux's IOV_MAX is 1024). */
const IOV_MAX = 1024;

/** Writes every buffer, in order, through as few writev calls as it takes, resuming after a short write. */
async function writeAll(handle: FileHandle, buffers: readonly Buffer[]): Promise<void> {
  let rest = [...buffers];
  while (rest.length > 0) {
    const group = rest.slice(0, IOV_MAX);
    let { bytesWritten } = await handle.writev(group);
    rest = rest.slice(group.length);
    // A short write: put the unwritten tail of the group back in front.
    const unwritten: Buffer[] = [];
    for (const b of group) {
      if (bytesWritten >= b.length) bytesWritten -= b.length;
      else {
        unwritten.push(b.subarray(bytesWritten));
        bytesWritten = 0;
      }
    }
    rest = [...unwritten, ...rest];
  }
}
