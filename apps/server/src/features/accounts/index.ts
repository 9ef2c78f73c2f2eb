import multipart from '@fastify/multipart';
import { LIMITS } from '@lyceum/contract';
import { feature, type Core } from '#core.js';
import { createPasswordResetService } from './password-reset.js';
import { passwordResetRoutes } from './password-reset-routes.js';
import { profileImageRoutes } from './profile-image-routes.js';
import { accountRoutes } from './routes.js';
import { createAccountService, type ProfileImageStore } from './service.js';

/** Accounts: registration, login, profile and its picture, password resets. */
export function accountsFeature(core: Core, { images }: { images: ProfileImageStore }) {
  const { config, db, guards, mailer, attempts, clock, log } = core;
  const accounts = createAccountService(db, core.tokens, {
    images,
    attempts,
    mailer,
    clock,
    log,
    invalidation: core.invalidation,
    publicUrl: config.publicUrl,
  });
  const passwordResets = createPasswordResetService(db, { mailer, attempts, clock, publicUrl: config.publicUrl, log });
  return feature({
    accounts,
    passwordResets,
    routes: async (api) => {
      await api.register(accountRoutes, { accounts, guards, authRateLimit: config.authRateLimitPerMinute });
      await api.register(passwordResetRoutes, {
        passwordResets,
        authRateLimit: config.authRateLimitPerMinute,
        resetRequestsPerClientPerHour: config.resetRequestsPerClientPerHour,
      });
      await api.register(async (scope) => {
        // multipart/form-data is parsed in this scope only: every other route answers it with 415.
        await scope.register(multipart, { limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 0 } });
        await scope.register(profileImageRoutes, { accounts, guards, imageRateLimit: config.imageRateLimitPerMinute });
      });
    },
  });
}
