import { SSO_REASONS, type SsoReason } from '@lyceum/contract';

export { SSO_REASONS, type SsoReason };

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
