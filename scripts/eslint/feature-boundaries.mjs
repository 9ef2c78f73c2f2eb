// ESLint rule `lyceum/feature-boundaries` (DESIGN.md's layout, ADR 058): a file of apps/<app>/src/features/<a>/ never
// imports apps/<app>/src/features/<b>/ — neither by a relative path nor by the aliases (`#features/…` on the server,
// `@/features/…` in the web app). What two features share lives in lib/ (or the contract); the app wires features
// together in one place (the server's core.ts / plugins, the web app's pages and app/).
import path from 'node:path';

const FEATURE_FILE = /^(.*[\\/]apps[\\/](server|web)[\\/]src)[\\/]features[\\/]([^\\/]+)[\\/]/;

/** The absolute path an import specifier names, or undefined for a package. */
function target(specifier, file, srcDir, app) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  if (app === 'server' && specifier.startsWith('#features/')) return path.join(srcDir, specifier.slice(1));
  if (app === 'web' && specifier.startsWith('@/')) return path.join(srcDir, specifier.slice(2));
  return undefined;
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature never imports another feature (apps/*/src/features/<name>).' },
    messages: {
      crossing:
        'features/{{from}} imports features/{{to}}: features never import each other. Move what both need to lib/ (or the contract), or wire them together outside features/.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const match = FEATURE_FILE.exec(file);
    if (!match) return {};
    const [, srcDir, app, feature] = match;
    const featuresDir = path.join(srcDir, 'features') + path.sep;
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const to = target(source.value, file, srcDir, app);
      if (!to || !to.startsWith(featuresDir)) return;
      const other = to.slice(featuresDir.length).split(path.sep)[0];
      if (other && other !== feature)
        context.report({ node: source, messageId: 'crossing', data: { from: feature, to: other } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
