import { createServer } from 'node:net';

/**
 * A port nothing listens on now, chosen by the operating system, for tests that start the server as a child process.
 * Ports picked at random from a fixed range collided with each other and with the ports `fetch` refuses outright
 * ("bad port": 3659, 4190, 5060, 5061, 6000, 6566, 6665–6669, 6679, 6697 among them); the kernel's ephemeral range
 * (32768–60999 on Linux) holds none of those.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}
