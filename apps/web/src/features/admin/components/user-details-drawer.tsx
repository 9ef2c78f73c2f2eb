import type { AdminUserDetails, Profile } from '@lyceum/contract';
import { MESSAGES, ROLE_LABELS } from '@lyceum/contract/constants';
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
import { toastMessageOf } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteForumAnswer } from '../api/delete-forum-answer';
import { useDeleteForumQuestion } from '../api/delete-forum-question';
import { useDeleteReview } from '../api/delete-review';
import { useUserDetails } from '../api/get-user-details';
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
}

type Deletion = { kind: 'review' | 'question' | 'answer'; id: string; label: string };

const DELETE_TITLES: Record<Deletion['kind'], string> = {
  review: 'Do You Want to Delete This Review?',
  question: 'Do You Want to Delete This Question?',
  answer: 'Do You Want to Delete This Answer?',
};

/** A profile, the user's enrolments or courses, reviews and forum activity, with moderation and account actions. */
export function UserDetailsDrawer({
  userId,
  currentUserId,
  covered = false,
  onClose,
  onAction,
}: UserDetailsDrawerProps) {
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

  const name = query.data ? fullName(query.data.profile) : 'User details';
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
              <Title order={2} fz={22}>
                {name}
              </Title>
              <CloseButton size="lg" aria-label="Close user details" onClick={onClose} />
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
              />
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <ConfirmModal
        opened={deletion !== null}
        title={deletion ? DELETE_TITLES[deletion.kind] : ''}
        confirmLabel="Yes, Delete This"
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
}

function DetailsBody({ details, currentUserId, onAction, onDelete }: DetailsBodyProps) {
  const { profile, enrolments, courses, reviews, questions, answers } = details;
  const manageable = canManage(profile, currentUserId);
  const newRole = otherRole(profile.role);
  return (
    <Stack gap="xl">
      <Group gap="md" wrap="nowrap">
        <UserAvatar image={profile.profileImage} size={64} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text c="dimmed" truncate="end">
            Username: {profile.username}
          </Text>
          <Group gap={6}>
            <Badge variant="light" radius="sm">
              {ROLE_LABELS[profile.role]}
            </Badge>
            <UserStatusBadge status={profile.status} />
          </Group>
        </Stack>
      </Group>

      {manageable ? (
        <Group gap="xs" role="group" aria-label="Account actions">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
            disabled={profile.status !== 'active'}
            onClick={() => onAction('reset', profile)}
          >
            Send password reset link
          </Button>
          {newRole ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSchool size={16} aria-hidden />}
              onClick={() => onAction('role', profile)}
            >
              {newRole === 'teacher' ? 'Make teacher' : 'Make student'}
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
              Suspend
            </Button>
          ) : (
            <Button
              size="xs"
              variant="outline"
              color="teal.9"
              leftSection={<IconUserCheck size={16} aria-hidden />}
              onClick={() => onAction('reactivate', profile)}
            >
              Reactivate
            </Button>
          )}
        </Group>
      ) : null}

      <ProfileFields profile={profile} />

      {profile.role === 'teacher' ? (
        <Section title="Courses" total={courses.total} shown={courses.items.length} empty="No courses yet.">
          {courses.items.map((course) => (
            <List.Item key={course.id}>
              <Anchor component={Link} to={paths.courseDetails.href(course.id)} fw={600}>
                {course.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {course.category} · {course.status === 'published' ? 'Published' : 'Draft'} ·{' '}
                {formatCount(course.enrolledCount)} enrolled · updated {formatDate(course.updatedAt)}
              </Text>
            </List.Item>
          ))}
        </Section>
      ) : (
        <Section title="Enrolments" total={enrolments.total} shown={enrolments.items.length} empty="No enrolments yet.">
          {enrolments.items.map((enrolment) => (
            <List.Item key={enrolment.course.id}>
              <Anchor component={Link} to={paths.courseDetails.href(enrolment.course.id)} fw={600}>
                {enrolment.course.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {enrolment.status === 'completed' ? 'Completed' : 'Active'} · enrolled{' '}
                {formatDate(enrolment.enrolledAt)}
              </Text>
            </List.Item>
          ))}
        </Section>
      )}

      <Section
        title={profile.role === 'teacher' ? 'Reviews of their courses' : 'Reviews'}
        total={reviews.total}
        shown={reviews.items.length}
        empty="No reviews yet."
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
                    {profile.role === 'teacher' ? `${fullName(review.student)} · ` : ''}
                    {formatDate(review.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={4}>
                  {review.text}
                </Text>
              </div>
              <DeleteButton
                label={`Delete review of ${review.course.title}`}
                onClick={() =>
                  onDelete({
                    kind: 'review',
                    id: review.id,
                    label: `The review of “${review.course.title}” is deleted.`,
                  })
                }
              />
            </Group>
          </List.Item>
        ))}
      </Section>

      <div>
        <Title order={3} fz={18} mb={4}>
          Forum activity
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {formatCount(questions.total)} {questions.total === 1 ? 'question' : 'questions'} ·{' '}
          {formatCount(answers.total)} {answers.total === 1 ? 'answer' : 'answers'}
        </Text>
        <Stack gap="lg">
          <Section
            title="Questions"
            level={4}
            total={questions.total}
            shown={questions.items.length}
            empty="No questions."
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
                      {formatCount(question.answerCount)} {question.answerCount === 1 ? 'answer' : 'answers'} ·{' '}
                      {formatDate(question.createdAt)}
                    </Text>
                  </div>
                  <DeleteButton
                    label={`Delete question: ${question.question}`}
                    onClick={() =>
                      onDelete({
                        kind: 'question',
                        id: question.id,
                        label: 'Its answers and votes are deleted with it. This cannot be undone.',
                      })
                    }
                  />
                </Group>
              </List.Item>
            ))}
          </Section>
          <Section title="Answers" level={4} total={answers.total} shown={answers.items.length} empty="No answers.">
            {answers.items.map((answer) => (
              <List.Item key={answer.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={3}>
                      {answer.answer}
                    </Text>
                    <Text size="sm" c="dimmed">
                      on{' '}
                      <Anchor component={Link} to={paths.forumDetails.href(answer.question.id)} inherit>
                        {answer.question.question}
                      </Anchor>{' '}
                      · {formatDate(answer.createdAt)}
                    </Text>
                  </div>
                  <DeleteButton
                    label={`Delete answer to: ${answer.question.question}`}
                    onClick={() =>
                      onDelete({
                        kind: 'answer',
                        id: answer.id,
                        label: 'Its votes are deleted with it. This cannot be undone.',
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
      Delete
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
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={level} fz={level === 3 ? 18 : 16} id={headingId}>
          {title}
        </Title>
        {shown < total ? (
          <Text size="sm" c="dimmed">
            Latest {shown} of {formatCount(total)}
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

const PROFILE_FIELDS: [keyof Profile, string][] = [
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['expertise', 'Expertise'],
  ['address', 'Address'],
  ['city', 'City'],
  ['pincode', 'Postal code'],
  ['country', 'Country'],
  ['personalWebsite', 'Website'],
  ['githubProfile', 'GitHub'],
];

function ProfileFields({ profile }: { profile: Profile }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} fz={18} mb="xs" id={headingId}>
        Profile
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        <Field label="Joined">{formatDate(profile.createdAt)}</Field>
        {PROFILE_FIELDS.map(([key, label]) => (
          <Field key={key} label={label}>
            {String(profile[key] ?? '') || '—'}
          </Field>
        ))}
      </SimpleGrid>
      {profile.aboutInfo ? (
        <>
          <Divider my="md" />
          <Text component="h4" size="sm" fw={700} c="dimmed" m={0}>
            About
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
