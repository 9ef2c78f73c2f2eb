// `npm run dev`: the API (tsx watch, :3000) and Vite (:5173, proxying /api and /uploads) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@lyceum/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@lyceum/web'], { stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => (stop('SIGTERM'), process.exit(code ?? 0)));
