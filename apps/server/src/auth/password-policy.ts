import { ACCOUNT_MESSAGES } from '@lyceum/contract';
import { fieldError } from '../lib/errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** True for a password an attacker tries first: a listed common one (any letter case) or one repeated character. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase()) || /^(.)\1*$/su.test(password);
}

/**
 * The password policy of every place a password is set (registration on /api and v1 E3, change, reset, the
 * admin CLI): the contract's length rule (PasswordSchema, 8-128) plus this one.
 * 400 `"<field> is one of the most common passwords; choose another"` for a common password. */
export function assertUncommonPassword(password: string, field = 'newPassword'): void {
  if (isCommonPassword(password)) throw fieldError(field, ACCOUNT_MESSAGES.commonPassword);
}
