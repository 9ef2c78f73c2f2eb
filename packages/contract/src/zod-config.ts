import { z } from 'zod';

/**
 * Field messages read "<field> is required" / "<field> is invalid" once the path is
 * prefixed, on the server and in forms alike.
 */
z.config({
  customError: (issue) => {
    if (issue.input === undefined || issue.input === null) return 'is required';
    if (issue.code === 'invalid_type') return 'is invalid';
    return undefined;
  },
});
