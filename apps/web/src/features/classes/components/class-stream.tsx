import { Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePostAnnouncement } from '../api/class-mutations';
import { useStream } from '../api/class-lists';
import { classesMessages as messages } from '../messages';
import { formatDateTime } from './accommodation-text';
import { softDisabled } from '@/lib/soft-disabled';

const AboutEditor = lazy(async () => ({
  default: (await import('@/components/rich-text-editor/about-editor')).AboutEditor,
}));

function PostForm({ classId }: { classId: string }) {
  const t = useIntl().formatMessage;
  const [html, setHtml] = useState('');
  // A new key remounts the editor empty after a post.
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [emailNow, setEmailNow] = useState(false);
  const post = usePostAnnouncement(classId);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!html.trim()) {
      setError(t(messages.writeSomething));
      return;
    }
    post.mutate(
      { bodyHtml: html, emailNow },
      {
        onSuccess: () => {
          setHtml('');
          setEmailNow(false);
          setRound((n) => n + 1);
          notifySuccess(t(messages.announcementPosted));
        },
        onError: (failure) => notifyError(toastMessageOf(failure, t(messages.announcementFailed))),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t(messages.newAnnouncement)}>
      <Stack gap="xs">
        <Suspense fallback={<Text c="dimmed">{t(messages.loadingEditor)}</Text>}>
          <AboutEditor
            key={round}
            label={t(messages.announceLabel)}
            value={html}
            onChange={(value) => {
              setHtml(value);
              setError(null);
            }}
            error={error}
          />
        </Suspense>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label={t(messages.emailNow)}
            description={t(messages.emailNowHint)}
            checked={emailNow}
            onChange={(e) => setEmailNow(e.currentTarget.checked)}
            maw={520}
          />
          {/* Focus stays on Post while it sends and after (a disabled button would drop it to the page). */}
          <Button type="submit" {...softDisabled(post.isPending)} aria-busy={post.isPending}>
            {t(messages.post)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The class stream, newest first; its teachers post to it. */
export function ClassStream({ classId, as, canPost }: { classId: string; as: 'teacher' | 'member'; canPost: boolean }) {
  const t = useIntl().formatMessage;
  const [page, setPage] = useState(1);
  const stream = useStream(classId, as, page);
  return (
    <Stack gap="md">
      {canPost ? <PostForm classId={classId} /> : null}
      {stream.isError ? (
        <LoadError title={t(messages.streamLoadFailed)} onRetry={() => void stream.refetch()} />
      ) : !stream.data ? (
        <Text c="dimmed">{t(messages.loadingStream)}</Text>
      ) : stream.data.total === 0 ? (
        <Text c="dimmed">{t(messages.noAnnouncements)}</Text>
      ) : (
        <>
          {stream.data.items.map((item) => (
            <Card key={item.id} withBorder radius="md" padding="md" component="article">
              <Text size="sm" c="dimmed" mb="xs">
                {item.authorName ?? t(messages.formerTeacher)} · {formatDateTime(item.createdAt)}
              </Text>
              <RichTextView html={item.bodyHtml} />
            </Card>
          ))}
          <ListPagination
            page={page}
            pageSize={stream.data.pageSize}
            total={stream.data.total}
            onChange={setPage}
            label={t(messages.streamPages)}
          />
        </>
      )}
    </Stack>
  );
}
