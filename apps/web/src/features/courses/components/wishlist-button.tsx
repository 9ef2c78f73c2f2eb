import { MESSAGES } from '@lyceum/contract/constants';
import { Button } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { useIntl } from '@/i18n/intl';
import { coursesMessages as m } from '../messages';

export interface WishlistButtonProps {
  courseId: string;
  inWishlist: boolean;
  /** After the wishlist changed (e.g. to refresh the dashboard counters). */
  onChanged?: () => void;
}

/**
 * The Wishlist bookmark (spec §2): a toggle button, pressed while the course is in the student's wishlist.
 * Adding a course that is already there is no error: the server answers "in wishlist" either way (spec §4).
 */
export function WishlistButton({ courseId, inWishlist, onChanged }: WishlistButtonProps) {
  const add = useAddToWishlist();
  const intl = useIntl();
  const remove = useRemoveFromWishlist();
  const busy = add.isPending || remove.isPending;

  const toggle = () => {
    if (inWishlist) {
      remove.mutate(courseId, {
        onSuccess: () => {
          notifySuccess(MESSAGES.removedFromWishlist);
          onChanged?.();
        },
        onError: () => notifyError(MESSAGES.removeFromWishlistFailed),
      });
    } else {
      add.mutate(courseId, {
        onSuccess: () => {
          notifySuccess(MESSAGES.addedToWishlist);
          onChanged?.();
        },
        onError: () => notifyError(MESSAGES.wishlistFailed),
      });
    }
  };

  return (
    <Button
      variant={inWishlist ? 'light' : 'default'}
      color={inWishlist ? 'pink' : undefined}
      c={inWishlist ? 'pink.9' : undefined}
      leftSection={inWishlist ? <IconBookmarkFilled size={18} aria-hidden /> : <IconBookmark size={18} aria-hidden />}
      aria-pressed={inWishlist}
      loading={busy}
      onClick={toggle}
    >
      {intl.formatMessage(m.wishlist)}
    </Button>
  );
}
