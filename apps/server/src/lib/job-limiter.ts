import { busy } from './errors.js';

export interface JobLimiter {
  /** Runs `job` when a slot is free (waiting in the queue if need be); 503 + Retry-After when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now. */
  readonly load: { running: number; waiting: number };
}

/**
 * At most `concurrency` jobs at once, at most `queue` more waiting (first come, first served). Bounds the memory
 * of expensive work such as image decoding: a burst beyond the queue is answered at once with 503 instead of
 * piling up.
 */
export function createJobLimiter(options: {
  concurrency: number;
  queue: number;
  /** The Retry-After of the 503. */
  retryAfterSeconds: number;
  message: string;
}): JobLimiter {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function acquire(): Promise<void> {
    if (running < options.concurrency) {
      running += 1;
      return;
    }
    if (waiting.length >= options.queue) throw busy(options.message, options.retryAfterSeconds);
    // The slot is handed over by release(): running stays counted for the waiter.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run(job) {
      await acquire();
      try {
        return await job();
      } finally {
        release();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
