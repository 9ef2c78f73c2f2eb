/** Why a sign-in through a provider ended: the code in the attempts log and in the login page's `sso_error`. */
export const SSO_REASONS = [
  'signed-in',
  'unknown-provider',
  'provider-unreachable',
  'provider-error',
  'state-missing',
  'state-unknown-or-used',
  'state-expired',
  'browser-mismatch',
  'wrong-audience',
  'wrong-issuer',
  'wrong-nonce',
  'token-expired',
  'bad-signature',
  'token-refused',
  'domain-not-allowed',
  'tenant-not-allowed',
  'email-missing',
  'email-not-verified',
  'account-suspended',
] as const;
export type SsoReason = (typeof SSO_REASONS)[number];

/**
 * The reason of a refusal thrown by openid-client while it checked the token response (its messages name the
 * claim: "unexpected JWT "aud" (audience) claim value", …).
 */
export function tokenRefusalReason(error: unknown): SsoReason {
  const text = errorText(error);
  if (/"aud"|audience|azp/i.test(text)) return 'wrong-audience';
  if (/"iss"|issuer/i.test(text)) return 'wrong-issuer';
  if (/nonce/i.test(text)) return 'wrong-nonce';
  if (/"exp"|expired|timestamp check failed/i.test(text)) return 'token-expired';
  if (/signature|alg|JWS|key/i.test(text)) return 'bad-signature';
  return 'token-refused';
}

export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`.slice(0, 500);
}
