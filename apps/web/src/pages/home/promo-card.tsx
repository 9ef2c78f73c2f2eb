import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './promo-card.module.css';

/** Spec §2 promo card: "Online coaching lessons for remote learning." and "start learning now" to the catalogue. */
export function PromoCard() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={classes.card}>
      <Stack gap="md" align="flex-start">
        <Text fw={700} tt="uppercase" fz="sm" c="orange.9">
          Learn from anywhere
        </Text>
        <Title order={2} id={headingId} fz={{ base: 26, sm: 36 }} lh={1.15}>
          Online coaching lessons for remote learning.
        </Title>
        <Text size="lg" c="gray.8" maw={520}>
          Watch a teacher&rsquo;s introduction, follow the course at your own pace from home or on the road, and ask the
          community when you get stuck.
        </Text>
        <Button size="lg" component={Link} to={paths.courses.href()} rightSection={<IconArrowRight aria-hidden />}>
          Start learning now
        </Button>
      </Stack>
      <img
        className={classes.picture}
        src="/home/remote-learning.svg"
        width={480}
        height={360}
        alt=""
        loading="lazy"
        decoding="async"
      />
    </section>
  );
}
