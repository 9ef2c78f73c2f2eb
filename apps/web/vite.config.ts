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
        // React and the router are on every page and change less often than the app: their own chunk stays cached
        // across deploys. Other libraries are left to automatic splitting — a forced group would also gather the
        // parts only lazy routes use (editor, charts, forms) into the first download (issue 8, initial JS budget).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
