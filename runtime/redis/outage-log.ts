/**
 * One warning when the Redis server stops answering and one line when it answers again, however
 * many requests fail in between: an outage must be visible in the log without flooding it.
 */

export interface OutageLog {
  /** A command or the connection failed; logged only for the first failure of an outage. */
  failed(error: unknown): void;
  /** A command succeeded or the connection is ready; ends the outage, if there was one. */
  answered(): void;
}

export function createOutageLog(address: string, log: Pick<Console, "warn" | "log"> = console): OutageLog {
  let down = false;
  return {
    failed(error) {
      if (down) return;
      down = true;
      log.warn(
        `[sdk] Redis at ${address} is not answering (${reasonOf(error)}): ISR renders without the shared cache and cron runs are skipped until it answers again.`,
      );
    },
    answered() {
      if (!down) return;
      down = false;
      log.log(`[sdk] Redis at ${address} answers again.`);
    },
  };
}

/** The client's own message (ECONNREFUSED, a timeout); an AggregateError carries its causes' codes. */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
