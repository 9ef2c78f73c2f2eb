import { Button, Card, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ListPagination } from '../../../components/list-pagination';
import { LoadError } from '../../../components/load-error';
import { RichTextView } from '../../../components/rich-text-view';
import { toastMessageOf } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { usePostAnnouncement } from '../api/class-mutations';
import { useStream } from '../api/class-lists';
import { formatDateTime } from './accommodation-text';

/** Plain text as paragraphs of HTML (escaped): the server sanitises whatever arrives anyway. */
function paragraphsOf(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escape(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function PostForm({ classId }: { classId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [emailNow, setEmailNow] = useState(false);
  const post = usePostAnnouncement(classId);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write something to announce');
      return;
    }
    post.mutate(
      { bodyHtml: paragraphsOf(text), emailNow },
      {
        onSuccess: () => {
          setText('');
          setEmailNow(false);
        },
        onError: (failure) => notifyError(toastMessageOf(failure, 'The announcement could not be posted')),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="New announcement">
      <Stack gap="xs">
        <Textarea
          label="Announce something to your class"
          autosize
          minRows={2}
          maxRows={10}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label="Also e-mail it now"
            description="Members who get announcements in the daily summary receive this one at once (not those who turned them off)."
            checked={emailNow}
            onChange={(e) => setEmailNow(e.currentTarget.checked)}
            maw={520}
          />
          <Button type="submit" loading={post.isPending}>
            Post
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The class stream, newest first; its teachers post to it. */
export function ClassStream({ classId, as, canPost }: { classId: string; as: 'teacher' | 'member'; canPost: boolean }) {
  const [page, setPage] = useState(1);
  const stream = useStream(classId, as, page);
  return (
    <Stack gap="md">
      {canPost ? <PostForm classId={classId} /> : null}
      {stream.isError ? (
        <LoadError title="The stream could not be loaded" onRetry={() => void stream.refetch()} />
      ) : !stream.data ? (
        <Text c="dimmed">Loading the stream…</Text>
      ) : stream.data.total === 0 ? (
        <Text c="dimmed">No announcements yet.</Text>
      ) : (
        <>
          {stream.data.items.map((item) => (
            <Card key={item.id} withBorder radius="md" padding="md" component="article">
              <Text size="sm" c="dimmed" mb="xs">
                {item.authorName ?? 'A former teacher'} · {formatDateTime(item.createdAt)}
              </Text>
              <RichTextView html={item.bodyHtml} />
            </Card>
          ))}
          <ListPagination
            page={page}
            pageSize={stream.data.pageSize}
            total={stream.data.total}
            onChange={setPage}
            label="Stream pages"
          />
        </>
      )}
    </Stack>
  );
}
