import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { LIMITS } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeAfterUnreadBody } from '../src/lib/lingering-close.js';
import { useTestApp } from './helper.js';

/*
 * Issue 55 §4: a body over the JSON limit, sent over a real socket, gets its 413 with the contract's message
 * (v1-api.md §2.1: "Request body too large") instead of a reset connection. app.inject never shows this: the reset
 * comes from the socket being closed while the client is still sending.
 */
const ctx = useTestApp();
let port = 0;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const FIVE_MB = 5 * 1024 * 1024;

/**
 * Sends a request with a body of `bytes` bytes (with a Content-Length, or chunked without one) over a raw socket,
 * and reads the answer only once the whole body is sent, as many clients do (curl, Python's requests): what the
 * server wrote in the meantime waits in the client's receive buffer, which a reset throws away.
 */
function send(path: string, contentType: string, bytes: number, withLength: boolean, method = 'POST'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    const received: Buffer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => {
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
      socket.destroy();
    });
    const framing = withLength ? `content-length: ${bytes}` : 'transfer-encoding: chunked';
    socket.write(`${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${contentType}\r\n${framing}\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, 'a'.charCodeAt(0));
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const size = Math.min(piece.length, bytes - sent);
        sent += size;
        const data = piece.subarray(0, size);
        const framed = withLength
          ? data
          : Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
        if (!socket.write(framed)) {
          socket.once('drain', write);
          return;
        }
      }
      // The whole body is sent: now read the answer.
      socket.write(withLength ? '' : '0\r\n\r\n', () => socket.resume());
    };
    write();
  });
}

describe('a body over the JSON limit on a real socket', () => {
  it.each([
    ['with a Content-Length', true],
    ['chunked, without a Content-Length', false],
  ])('a 5 MB JSON body %s answers 413 with the contract message', async (_name, withLength) => {
    const answer = await send('/api/auth/login', 'application/json', FIVE_MB, withLength);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 413, message: 'Request body too large' });
    expect(answer.headers.connection).toBe('close');
  });

  it.each([
    ['with a Content-Length', true],
    ['chunked, without a Content-Length', false],
  ])('a 5 MB body of another type %s gets an answer, not a reset', async (_name, withLength) => {
    const answer = await send('/api/auth/login', 'text/plain', FIVE_MB, withLength);
    expect([413, 415]).toContain(answer.status);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: answer.status });
  });

  it('an authenticated JSON route answers 413 before it asks who is calling', async () => {
    const answer = await send('/api/me', 'application/json', FIVE_MB, true, 'PATCH');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'Request body too large' });
  });

  it.each([
    ['with a Content-Length', true],
    ['chunked, without a Content-Length', false],
  ])('a v1 JSON route answers 413 in its own envelope %s', async (_name, withLength) => {
    const answer = await send('/user-Login', 'application/json', FIVE_MB, withLength);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'Request body too large' });
  });

  it('a body just over the limit answers 413 and the server keeps answering', async () => {
    const answer = await send('/api/auth/login', 'application/json', LIMITS.jsonBodyBytes + 1, true);
    expect(answer.status).toBe(413);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});

describe('the rest of a refused body is read within bounds', () => {
  it('a client that never stops sending is cut off once the bound is read', async () => {
    const bound = 1024 * 1024;
    let serverClosed: (bytes: number) => void = () => {};
    const readAfterAnswer = new Promise<number>((resolve) => (serverClosed = resolve));
    const server = createServer((req, res) => {
      const close = closeAfterUnreadBody(req, { bytes: bound, ms: 20_000 });
      res.writeHead(413, { 'content-type': 'application/json', ...(close ? { connection: 'close' } : {}) });
      res.end('{"message":"Request body too large"}', () => {
        const socket = req.socket;
        const start = socket.bytesRead;
        socket.once('close', () => serverClosed(socket.bytesRead - start));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port: serverPort } = server.address() as AddressInfo;
    const socket = connect(serverPort, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.write('POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n');
    const piece = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 97), Buffer.from('\r\n')]);
    const write = () => {
      while (!socket.destroyed && socket.write(piece));
      if (!socket.destroyed) socket.once('drain', write);
    };
    write();
    const read = await readAfterAnswer;
    server.close();
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    // Polled every 50 ms: the bound plus what arrives on the loopback in one poll, then the socket is destroyed.
    expect(read).toBeGreaterThan(bound);
    expect(read).toBeLessThan(bound + 512 * 1024 * 1024);
  });
});
