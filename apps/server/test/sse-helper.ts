/** One Server-Sent Event as a client reads it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** Reads an SSE response as it arrives; `until` resolves once the events seen so far satisfy it. */
export function sse(res: Response) {
  const events: SseEvent[] = [];
  const waiters: { test: (events: SseEvent[]) => boolean; resolve: () => void }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const check = () => {
    for (const waiter of [...waiters]) {
      if (waiter.test(events)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event: SseEvent = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) event.data += line.slice(6);
        }
        if (block.includes('event: ')) events.push(event);
      }
      check();
    }
  })();
  return {
    events,
    until: (test: (events: SseEvent[]) => boolean) =>
      new Promise<SseEvent[]>((resolve) => {
        waiters.push({ test, resolve: () => resolve(events) });
        check();
      }),
    close: () => reader.cancel(),
  };
}

export type SseReader = ReturnType<typeof sse>;

/** The events seen include `count` named `name`. */
export const has =
  (name: string, count = 1) =>
  (events: SseEvent[]) =>
    events.filter((e) => e.event === name).length >= count;

/** Opens the live notifications stream of the app at `base` with a token (none: no Authorization). */
export const openStream = (base: string, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/notifications/stream`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
