import { z } from 'zod';

/**
 * The contract's zod, configured once. Every schema module imports `z` from here (not from 'zod'), so the
 * configuration runs wherever a schema exists — also in a bundle that leaves this module out when it uses no
 * schema (the package is side-effect free: docs/decisions/013-browser-contract-and-js-budget.md).
 *
 * Field messages read "<field> is required" / "<field> is invalid" once the path is prefixed, on the server and
 * in forms alike.
 */
z.config({
  // In the browser the web app's CSP forbids eval: zod would probe it with `Function('')` (a CSP violation that
  // Lighthouse reports) to decide on JIT-compiled parsers. The server keeps the faster JIT.
  jitless: 'document' in globalThis,
  customError: (issue) => {
    if (issue.input === undefined || issue.input === null) return 'is required';
    if (issue.code === 'invalid_type') return 'is invalid';
    return undefined;
  },
});

export { z };
