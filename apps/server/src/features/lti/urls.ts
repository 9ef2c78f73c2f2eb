import { fieldError } from '#lib/errors.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What a tool's URL must be, as the refusal says it. */
export const SECURE_URL_RULE =
  'must be an https:// URL (http:// only to localhost or 127.0.0.1, and not in production)';

/**
 * Whether a tool's URL may be used (issue 51): id_tokens, message hints and deep linking answers travel to and from
 * it, so https always; http only to a loopback host (a tool on the same machine, as the tests' ltijs) and never in
 * production (config.env, the one reader of NODE_ENV).
 */
export function secureToolUrl(value: string, allowLoopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/** A 400 naming the first field whose URL may not be used ('' stands for no URL). */
export function requireSecureUrls(fields: Record<string, string | string[] | undefined>, allowLoopbackHttp: boolean) {
  for (const [name, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    values.forEach((url, index) => {
      if (url === '' || secureToolUrl(url, allowLoopbackHttp)) return;
      throw fieldError(Array.isArray(value) ? `${name}.${index}` : name, SECURE_URL_RULE);
    });
  }
}
