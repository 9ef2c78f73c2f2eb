import { ActionIcon, Affix, Transition, useDirection } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useIntl } from '@/i18n/intl';
import { siteHeaderMessages as messages } from './messages';

/**
 * The floating "scroll to top" button, shown once the page is scrolled. Its own chunk, fetched on the first scroll:
 * a visitor who reads only the top of a page never downloads it (ADR 013's budget). Not on phones, where a floating
 * button would cover the controls scrolling under it (and the attempt's bottom bar): the footer's "Back to top" link
 * is theirs (ADR 047).
 */
export function ScrollTopButton({ mounted, onClick }: { mounted: boolean; onClick(): void }) {
  const intl = useIntl();
  const { dir } = useDirection();
  return (
    <Affix position={dir === 'rtl' ? { bottom: 24, left: 24 } : { bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={mounted}>
        {(styles) => (
          <ActionIcon
            visibleFrom="sm"
            size={48}
            radius="xl"
            variant="filled"
            style={{ ...styles, boxShadow: 'var(--mantine-shadow-md)' }}
            aria-label={intl.formatMessage(messages.scrollToTop)}
            onClick={onClick}
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
