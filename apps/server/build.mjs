// Bundles the server into dist/server.js. npm packages stay external (installed at run time); `#lib/…` and the other
// subpath imports of package.json are ours and bundled;
// the workspace contract, which ships as TypeScript source, is bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/db/cli.ts', 'src/admin-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./#]/ }, (args) =>
          args.path.startsWith('@lyceum/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log('server built: dist/server.js');
