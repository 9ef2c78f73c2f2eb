// Video links of courses: what the web app can play, and what the server accepts.

export type VideoEmbed = { kind: 'youtube' | 'vimeo' | 'file'; src: string };

export const VIDEO_FILE_EXTENSIONS = ['.mp4', '.webm', '.ogg'] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * How to play a course's video link: a YouTube or Vimeo embed URL (privacy-enhanced host for
 * YouTube), or the file itself for an HTML5 `<video>`. Null for anything else, including ''.
 */
export function videoEmbed(link: string | null | undefined): VideoEmbed | null {
  const value = (link ?? '').trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);

  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    let id: string | null | undefined;
    if (host === 'youtu.be') id = segments[0];
    else if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return { kind: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}` };
  }

  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...segments].reverse().find((segment) => /^\d{5,12}$/.test(segment));
    if (!id) return null;
    const hash = segments[segments.indexOf(id) + 1];
    const query = hash && /^[0-9a-f]{6,20}$/i.test(hash) ? `?h=${hash}` : '';
    return { kind: 'vimeo', src: `https://player.vimeo.com/video/${id}${query}` };
  }

  const path = url.pathname.toLowerCase();
  if (VIDEO_FILE_EXTENSIONS.some((extension) => path.endsWith(extension))) {
    return { kind: 'file', src: url.toString() };
  }
  return null;
}
