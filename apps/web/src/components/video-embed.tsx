import { videoEmbed } from '@lyceum/contract/constants';
import { Anchor, AspectRatio, Box } from '@mantine/core';

/**
 * A course's or a lesson's video: a YouTube (privacy-enhanced host) or Vimeo player, or the file in an HTML5
 * player. Nothing at all for a missing or unplayable link.
 */
export function VideoEmbed({ link, title }: { link: string; title: string }) {
  const embed = videoEmbed(link);
  if (!embed) return null;
  return (
    <Box style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }} bg="dark.9">
      <AspectRatio ratio={16 / 9}>
        {embed.kind === 'file' ? (
          <video controls preload="metadata" src={embed.src} aria-label={`Video: ${title}`}>
            Your browser cannot play this video here.{' '}
            <Anchor href={embed.src} c="white">
              Open the video file
            </Anchor>
            .
          </video>
        ) : (
          <iframe
            src={embed.src}
            title={`Video: ${title}`}
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ border: 0 }}
          />
        )}
      </AspectRatio>
    </Box>
  );
}
