import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatClock } from '../format';

/** The minutes left at which a screen reader hears the time (and only then). */
export const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const;

/**
 * The time left, counted down from the server's remaining seconds (`deadline` is a `Date.now()` instant computed
 * from them). Visually a clock; for screen readers a live region that speaks only at 10, 5 and 1 minutes left.
 */
export function AttemptTimer({ deadline, onExpired }: { deadline: number; onExpired: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));
  const previous = useRef(remaining);
  const expired = useRef(false);
  const onExpiredRef = useRef(onExpired);
  useEffect(() => {
    onExpiredRef.current = onExpired;
  });

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const before = previous.current;
    previous.current = remaining;
    const crossed = ANNOUNCE_AT_MINUTES.find((m) => before > m * 60 && remaining <= m * 60);
    if (crossed !== undefined && remaining > 0)
      setAnnouncement(`${crossed} ${crossed === 1 ? 'minute' : 'minutes'} left.`);
    if (remaining === 0 && !expired.current) {
      expired.current = true;
      setAnnouncement('Time is up. Your saved answers are being submitted.');
      onExpiredRef.current();
    }
  }, [remaining]);

  const low = remaining <= 60;
  return (
    <>
      <Group gap={6} wrap="nowrap" aria-hidden>
        <IconClock size={18} color={low ? 'var(--mantine-color-red-9)' : undefined} />
        <Text
          fw={700}
          ff="monospace"
          fz="lg"
          c={low ? 'red.9' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatClock(remaining)}
        </Text>
      </Group>
      <VisuallyHidden>Time left: {Math.ceil(remaining / 60)} minutes</VisuallyHidden>
      <VisuallyHidden aria-live="assertive" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
