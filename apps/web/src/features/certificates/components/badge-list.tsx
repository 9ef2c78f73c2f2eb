import type { BadgeId } from '@lyceum/contract';
import { BADGES } from '@lyceum/contract/constants';
import { Card, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconFlame, IconMessageCheck, IconSchool, IconStars, type Icon } from '@tabler/icons-react';
import { LoadError } from '@/components/load-error';
import { formatDate } from '@/lib/format-date';
import { useTimeZone } from '@/lib/use-time-zone';
import { useBadges } from '../api/certificates';

const ICONS: Record<BadgeId, { icon: Icon; color: string }> = {
  'first-lesson': { icon: IconSchool, color: 'blue' },
  'first-course': { icon: IconAward, color: 'teal' },
  'five-courses': { icon: IconStars, color: 'grape' },
  'accepted-answer': { icon: IconMessageCheck, color: 'indigo' },
  'week-streak': { icon: IconFlame, color: 'orange' },
};

/** The student's badges on the profile: every badge of the set, earned ones in colour with their date. */
export function BadgeList() {
  const query = useBadges();
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="badges-heading">
      <Title order={2} fz={22} id="badges-heading" mb={4}>
        Badges
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {query.data ? `${query.data.earned} of ${BADGES.length} earned.` : 'Earned by learning on Lyceum.'}
      </Text>
      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} role="status" aria-label="Loading badges">
          {BADGES.map((badge) => (
            <Skeleton key={badge.id} h={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <LoadError
          title="Your badges could not be loaded"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </LoadError>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {BADGES.map((badge) => {
            const state = query.data.badges.find((b) => b.id === badge.id);
            const earned = state?.earned ?? false;
            const { icon: BadgeIcon, color } = ICONS[badge.id];
            return (
              <Card
                key={badge.id}
                component="li"
                withBorder
                radius="md"
                padding="md"
                aria-label={`${badge.name}: ${earned ? 'earned' : 'not earned yet'}`}
              >
                <Stack gap={6} align="flex-start">
                  <ThemeIcon
                    size={40}
                    radius="xl"
                    color={earned ? color : 'gray'}
                    variant={earned ? 'filled' : 'light'}
                  >
                    <BadgeIcon size={22} aria-hidden />
                  </ThemeIcon>
                  <Text fw={600}>{badge.name}</Text>
                  <Text size="sm" c="dimmed">
                    {badge.description}
                  </Text>
                  <Text size="xs" fw={600} c={earned ? undefined : 'dimmed'}>
                    {earned
                      ? state?.earnedAt
                        ? `Earned ${formatDate(state.earnedAt, timeZone)}`
                        : 'Earned'
                      : 'Not earned yet'}
                  </Text>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
}
