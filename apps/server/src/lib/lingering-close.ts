import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/*
 * An answer given before the request's body was read (413 over the body limit, 415, a refused multipart file, a 429
 * from a hook) closes the connection. Closing a socket that still has unread bytes makes the kernel send a reset,
 * and a reset makes the client's kernel drop the answer it had received but not yet read: the client sees
 * ECONNRESET instead of the 413 (issue 55 §4; nginx's "lingering close" is the same cure). So after such an answer
 * the server sends its FIN and goes on reading, discarding what arrives, until the client closes its side, or at
 * most LINGER_BYTES more bytes or LINGER_MS, whichever comes first; only then is the socket destroyed.
 */

/** At most this many more bytes are read and thrown away after the answer (the client's rest of a large body). */
export const LINGER_BYTES = 64 * 1024 * 1024;
/** At most this long is a closing connection kept to read the client's rest. */
export const LINGER_MS = 10_000;
const POLL_MS = 50;

const lingering = new WeakSet<Socket>();

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Ends the socket after what is written, reads (and drops) the client's rest within the bounds, then destroys it. */
function linger(socket: Socket, bounds: { bytes: number; ms: number }): void {
  const start = socket.bytesRead;
  const stop = () => {
    clearTimeout(deadline);
    clearInterval(poll);
    socket.destroy();
  };
  const deadline = setTimeout(stop, bounds.ms);
  const poll = setInterval(() => {
    if (socket.bytesRead - start > bounds.bytes) stop();
  }, POLL_MS);
  deadline.unref();
  poll.unref();
  socket.once('close', () => {
    clearTimeout(deadline);
    clearInterval(poll);
  });
  // Node's HTTP parser keeps consuming the socket and drops a dumped request's body; the FIN follows the answer.
  socket.end();
  socket.resume();
}

/**
 * Called while an answer is being given to a request whose body was not read to its end: the answer says
 * `Connection: close` (true is returned: set that header), and the connection then closes without a reset.
 */
export function closeAfterUnreadBody(
  request: IncomingMessage,
  bounds: { bytes: number; ms: number } = { bytes: LINGER_BYTES, ms: LINGER_MS },
): boolean {
  if (request.complete || !hasBody(request)) return false;
  const socket = request.socket as Socket | null;
  if (!socket || socket.destroyed) return false;
  if (!lingering.has(socket)) {
    lingering.add(socket);
    // Node's server calls destroySoon() once the answer with `Connection: close` is written (http resOnFinish).
    socket.destroySoon = () => linger(socket, bounds);
  }
  return true;
}
