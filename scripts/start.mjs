// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (which applies migrations and seeds an empty embedded database).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = [path.join(root, 'apps/web/dist/index.html'), path.join(root, 'apps/server/dist/server.js')];
const sources = [
  'packages/contract/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building Lyceum (first start or changed sources)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
