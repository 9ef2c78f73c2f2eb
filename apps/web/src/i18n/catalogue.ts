/**
 * A language's catalogue: the per-folder files (`<folder>/locales/<language>.json`, docs/i18n.md) merged into one
 * id → ICU message map. Each folder owns the ids it prefixes, so the files never overlap (npm run i18n:check).
 */
export type Messages = Record<string, string>;

export function mergeCatalogues(files: Record<string, Messages>): Messages {
  return Object.assign({}, ...Object.values(files)) as Messages;
}
