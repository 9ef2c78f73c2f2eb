import type { AdminUserDetails, Profile } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Divider,
  Drawer,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconKey, IconSchool, IconTrash, IconUserCancel, IconUserCheck } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadError } from '@/components/load-error';
import { StarRating } from '@/components/star-rating';
import { UserAvatar } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import { FormattedMessage, useIntl, type MessageDescriptor } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteForumAnswer } from '../api/delete-forum-answer';
import { useDeleteForumQuestion } from '../api/delete-forum-question';
import { useDeleteReview } from '../api/delete-review';
import { useUserDetails } from '../api/get-user-details';
import { adminMessages as messages } from '../messages';
import { canManage, fullName, otherRole, type ActionTarget, type UserActionKind } from './user-actions';
import { UserStatusBadge } from './user-status-badge';

export interface UserDetailsDrawerProps {
  /** The user whose details are open; null when the drawer is closed. */
  userId: string | null;
  currentUserId: string | undefined;
  /** A confirmation of an account action is open over the drawer. */
  covered?: boolean;
  onClose: () => void;
  onAction: (kind: UserActionKind, user: ActionTarget) => void;
  /** More about a student, from another feature (the page composes them): e.g. the date of birth (guardians). */
  studentExtra?: (studentId: string) => ReactNode;
}

type Deletion = { kind: 'review' | 'question' | 'answer'; id: string; label: string };

/** A profile, the user's enrolments or courses, reviews and forum activity, with moderation and account actions. */
export function UserDetailsDrawer({
  userId,
  currentUserId,
  covered = false,
  onClose,
  onAction,
  studentExtra,
}: UserDetailsDrawerProps) {
  const intl = useIntl();
  const query = useUserDetails(userId);
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const deleteReview = useDeleteReview();
  const deleteQuestion = useDeleteForumQuestion();
  const deleteAnswer = useDeleteForumAnswer();
  const deleting = deleteReview.isPending || deleteQuestion.isPending || deleteAnswer.isPending;

  function confirmDeletion() {
    if (!deletion) return;
    const [mutation, done, failed] =
      deletion.kind === 'review'
        ? [deleteReview, MESSAGES.reviewDeleted, MESSAGES.reviewDeleteFailed]
        : deletion.kind === 'question'
          ? [deleteQuestion, MESSAGES.questionDeleted, MESSAGES.questionDeleteFailed]
          : [deleteAnswer, MESSAGES.answerDeleted, MESSAGES.answerDeleteFailed];
    mutation.mutate(deletion.id, {
      onSuccess: () => {
        notifySuccess(done);
        setDeletion(null);
      },
      onError: (error) => notifyError(toastMessageOf(error, failed)),
    });
  }

  const name = query.data ? fullName(query.data.profile) : intl.formatMessage(messages.userDetails);
  const confirming = covered || deletion !== null;

  return (
    <>
      {/* Built from parts: Mantine's drawer header is a <header> (a second banner landmark). */}
      {/* Escape closes only the confirmation open over the drawer, not the drawer as well. */}
      <Drawer.Root opened={userId !== null} onClose={onClose} closeOnEscape={!confirming} position="right" size="xl">
        <Drawer.Overlay />
        {/* Mantine names the dialog by its own title part; this drawer has none, so the name is given here.
            While a confirmation is open over it, the drawer is inert, as the modal's aria-modal says it is. */}
        <Drawer.Content aria-label={name} inert={confirming}>
          <Drawer.Body p={{ base: 'md', sm: 'xl' }}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="lg">
              <Title order={2} fz={22} dir={query.data ? 'auto' : undefined}>
                {name}
              </Title>
              <CloseButton size="lg" aria-label={intl.formatMessage(messages.closeDetails)} onClick={onClose} />
            </Group>
            {query.isPending ? (
              <Stack gap="md" aria-hidden>
                <Skeleton height={72} radius="md" />
                <Skeleton height={160} radius="md" />
                <Skeleton height={120} radius="md" />
              </Stack>
            ) : query.isError ? (
              <LoadError
                title={MESSAGES.userDetailsFailed}
                onRetry={() => void query.refetch()}
                retrying={query.isFetching}
              >
                {query.error.message}
              </LoadError>
            ) : (
              <DetailsBody
                details={query.data}
                currentUserId={currentUserId}
                onAction={onAction}
                onDelete={setDeletion}
                studentExtra={studentExtra}
              />
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <ConfirmModal
        opened={deletion !== null}
        title={deletion ? intl.formatMessage(messages.deleteTitle, { kind: deletion.kind }) : ''}
        confirmLabel={intl.formatMessage(messages.confirmDelete)}
        cancelLabel={intl.formatMessage(messages.cancel)}
        danger
        loading={deleting}
        onClose={() => setDeletion(null)}
        onConfirm={confirmDeletion}
      >
        {deletion?.label}
      </ConfirmModal>
    </>
  );
}

interface DetailsBodyProps {
  details: AdminUserDetails;
  currentUserId: string | undefined;
  onAction: (kind: UserActionKind, user: ActionTarget) => void;
  onDelete: (deletion: Deletion) => void;
  studentExtra?: (studentId: string) => ReactNode;
}

function DetailsBody({ details, currentUserId, onAction, onDelete, studentExtra }: DetailsBodyProps) {
  const intl = useIntl();
  const { profile, enrolments, courses, reviews, questions, answers } = details;
  const manageable = canManage(profile, currentUserId);
  const newRole = otherRole(profile.role);
  return (
    <Stack gap="xl">
      <Group gap="md" wrap="nowrap">
        <UserAvatar image={profile.profileImage} size={64} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text c="dimmed" truncate="end">
            {intl.formatMessage(messages.username, { username: profile.username })}
          </Text>
          <Group gap={6}>
            <Badge variant="light" radius="sm">
              {intl.formatMessage(messages.roleName, { role: profile.role })}
            </Badge>
            <UserStatusBadge status={profile.status} />
          </Group>
        </Stack>
      </Group>

      {manageable ? (
        <Group gap="xs" role="group" aria-label={intl.formatMessage(messages.accountActions)}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
            disabled={profile.status !== 'active'}
            onClick={() => onAction('reset', profile)}
          >
            {intl.formatMessage(messages.sendReset)}
          </Button>
          {newRole ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSchool size={16} aria-hidden />}
              onClick={() => onAction('role', profile)}
            >
              {intl.formatMessage(messages.makeRole, { role: newRole })}
            </Button>
          ) : null}
          {profile.status === 'active' ? (
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              leftSection={<IconUserCancel size={16} aria-hidden />}
              onClick={() => onAction('suspend', profile)}
            >
              {intl.formatMessage(messages.suspend)}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="outline"
              color="teal.9"
              leftSection={<IconUserCheck size={16} aria-hidden />}
              onClick={() => onAction('reactivate', profile)}
            >
              {intl.formatMessage(messages.reactivate)}
            </Button>
          )}
        </Group>
      ) : null}

      <ProfileFields profile={profile} />

      {profile.role === 'student' && studentExtra ? studentExtra(profile.id) : null}

      {profile.role === 'teacher' ? (
        <Section
          title={intl.formatMessage(messages.courses)}
          total={courses.total}
          shown={courses.items.length}
          empty={intl.formatMessage(messages.noCourses)}
        >
          {courses.items.map((course) => (
            <List.Item key={course.id}>
              <Anchor component={Link} to={paths.courseDetails.href(course.id)} fw={600}>
                {course.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {intl.formatMessage(messages.courseLine, {
                  category: course.category,
                  status: course.status,
                  count: course.enrolledCount,
                  date: formatDate(course.updatedAt),
                })}
              </Text>
            </List.Item>
          ))}
        </Section>
      ) : (
        <Section
          title={intl.formatMessage(messages.enrolments)}
          total={enrolments.total}
          shown={enrolments.items.length}
          empty={intl.formatMessage(messages.noEnrolments)}
        >
          {enrolments.items.map((enrolment) => (
            <List.Item key={enrolment.course.id}>
              <Anchor component={Link} to={paths.courseDetails.href(enrolment.course.id)} fw={600}>
                {enrolment.course.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {intl.formatMessage(messages.enrolmentLine, {
                  status: enrolment.status,
                  date: formatDate(enrolment.enrolledAt),
                })}
              </Text>
            </List.Item>
          ))}
        </Section>
      )}

      <Section
        title={intl.formatMessage(messages.reviews, { teacher: profile.role === 'teacher' ? 'yes' : 'no' })}
        total={reviews.total}
        shown={reviews.items.length}
        empty={intl.formatMessage(messages.noReviews)}
      >
        {reviews.items.map((review) => (
          <List.Item key={review.id}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={paths.courseDetails.href(review.course.id)} fw={600}>
                  {review.course.title}
                </Anchor>
                <Group gap="xs" mt={2}>
                  <StarRating value={review.rating} size={14} />
                  <Text size="xs" c="dimmed">
                    {intl.formatMessage(messages.reviewMeta, {
                      byStudent: profile.role === 'teacher' ? 'yes' : 'no',
                      student: fullName(review.student),
                      date: formatDate(review.createdAt),
                    })}
                  </Text>
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={4}>
                  {review.text}
                </Text>
              </div>
              <DeleteButton
                label={intl.formatMessage(messages.deleteReviewLabel, { title: review.course.title })}
                onClick={() =>
                  onDelete({
                    kind: 'review',
                    id: review.id,
                    label: intl.formatMessage(messages.deleteReviewBody, { title: review.course.title }),
                  })
                }
              />
            </Group>
          </List.Item>
        ))}
      </Section>

      <div>
        <Title order={3} fz={18} mb={4}>
          {intl.formatMessage(messages.forumActivity)}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {intl.formatMessage(messages.forumCounts, { questions: questions.total, answers: answers.total })}
        </Text>
        <Stack gap="lg">
          <Section
            title={intl.formatMessage(messages.questions)}
            level={4}
            total={questions.total}
            shown={questions.items.length}
            empty={intl.formatMessage(messages.noQuestions)}
          >
            {questions.items.map((question) => (
              <List.Item key={question.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={paths.forumDetails.href(question.id)}
                      fw={600}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {question.question}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {intl.formatMessage(messages.questionMeta, {
                        count: question.answerCount,
                        date: formatDate(question.createdAt),
                      })}
                    </Text>
                  </div>
                  <DeleteButton
                    label={intl.formatMessage(messages.deleteQuestionLabel, { question: question.question })}
                    onClick={() =>
                      onDelete({
                        kind: 'question',
                        id: question.id,
                        label: intl.formatMessage(messages.deleteQuestionBody),
                      })
                    }
                  />
                </Group>
              </List.Item>
            ))}
          </Section>
          <Section
            title={intl.formatMessage(messages.answers)}
            level={4}
            total={answers.total}
            shown={answers.items.length}
            empty={intl.formatMessage(messages.noAnswers)}
          >
            {answers.items.map((answer) => (
              <List.Item key={answer.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={3}>
                      {answer.answer}
                    </Text>
                    <Text size="sm" c="dimmed">
                      <FormattedMessage
                        {...messages.answerOn}
                        values={{
                          question: answer.question.question,
                          date: formatDate(answer.createdAt),
                          link: (chunks: ReactNode[]) => (
                            <Anchor component={Link} to={paths.forumDetails.href(answer.question.id)} inherit>
                              {chunks}
                            </Anchor>
                          ),
                        }}
                      />
                    </Text>
                  </div>
                  <DeleteButton
                    label={intl.formatMessage(messages.deleteAnswerLabel, { question: answer.question.question })}
                    onClick={() =>
                      onDelete({
                        kind: 'answer',
                        id: answer.id,
                        label: intl.formatMessage(messages.deleteAnswerBody),
                      })
                    }
                  />
                </Group>
              </List.Item>
            ))}
          </Section>
        </Stack>
      </div>
    </Stack>
  );
}

function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  const intl = useIntl();
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red.9"
      leftSection={<IconTrash size={14} aria-hidden />}
      aria-label={label}
      onClick={onClick}
      style={{ flexShrink: 0 }}
    >
      {intl.formatMessage(messages.delete)}
    </Button>
  );
}

interface SectionProps {
  title: string;
  total: number;
  shown: number;
  empty: string;
  level?: 3 | 4;
  children: ReactNode;
}

/** A titled list of the latest items, saying how many there are in all. */
function Section({ title, total, shown, empty, level = 3, children }: SectionProps) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={level} fz={level === 3 ? 18 : 16} id={headingId}>
          {title}
        </Title>
        {shown < total ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(messages.latest, { shown, total })}
          </Text>
        ) : null}
      </Group>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Paper withBorder radius="md" p="md">
          <List
            listStyleType="none"
            spacing="md"
            styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
          >
            {children}
          </List>
        </Paper>
      )}
    </section>
  );
}

const PROFILE_FIELDS: [keyof Profile, MessageDescriptor | 'GitHub'][] = [
  ['email', messages.email],
  ['phone', messages.phone],
  ['expertise', messages.expertise],
  ['address', messages.address],
  ['city', messages.city],
  ['pincode', messages.postalCode],
  ['country', messages.country],
  ['personalWebsite', messages.website],
  // A brand's name, the same in every language.
  ['githubProfile', 'GitHub'],
];

function ProfileFields({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} fz={18} mb="xs" id={headingId}>
        {intl.formatMessage(messages.profile)}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        <Field label={intl.formatMessage(messages.joined)}>{formatDate(profile.createdAt)}</Field>
        {PROFILE_FIELDS.map(([key, label]) => (
          <Field key={key} label={label === 'GitHub' ? label : intl.formatMessage(label)}>
            {String(profile[key] ?? '') || '—'}
          </Field>
        ))}
      </SimpleGrid>
      {profile.aboutInfo ? (
        <>
          <Divider my="md" />
          <Text component="h4" size="sm" fw={700} c="dimmed" m={0}>
            {intl.formatMessage(messages.about)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {profile.aboutInfo}
          </Text>
        </>
      ) : null}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={700} c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
