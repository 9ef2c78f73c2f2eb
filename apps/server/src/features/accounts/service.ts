import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import { createAccountContext, type AccountServiceDeps } from './account-context.js';
import { createEmailUndo } from './email-undo.js';
import { createProfile } from './profile.js';
import { createRegistration } from './registration.js';
import { createSignIn } from './sign-in.js';

export {
  ACCOUNT_SUSPENDED,
  EMAIL_TAKEN,
  INVALID_CREDENTIALS,
  USERNAME_TAKEN,
  undoEmailLink,
  type AccountServiceDeps,
  type ProfileImageStore,
} from './account-context.js';
export { nextFreeUsername } from './registration.js';
export { loginFailuresKey, loginGenerationKey, loginHoldKey } from './sign-in.js';

/**
 * Accounts, one module per use case over a shared context (account-context.ts): registering, signing in and out
 * (with the password change), the profile and its picture, undoing an e-mail change.
 */
export function createAccountService(db: Db, tokens: TokenService, deps: AccountServiceDeps) {
  const context = createAccountContext(db, tokens, deps);
  return {
    ...createRegistration(context),
    ...createSignIn(context),
    ...createProfile(context),
    ...createEmailUndo(context),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
