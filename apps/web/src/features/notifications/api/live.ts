import type { Notification } from '@lyceum/contract';
import { getStoredToken } from '@/lib/auth/token';

/** What the stream tells its listeners. */
export type LiveEvent =
  | { kind: 'ready'; unread: number }
  /** The stream dropped (a server restart, the network): the next try is `inMs` away; `ready` follows when back. */
  | { kind: 'reconnecting'; inMs: number }
  | { kind: 'notification'; notification: Notification; unread: number | undefined }
  | { kind: 'ended'; reason: string };

type Listener = (event: LiveEvent) => void;

/** The longest wait between two tries to reconnect: a restarted server is heard again within a few seconds. */
export const RECONNECT_CAP_MS = 4000;
const RECONNECT_BASE_MS = 500;

/**
 * How long to wait before reconnect try `attempt` (0: the stream just dropped): doubling from half a second up to
 * RECONNECT_CAP_MS, each wait spread over its upper half (`random` in [0, 1)) so the tabs of a restarted server do
 * not all knock at once.
 */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(random, 0), 1));
}

/**
 * The one live stream of this tab (ADR 027): Server-Sent Events read with fetch, because the stream needs the
 * Authorization header that EventSource cannot send. It reconnects after a network loss with `Last-Event-ID`, so
 * nothing sent meanwhile is missed; it stops when the server ends it for the session (a new token restarts it).
 * Shared by every component that listens; closed a moment after the last one leaves (a layout change re-mounts
 * the header without reconnecting).
 */
const listeners = new Set<Listener>();
let controller: AbortController | null = null;
let lastEventId: string | null = null;
let closeTimer: number | null = null;
let retryTimer: number | null = null;
let streamToken: string | null = null;

function emit(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

function handle(block: string): void {
  let event = 'message';
  let data = '';
  let id: string | null = null;
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
    else if (line.startsWith('id:')) id = line.slice(3).trim();
  }
  if (id) lastEventId = id;
  if (!data) return;
  try {
    const parsed = JSON.parse(data) as Record<string, unknown>;
    if (event === 'ready') emit({ kind: 'ready', unread: Number(parsed.unread) || 0 });
    else if (event === 'notification') {
      emit({
        kind: 'notification',
        notification: parsed.notification as Notification,
        unread: typeof parsed.unread === 'number' ? parsed.unread : undefined,
      });
    } else if (event === 'end') emit({ kind: 'ended', reason: String(parsed.reason) });
  } catch {
    // Not ours.
  }
}

async function connect(attempt: number): Promise<void> {
  const token = getStoredToken();
  if (!token || listeners.size === 0) return;
  streamToken = token;
  const own = new AbortController();
  controller = own;
  let ended = false;
  try {
    const response = await fetch('/api/notifications/stream', {
      headers: {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
        ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
      },
      cache: 'no-store',
      signal: own.signal,
    });
    // A refused token: the app's next API call signs the user out; the stream does not retry it.
    if (response.status === 401 || response.status === 403 || !response.body) return;
    if (!response.ok) throw new Error(`stream answered ${response.status}`);
    attempt = 0;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value.replace(/\r\n?/g, '\n');
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.includes('event: end')) ended = true;
        handle(block);
      }
    }
  } catch {
    if (own.signal.aborted) return;
  }
  if (controller !== own || own.signal.aborted) return;
  controller = null;
  // Ended for the session: go on only with a different token (renewed, or this tab signed in again).
  if (ended && getStoredToken() === streamToken) return;
  const delay = ended ? 0 : reconnectDelay(attempt);
  if (!ended) emit({ kind: 'reconnecting', inMs: delay });
  retryTimer = window.setTimeout(() => {
    retryTimer = null;
    void connect(attempt + 1);
  }, delay);
}

function stop(): void {
  controller?.abort();
  controller = null;
  if (retryTimer !== null) window.clearTimeout(retryTimer);
  retryTimer = null;
}

/** Listens to the tab's stream (opening it if needed); returns the function that stops listening. */
export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  if (closeTimer !== null) {
    window.clearTimeout(closeTimer);
    closeTimer = null;
  }
  // A different token than the open stream's (a new sign-in): start over.
  if (controller && getStoredToken() !== streamToken) {
    stop();
    lastEventId = null;
  }
  if (!controller && retryTimer === null) void connect(0);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    closeTimer = window.setTimeout(() => {
      closeTimer = null;
      if (listeners.size === 0) stop();
    }, 2000);
  };
}
