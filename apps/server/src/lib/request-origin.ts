/** A host as a browser sends it (name or IP, optional port): anything else is not printed in a link. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request came to (Host, or X-Forwarded-Host/-Proto from a proxy trusted by TRUST_PROXY), when it is
 * well formed: for links the server writes without PUBLIC_URL (ADR 049).
 */
export function requestOrigin(protocol: string, host: string | undefined): string | undefined {
  if (!host || !HOST.test(host) || !['http', 'https'].includes(protocol)) return undefined;
  return `${protocol}://${host.toLowerCase()}`;
}

/** PUBLIC_URL when it was set; else the request's origin; else the configured default. No trailing slash. */
export function siteOrigin(
  site: { publicUrl: string; publicUrlSet: boolean },
  request: { protocol: string; host: string | undefined },
): string {
  const origin = site.publicUrlSet ? site.publicUrl : (requestOrigin(request.protocol, request.host) ?? site.publicUrl);
  return origin.replace(/\/+$/, '');
}
