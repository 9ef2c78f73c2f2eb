import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of `npm run dev` / `npm start` (apps/server). */
const apiTarget = 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/uploads': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/,
              priority: 3,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-transition-group|react-number-format|tabbable|clsx)[\\/]/,
              priority: 2,
            },
            { name: 'data', test: /node_modules[\\/](zod|@tanstack|jwt-decode)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
