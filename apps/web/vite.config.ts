import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const require = createRequire(import.meta.url);

/**
 * Messages precompiled to ICU syntax trees (docs/i18n.md, ADR 052): every `defaultMessage` literal of a folder's
 * `messages.ts` and every message of its `locales/*.json`. The browser then formats them with intl-messageformat
 * built without its parser (about 10 KB gzip less on every page, ADR 013's budget). Tests run on the ICU text.
 */
function precompileMessages(): Plugin {
  const noParser = require.resolve('@formatjs/icu-messageformat-parser/no-parser.js');
  return {
    name: 'lyceum:precompile-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      // Only intl-messageformat's own import: pseudo.ts (the tests' pseudo-locale, a lazy chunk) keeps the parser.
      if (source !== '@formatjs/icu-messageformat-parser' || !importer?.includes('intl-messageformat')) return null;
      return noParser;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (/[\\/]src[\\/].*[\\/]locales[\\/][\w-]+\.json$/.test(file)) {
        const catalogue = JSON.parse(code) as Record<string, string>;
        const compiled = Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, parse(text)]));
        return { code: JSON.stringify(compiled), map: null };
      }
      if (!/[\\/]src[\\/](.*[\\/])?messages\.ts$/.test(file)) return null;
      const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: ts.Node) => {
        if (
          ts.isPropertyAssignment(node) &&
          node.name.getText(source) === 'defaultMessage' &&
          (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))
        ) {
          const text = JSON.stringify(parse(node.initializer.text));
          edits.push({ start: node.initializer.getStart(source), end: node.initializer.end, text });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      let out = code;
      for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      return { code: out, map: null };
    },
  };
}

/** The API server of `npm run dev` / `npm start` (apps/server). */
const apiTarget = 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/uploads': { target: apiTarget, changeOrigin: true },
};

/**
 * The installable app (issue 49.5, ADR 071): the web app manifest, and src/pwa/sw.ts built into /sw.js with the list
 * of the app shell's files to precache (the rest of the build is cached as pages load it). Registered by main.tsx.
 */
const installable = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    injectManifest: {
      globPatterns: ['index.html', 'boot.js', 'favicon.svg', 'icons/*.png', 'assets/*.css'],
      rollupFormat: 'es',
    },
    manifest: {
      name: 'Lyceum',
      short_name: 'Lyceum',
      description: 'Courses, classes, quizzes and grades of your school, on any device.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#364fc7',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [precompileMessages(), react(), ...(isSsrBuild ? [] : [installable()])],
  // `@/lib/format` is apps/web/src/lib/format (tsconfig.json's paths say the same to the typecheck; vitest.config.ts too).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
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
