import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from '@/i18n/intl';
import { useHasBeenTrue } from '@/lib/use-has-been-true';
import { useReturnFocus } from '@/lib/use-return-focus';
import { homeMessages as messages } from './messages';

const loadModal = () => import('./how-it-works-modal');

// Fetched when first asked for (or about to be: pointer over, or focus on, the button), so the walkthrough is not
// part of the home page's first download.
const HowItWorksModal = lazy(async () => ({ default: (await loadModal()).HowItWorksModal }));

/** The hero's "watch how it works" (spec §1): opens an illustrated three-step walkthrough. */
export function HowItWorksButton() {
  const [opened, setOpened] = useState(false);
  const needed = useHasBeenTrue(opened);
  const prefetch = () => void loadModal();
  const buttonRef = useReturnFocus<HTMLButtonElement>(opened);
  const intl = useIntl();
  return (
    <>
      <Button
        ref={buttonRef}
        size="lg"
        variant="subtle"
        leftSection={<IconPlayerPlay aria-hidden />}
        aria-haspopup="dialog"
        onClick={() => setOpened(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {intl.formatMessage(messages.watchHowItWorks)}
      </Button>
      {needed ? (
        <Suspense fallback={null}>
          <HowItWorksModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
