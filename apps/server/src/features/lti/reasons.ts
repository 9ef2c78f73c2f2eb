/** Why an authorization request or a deep linking response of a tool ended (the attempts log, the 400's message). */
export const LTI_REASONS = [
  'launched',
  'unknown-client',
  'tool-disabled',
  'redirect-uri-not-registered',
  'invalid-request',
  'hint-invalid',
  'hint-expired',
  'launch-unknown-or-used',
  'login-hint-mismatch',
  'deployment-mismatch',
  'nonce-missing',
  'nonce-reused',
  'item-not-visible',
  'browser-mismatch',
  'session-ended',
  'insecure-url',
  // Deep linking responses (deep-linking.ts).
  'deep-linked',
  'bad-signature',
  'wrong-audience',
  'wrong-issuer',
  'token-expired',
  'invalid-message',
  'data-invalid',
  'data-used',
] as const;
export type LtiReason = (typeof LTI_REASONS)[number];

/** A refused authorization request: the reason logged and answered, with a detail. */
export class LtiRefusal extends Error {
  constructor(
    public readonly reason: LtiReason,
    public readonly detail = '',
  ) {
    super(reason);
  }
}
