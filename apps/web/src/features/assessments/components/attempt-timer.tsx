import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from '@/i18n/intl';
import { formatClock } from '../format';
import { assessmentsMessages as messages } from '../messages';

type Announcement = { message: MessageDescriptor; minutes?: number };

const minutesLeft = (minutes: number): Announcement => ({ message: messages.minutesLeft, minutes });

/** The minutes left at which a screen reader hears the time (and only then). */
export const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const;

/**
 * An attempt that opens this close below a threshold (the server floors its seconds, and the request takes a moment)
 * has just reached it: a 1-minute quiz says "1 minute left." at its start, a 5-minute one "5 minutes left.".
 */
const OPENING_GRACE_SECONDS = 5;

/**
 * The time left, counted down from the server's remaining seconds (`deadline` is a `Date.now()` instant computed
 * from them). Visually a clock; for screen readers a live region that speaks only at 10, 5 and 1 minutes left —
 * on opening too when the attempt starts at one of them (a 1-minute quiz); with under a minute left and no threshold
 * ahead, it says so on opening.
 */
export function AttemptTimer({ deadline, onExpired }: { deadline: number; onExpired: () => void }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => Date.now());
  // What the live region says, formatted when shown (so in the page's language).
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
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

  // On opening: the threshold the attempt starts at, else "under a minute" when no threshold is left to hear.
  useEffect(() => {
    const start = previous.current;
    if (start <= 0) return;
    const at = ANNOUNCE_AT_MINUTES.find((m) => start <= m * 60 && start > m * 60 - OPENING_GRACE_SECONDS);
    if (at !== undefined) setAnnouncement(minutesLeft(at));
    else if (start < 60) setAnnouncement({ message: messages.lessThanMinuteLeft });
  }, []);

  useEffect(() => {
    const before = previous.current;
    previous.current = remaining;
    const crossed = ANNOUNCE_AT_MINUTES.find((m) => before > m * 60 && remaining <= m * 60);
    if (crossed !== undefined && remaining > 0) setAnnouncement(minutesLeft(crossed));
    if (remaining === 0 && !expired.current) {
      expired.current = true;
      setAnnouncement({ message: messages.timeUp });
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
      <VisuallyHidden>{intl.formatMessage(messages.timeLeft, { minutes: Math.ceil(remaining / 60) })}</VisuallyHidden>
      <VisuallyHidden aria-live="assertive" aria-atomic="true">
        {announcement ? intl.formatMessage(announcement.message, { minutes: announcement.minutes }) : ''}
      </VisuallyHidden>
    </>
  );
}
