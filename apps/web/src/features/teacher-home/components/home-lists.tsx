import type { TeacherHome } from '@lyceum/contract';
import { formatDateTime } from '@lyceum/contract/constants';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { teacherHomeMessages as messages } from '../messages';

export const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** A part of the home: its heading, then its list or a line saying there is nothing. */
export function HomePart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Title order={3} fz="lg" id={`${id}-heading`} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** The answers waiting, by course and assessment, oldest first; one click opens the inbox on that assessment. */
export function ToGradeList({ toGrade, timeZone }: { toGrade: TeacherHome['toGrade']; timeZone: string }) {
  const intl = useIntl();
  return (
    <HomePart id="to-grade" title={intl.formatMessage(messages.toGrade)}>
      {toGrade.groups.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(messages.toGradeNone)}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {intl.formatMessage(messages.toGradeTotal, {
              count: toGrade.answers,
              capped: toGrade.capped ? 'yes' : 'no',
            })}
          </Text>
          <Stack component="ul" gap="xs" style={LIST_STYLE}>
            {toGrade.groups.map((group) => (
              <Paper component="li" withBorder radius="md" p="sm" key={group.assessmentId}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Anchor component={Link} to={group.href} fw={700} style={{ overflowWrap: 'anywhere' }}>
                      <bdi dir="auto">{group.assessmentTitle}</bdi>
                    </Anchor>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      <bdi dir="auto">{group.courseTitle}</bdi>
                    </Text>
                    <Text size="sm">
                      {intl.formatMessage(messages.oldest, {
                        date: formatDateTime(group.oldestAt, { style: 'weekday', timeZone }),
                      })}
                    </Text>
                  </Stack>
                  <Badge color="indigo.9" variant="filled" autoContrast style={{ flexShrink: 0 }}>
                    {intl.formatMessage(messages.answers, { count: group.answers })}
                  </Badge>
                </Group>
              </Paper>
            ))}
          </Stack>
          {toGrade.more > 0 ? (
            <Anchor component={Link} to={paths.teacher.gradingInbox.href()} size="sm">
              {intl.formatMessage(messages.moreGroups, { count: toGrade.more })}
            </Anchor>
          ) : null}
        </Stack>
      )}
    </HomePart>
  );
}

/** Work due in the teacher's classes in the next 7 days, with how many handed it in. */
export function DueSoonList({ dueSoon, timeZone }: { dueSoon: TeacherHome['dueSoon']; timeZone: string }) {
  const intl = useIntl();
  return (
    <HomePart id="due-soon" title={intl.formatMessage(messages.dueSoon)}>
      {dueSoon.items.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(messages.dueSoonNone)}</Text>
      ) : (
        <Stack gap="xs">
          <Stack component="ul" gap="xs" style={LIST_STYLE}>
            {dueSoon.items.map((item) => (
              <Paper component="li" withBorder radius="md" p="sm" key={item.assignmentId}>
                <Stack gap={2}>
                  <Anchor component={Link} to={item.href} fw={700} style={{ overflowWrap: 'anywhere' }}>
                    <bdi dir="auto">{item.title}</bdi>
                  </Anchor>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    <bdi dir="auto">{item.className}</bdi>
                    {' · '}
                    {intl.formatMessage(messages.dueAt, {
                      date: formatDateTime(item.dueAt, { style: 'weekday', timeZone }),
                    })}
                  </Text>
                  <Text size="sm">
                    {intl.formatMessage(messages.handedIn, {
                      submitted: item.submitted,
                      learners: item.learners,
                      missing: item.missing,
                    })}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </Stack>
          {dueSoon.more > 0 ? (
            <Anchor component={Link} to={paths.teacher.classes.href()} size="sm">
              {intl.formatMessage(messages.moreDue, { count: dueSoon.more })}
            </Anchor>
          ) : null}
        </Stack>
      )}
    </HomePart>
  );
}

/** The newest forum questions of the teacher's students. */
export function QuestionList({ questions }: { questions: TeacherHome['questions'] }) {
  const intl = useIntl();
  return (
    <HomePart id="questions" title={intl.formatMessage(messages.questions)}>
      {questions.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(messages.questionsNone)}</Text>
      ) : (
        <Stack component="ul" gap="xs" style={LIST_STYLE}>
          {questions.map((question) => (
            <li key={question.id}>
              <Anchor component={Link} to={question.href} fw={600} style={{ overflowWrap: 'anywhere' }}>
                <bdi dir="auto">{question.question}</bdi>
              </Anchor>
              <Text size="sm" c="dimmed">
                <FormattedMessage
                  {...messages.questionBy}
                  values={{ author: <bdi dir="auto">{question.authorName}</bdi>, answers: question.answerCount }}
                />
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </HomePart>
  );
}
