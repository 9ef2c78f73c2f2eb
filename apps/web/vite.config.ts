import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of `npm run dev` / `npm start` (apps/server). */
const apiTarget = 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/uploads': { target: apiTarget, changeOrigin: true },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The server-rendering build (`vite build --ssr src/entry-server.tsx`, ADR 014) is one self-contained module
  // tree of production code: the API server imports it without resolving the web app's dependencies itself.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // One stylesheet, linked from the page's head: a server-rendered page is styled at its first paint (a lazily
    // loaded page's own CSS would otherwise arrive with its JavaScript, after the paint, and shift the layout).
    cssCodeSplit: false,
    // dist/.vite/manifest.json: the server preloads a role landing's area chunk with the page (ADR 014).
    manifest: !isSsrBuild,
    minify: !isSsrBuild,
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
}));
