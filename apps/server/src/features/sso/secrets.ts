import { createSecretBox as createBox, type SecretBox } from '#lib/secret-box.js';

export type { SecretBox };

/**
 * Client secrets at rest (ADR 056): AES-256-GCM under a key hashed from SSO_SECRET_KEY (or, unset, from the token
 * signing secret), stored as `v1.<iv>.<ciphertext>.<tag>` in base64url (lib/secret-box.ts, purpose `sso-secrets`:
 * the key of the secrets already stored). The empty secret (a public client) is ''.
 */
export function createSecretBox(keyMaterial: string): SecretBox {
  return createBox(keyMaterial, 'sso-secrets');
}
