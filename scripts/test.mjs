// `npm test`: lint, typecheck, server tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the
// security suite (reduced), web tests, then the production build and the browser tests. Every stage runs; the exit code is
// non-zero if any failed, and the last line sums up the tests of all runners.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const vitest = (name) => [
  'exec',
  '--',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, `${name}.json`)}`,
];

// A stage with `beside` runs at the same time as the next one (each mostly uses one core; CI has two), its output
// printed once both have ended.
const stages = [
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'], beside: true },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'server tests', cmd: 'npm', args: vitest('server'), cwd: 'apps/server', report: 'server' },
  // The security suite (issue 13), reduced: fewer fuzz runs, one kill -9 round. Full: npm run test:security.
  {
    name: 'security tests',
    cmd: 'npm',
    args: [...vitest('security'), '-c', 'vitest.security.config.ts'],
    cwd: 'apps/server',
    env: { SECURITY_SUITE: 'quick' },
    report: 'security',
  },
  { name: 'web tests', cmd: 'npm', args: vitest('web'), cwd: 'apps/web', report: 'web' },
  { name: 'build', cmd: 'npm', args: ['run', 'build'] },
  {
    name: 'browser tests',
    cmd: 'npm',
    args: ['exec', '--', 'playwright', 'test', '--reporter=list,json'],
    cwd: 'apps/web',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json') },
    report: 'e2e',
  },
];

const failedStages = [];
const minutes = new Map();
/** Runs a stage; with `quiet`, its output is kept and handed back instead of shown as it comes. */
function run(stage, quiet) {
  const started = Date.now();
  const child = spawn(stage.cmd, stage.args, {
    cwd: path.join(root, stage.cwd ?? '.'),
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...stage.env },
  });
  const output = [];
  if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (code !== 0) failedStages.push(stage.name);
      minutes.set(stage.name, `${stage.name} ${((Date.now() - started) / 60_000).toFixed(1)} min`);
      resolve(Buffer.concat(output).toString());
    }),
  );
}
for (let i = 0; i < stages.length; i += 1) {
  const stage = stages[i];
  if (stage.beside && stages[i + 1]) {
    const next = stages[(i += 1)];
    console.log(`\n=== ${stage.name} and ${next.name}, side by side ===`);
    const outputs = await Promise.all([run(stage, true), run(next, true)]);
    outputs.forEach((output, j) => console.log(`\n=== ${[stage, next][j].name} ===\n${output}`));
    continue;
  }
  console.log(`\n=== ${stage.name} ===`);
  await run(stage, false);
}
// CI has 90 minutes: what each stage took, to see where the time goes.
console.log(`\nStage times: ${stages.map((stage) => minutes.get(stage.name)).join(', ')}`);

function counts(report) {
  const file = path.join(results, `${report}.json`);
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (data.stats) {
    return {
      passed: data.stats.expected + data.stats.flaky,
      failed: data.stats.unexpected,
      skipped: data.stats.skipped,
    };
  }
  return {
    passed: data.numPassedTests,
    failed: data.numFailedTests,
    skipped: data.numPendingTests + data.numTodoTests,
  };
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const stage of stages.filter((s) => s.report)) {
  const c = counts(stage.report);
  console.log(`${stage.name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}
if (failedStages.length > 0) console.log(`Failed stages: ${failedStages.join(', ')}`);
console.log(`Total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStages.length > 0 ? 1 : 0);
