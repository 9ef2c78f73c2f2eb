import { imageUrl } from '@lyceum/contract/constants';
import { Image } from '@mantine/core';

/** Shipped in public/: shown when a user has no profile image, or when it fails to load. */
export const DEFAULT_AVATAR_SRC = '/default-avatar.svg';

export interface UserAvatarProps {
  /** Stored image name under /uploads, or null for the default picture. */
  image: string | null | undefined;
  size: number;
  /** Leave empty when the name is written next to the avatar anyway. */
  alt?: string;
}

export function UserAvatar({ image, size, alt = '' }: UserAvatarProps) {
  return (
    <Image
      src={imageUrl(image) ?? DEFAULT_AVATAR_SRC}
      fallbackSrc={DEFAULT_AVATAR_SRC}
      alt={alt}
      w={size}
      h={size}
      radius={size}
      fit="cover"
      style={{ flexShrink: 0 }}
    />
  );
}
