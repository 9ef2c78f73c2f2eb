import { Badge, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAssessment } from '../api/get-assessment';
import { usePublishAssessment } from '../api/save-assessment';
import { assessmentsMessages } from '../messages';
import { authoringMessages as messages } from '../authoring/messages';
import { AssessmentParts } from './assessment-parts';
import { AttemptLog } from './attempt-log';
import { AssessmentSettings } from './assessment-settings';
import { useAssessmentText } from './use-assessment-text';

const TABS = ['questions', 'settings', 'attempts'] as const;

/** An assessment's authoring screen: publish state, its questions and its settings. */
export function AssessmentEditor({ courseId, itemId }: { courseId: string; itemId: string }) {
  const { intl, kindLabel } = useAssessmentText();
  const t = intl.formatMessage;
  const query = useAssessment(courseId, itemId);
  const publish = usePublishAssessment(courseId, itemId);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = TABS.find((t) => t === searchParams.get('tab')) ?? 'questions';
  if (query.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t(assessmentsMessages.loadingAssessment)}>
        <Skeleton height={60} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <LoadError
        title={t(assessmentsMessages.assessmentLoadFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {toastMessageOf(query.error, t(assessmentsMessages.tryAgainSoon))}
      </LoadError>
    );
  const a = query.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Badge variant="filled" color="indigo.8" radius="sm">
              {kindLabel(a.kind)}
            </Badge>
            <Badge variant="filled" color={a.published ? 'teal.9' : 'gray.7'} radius="sm">
              {t(messages.publishState, { published: a.published ? 'yes' : 'no' })}
            </Badge>
            <Text size="sm" c="dimmed">
              {t(messages.counts, { questions: a.questionCount, attempts: a.attemptCount })}
            </Text>
          </Group>
          <Button
            variant={a.published ? 'default' : 'filled'}
            leftSection={a.published ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
            loading={publish.isPending}
            onClick={() =>
              publish.mutate(
                { version: a.version, published: !a.published },
                {
                  onSuccess: (saved) => notifySuccess(t(saved.published ? messages.published : messages.unpublished)),
                  onError: (error) =>
                    notifyError(
                      error instanceof ApiError && error.status === 409 && !error.serverMessage
                        ? t(messages.changedReload)
                        : toastMessageOf(error, t(messages.publishFailed)),
                    ),
                },
              )
            }
          >
            {t(messages.publishAction, { published: a.published ? 'yes' : 'no' })}
          </Button>
        </Group>
        {!a.published && a.questionCount === 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t(messages.addQuestionsFirst)}
          </Text>
        ) : null}
      </Paper>
      <Tabs
        value={tab}
        onChange={(value) => {
          // The tab is in the address, so "All attempts" on an attempt's page comes back to the Attempts tab.
          const next = new URLSearchParams(searchParams);
          if (value && value !== 'questions') next.set('tab', value);
          else next.delete('tab');
          setSearchParams(next, { replace: true });
        }}
        keepMounted
      >
        <Tabs.List>
          <Tabs.Tab value="questions">{t(messages.tabQuestions)}</Tabs.Tab>
          <Tabs.Tab value="settings">{t(messages.tabSettings)}</Tabs.Tab>
          <Tabs.Tab value="attempts">{t(messages.tabAttempts)}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questions" pt="md">
          <AssessmentParts assessment={a} courseId={courseId} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <AssessmentSettings assessment={a} courseId={courseId} />
        </Tabs.Panel>
        <Tabs.Panel value="attempts" pt="md">
          <AttemptLog assessment={a} courseId={courseId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
