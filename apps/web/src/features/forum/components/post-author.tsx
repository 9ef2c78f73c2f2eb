import type { PublicUser, Role } from '@lyceum/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { UserAvatar } from '@/components/user-avatar';
import { formatDateTime } from '@/lib/format';
import { useTimeZone } from '@/lib/use-time-zone';

export interface PostAuthorProps {
  author: PublicUser;
  /** The role recorded with the post: teachers carry a badge. */
  role: Role;
  /** ISO timestamp. */
  date: string;
  /** Before the date, e.g. "Asked", "Answered", "Updated". */
  dateLabel: string;
  avatarSize?: number;
}

/** Who wrote a post and when: avatar, username, a teacher badge, and the date as "Sun, Nov 22, 4:05 PM". */
export function PostAuthor({ author, role, date, dateLabel, avatarSize = 36 }: PostAuthorProps) {
  const timeZone = useTimeZone();
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <UserAvatar image={author.profileImage} size={avatarSize} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate="end">
            {author.username}
          </Text>
          {role === 'teacher' ? (
            <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
              Teacher
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {dateLabel} <time dateTime={date}>{formatDateTime(date, timeZone)}</time>
        </Text>
      </Stack>
    </Group>
  );
}
