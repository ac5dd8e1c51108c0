// Admission by bytes: a delivery reserves its size (declared, or the body limit when it does not declare one)
// before its body is read, and gives it back once answered. Requests beyond the budget wait unread, first come
// first served, so their senders meet TCP back-pressure instead of the capture server holding every body at
// once. Each admitted request holds all it can need, so admitted ones always finish: no deadlock.

export class ByteBudget {
  private used = 0;
  private readonly waiting: { bytes: number; grant: () => void }[] = [];

  constructor(readonly capacity: number) {}

  /** Resolves once `bytes` fit (at once when nothing else is held, whatever the size); then call release(bytes). */
  acquire(bytes: number): Promise<void> {
    if (this.waiting.length === 0 && this.fits(bytes)) {
      this.used += bytes;
      return Promise.resolve();
    }
    return new Promise((grant) => this.waiting.push({ bytes, grant }));
  }

  /** Takes `bytes` now if they fit, without waiting: whether it did. */
  tryAcquire(bytes: number): boolean {
    if (this.waiting.length > 0 || this.used + bytes > this.capacity) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used -= bytes;
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
      const next = this.waiting.shift()!;
      this.used += next.bytes;
      next.grant();
    }
  }

  /** Bytes held now, and requests waiting: for tests and the benchmark. */
  get held(): number {
    return this.used;
  }

  get queued(): number {
    return this.waiting.length;
  }

  private fits(bytes: number): boolean {
    return this.used === 0 || this.used + bytes <= this.capacity;
  }
}
