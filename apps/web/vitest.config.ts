import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // The `@/` alias of vite.config.ts and tsconfig.json.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Playwright specs live in e2e/ and run against the built app, never under Vitest.
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: one on CI's two, with the other core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A ceiling, not a wait: typing into the rich-text editor or a Mantine table under jsdom took over the default 5 s
    // on a loaded machine (a passing test takes no longer for it).
    testTimeout: 15_000,
  },
});
