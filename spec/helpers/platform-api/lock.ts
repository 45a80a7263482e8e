/**
 * Worker requests and the D1/KV/R2 calls share the runtime; applying new options restarts it and
 * poisons every stub taken before, so a restart waits for the shared holders and holds new ones back.
 */
export type Release = () => void;

export class SharedExclusiveLock {
  private readers = 0;
  private writing = false;
  private readonly queue: { exclusive: boolean; grant: () => void }[] = [];

  shared(): Promise<Release> {
    return this.acquire(false);
  }

  exclusive(): Promise<Release> {
    return this.acquire(true);
  }

  private acquire(exclusive: boolean): Promise<Release> {
    return new Promise((resolve) => {
      this.queue.push({ exclusive, grant: () => resolve(this.releaser(exclusive)) });
      this.drain();
    });
  }

  /** Idempotent, so a response that both ends and closes releases once. */
  private releaser(exclusive: boolean): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (exclusive) this.writing = false;
      else this.readers--;
      this.drain();
    };
  }

  /** Grants in arrival order: a waiting restart keeps later requests back, so it is never starved. */
  private drain(): void {
    while (this.queue.length && !this.writing) {
      const next = this.queue[0];
      if (next.exclusive && this.readers > 0) return;
      this.queue.shift();
      if (next.exclusive) this.writing = true;
      else this.readers++;
      next.grant();
    }
  }
}
