import type { MessageText } from './intl';

/** ICU text, or its syntax tree once precompiled by the build (vite.config.ts `precompileMessages`). */
export type Messages = Record<string, MessageText>;

/**
 * A language's catalogue: the per-folder files (`<folder>/locales/<language>.json`, docs/i18n.md) merged into one
 * id → ICU message map. Each folder owns the ids it prefixes, so the files never overlap (npm run i18n:check).
 */
export function mergeCatalogues(files: Record<string, Messages>): Messages {
  return Object.assign({}, ...Object.values(files)) as Messages;
}
