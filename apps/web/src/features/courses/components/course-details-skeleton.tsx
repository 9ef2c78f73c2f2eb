import { Grid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** The course page while its data (or, on first visit, its code) loads: the layout of the page to come. */
export function CourseDetailsSkeleton() {
  return (
    <div role="status">
      <VisuallyHidden>Loading the course…</VisuallyHidden>
      <Stack gap="md" aria-hidden>
        <Skeleton height={14} width={160} />
        <Skeleton height={36} width="70%" />
        <Skeleton height={16} width={220} />
        <Grid gap="xl" mt="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton height={320} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton height={260} radius="lg" />
          </Grid.Col>
        </Grid>
      </Stack>
    </div>
  );
}
