/** The `page` parameter of a list address: a whole number from 1, anything else reads as 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The `page` value to put in an address: none for the first page. */
export function pageParam(page: number | undefined): string | undefined {
  return page && page > 1 ? String(page) : undefined;
}

/** A copy of `params` with each given key set, or removed when its value is empty (in the order given). */
export function withParams(params: URLSearchParams, values: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(values)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
