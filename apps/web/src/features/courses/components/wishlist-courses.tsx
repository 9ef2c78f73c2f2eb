import type { WishlistItem } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBookmarkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CourseCard } from '@/components/course-card';
import { EmptySection } from '@/components/empty-section';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useErrorToast } from '@/lib/use-error-toast';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { CourseGrid, CourseGridSkeleton } from './course-grid';

function RemoveButton({ item, onRemoved }: { item: WishlistItem; onRemoved?: () => void }) {
  const remove = useRemoveFromWishlist();
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      c="red.9"
      leftSection={<IconBookmarkOff size={16} aria-hidden />}
      loading={remove.isPending}
      aria-label={`Remove ${item.course.title} from the wishlist`}
      onClick={() =>
        remove.mutate(item.course.id, {
          onSuccess: () => {
            notifySuccess(MESSAGES.removedFromWishlist);
            onRemoved?.();
          },
          onError: () => notifyError(MESSAGES.removeFromWishlistFailed),
        })
      }
    >
      Remove
    </Button>
  );
}

/** Wishlist Courses (spec §2): the student's saved courses, most recently added first, each removable. */
export function WishlistCourses({ onRemoved }: { onRemoved?: () => void }) {
  const [page, setPage] = useState(1);
  const query = useWishlist(page);
  useErrorToast(query.isError, MESSAGES.viewWishlistFailed, 'wishlist-failed');

  if (query.isPending) return <CourseGridSkeleton count={3} label="Loading your wishlist…" />;
  if (query.isError) {
    return (
      <LoadError
        title="Your wishlist could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  }
  const { items, total, pageSize } = query.data;
  if (items.length === 0) {
    // Removing the last card of a later page: show the page before.
    if (page > 1 && total > 0) setPage(Math.ceil(total / pageSize));
    return (
      <EmptySection
        message={MESSAGES.emptyWishlist}
        description="Save courses from their page with the Wishlist button."
      >
        <Button component={Link} to={paths.courses.href()} variant="default">
          Browse courses
        </Button>
      </EmptySection>
    );
  }
  return (
    <Stack>
      <CourseGrid
        items={items}
        keyOf={(item) => item.course.id}
        renderItem={(item) => (
          <CourseCard
            course={item.course}
            headingOrder={2}
            actions={
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  Added {formatDate(item.addedAt)}
                </Text>
                <Group gap={6}>
                  <RemoveButton item={item} onRemoved={onRemoved} />
                  <Button
                    component={Link}
                    to={paths.courseDetails.href(item.course.id)}
                    size="xs"
                    variant="light"
                    aria-label={`View ${item.course.title}`}
                  >
                    View
                  </Button>
                </Group>
              </Group>
            }
          />
        )}
      />
      <ListPagination
        page={query.data.page}
        pageSize={pageSize}
        total={total}
        onChange={setPage}
        label="Wishlist pages"
      />
    </Stack>
  );
}
