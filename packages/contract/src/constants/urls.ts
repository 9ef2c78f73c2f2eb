// Addresses both sides build or check: pictures under /uploads, links on a profile.

/** `/uploads/<name>` for a stored image name, or null. */
export function imageUrl(name: string | null | undefined): string | null {
  return name ? `/uploads/${encodeURIComponent(name)}` : null;
}

/** True for an absolute http: or https: URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
