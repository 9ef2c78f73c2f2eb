import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useId } from 'react';

export interface StatCardProps {
  label: string;
  /** Already formatted, e.g. "12" or "4.5". */
  value: string;
  icon: Icon;
  color: string;
  /** Small print under the value. */
  hint?: string;
}

/** A labelled group ("Students: 10"), so the number is announced and found together with its name. */
export function StatCard({ label, value, icon: IconComponent, color, hint }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600} id={labelId}>
            {label}
          </Text>
          <Text fz={32} fw={800} lh={1.2} mt={6}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          ) : null}
        </div>
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          <IconComponent size={26} aria-hidden />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** Same footprint as a StatCard while its number loads. */
export function StatCardSkeleton() {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" aria-hidden>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <Skeleton height={12} width="60%" radius="sm" />
          <Skeleton height={30} width={56} radius="sm" mt={14} />
        </div>
        <Skeleton height={48} width={48} radius="md" />
      </Group>
    </Paper>
  );
}
