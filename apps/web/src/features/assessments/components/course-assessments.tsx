import type { AssessmentKind, OutlineSection } from '@lyceum/contract';
import { ASSESSMENT_KINDS, ASSESSMENT_LIMITS } from '@lyceum/contract/constants';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useCreateAssessment } from '../api/save-assessment';
import { authoringMessages as messages } from '../authoring/messages';
import { useAssessmentText } from './use-assessment-text';

function NewAssessmentModal({
  courseId,
  section,
  onClose,
  editHref,
}: {
  courseId: string;
  section: OutlineSection;
  onClose: () => void;
  editHref: (itemId: string) => string;
}) {
  const { intl, kindLabel } = useAssessmentText();
  const t = intl.formatMessage;
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<AssessmentKind>('quiz');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAssessment(courseId);
  const navigate = useNavigate();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(messages.newAssessmentIn, { section: section.title })}
      centered
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim()) return setError(t(messages.titleRequired));
          create.mutate(
            { sectionId: section.id, body: { title: title.trim(), kind } },
            {
              onSuccess: (assessment) => void navigate(editHref(assessment.id)),
              onError: (e) => notifyError(toastMessageOf(e, t(messages.createFailed))),
            },
          );
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            aria-label={t(messages.kind)}
            value={kind}
            onChange={(value) => setKind(value as AssessmentKind)}
            data={ASSESSMENT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
          />
          <TextInput
            label={t(messages.title)}
            required
            data-autofocus
            maxLength={ASSESSMENT_LIMITS.title}
            value={title}
            error={error}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setError(null);
            }}
          />
          <Text size="sm" c="dimmed">
            {t(messages.createdAsDraft)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t(messages.cancel)}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t(messages.createAndEdit)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A course's assessments, section by section, with "New assessment" in each section. */
export function CourseAssessments({
  courseId,
  sections,
  editHref,
}: {
  courseId: string;
  sections: OutlineSection[];
  editHref: (itemId: string) => string;
}) {
  const t = useIntl().formatMessage;
  const [creatingIn, setCreatingIn] = useState<OutlineSection | null>(null);
  return (
    <Stack gap="lg">
      {sections.map((section, index) => {
        const assessments = section.items.filter((item) => item.kind === 'assessment');
        return (
          <Paper key={section.id} withBorder radius="md" p="md" component="section" aria-labelledby={`s-${section.id}`}>
            <Group justify="space-between" mb="sm" gap="sm">
              <Title order={2} fz="md" id={`s-${section.id}`}>
                <Text span c="dimmed" inherit>
                  {index + 1}.{' '}
                </Text>
                {section.title}
              </Title>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setCreatingIn(section)}
              >
                {t(messages.newAssessment)}
                <VisuallyHidden>{t(messages.inSection, { section: section.title })}</VisuallyHidden>
              </Button>
            </Group>
            {assessments.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t(messages.noAssessmentsInSection)}
              </Text>
            ) : (
              <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {assessments.map((item) => (
                  <Group
                    key={item.id}
                    component="li"
                    justify="space-between"
                    py={8}
                    gap="sm"
                    wrap="nowrap"
                    style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <Group gap="xs" style={{ minWidth: 0 }}>
                      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {item.title}
                      </Text>
                      <Badge size="sm" radius="sm" variant="filled" color={item.published ? 'teal.9' : 'gray.7'}>
                        {t(messages.publishState, { published: item.published ? 'yes' : 'no' })}
                      </Badge>
                    </Group>
                    <Button
                      component={Link}
                      to={editHref(item.id)}
                      size="xs"
                      variant="default"
                      leftSection={<IconEdit size={16} aria-hidden />}
                    >
                      {t(messages.edit)}
                      <VisuallyHidden> {item.title}</VisuallyHidden>
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
        );
      })}
      {creatingIn ? (
        <NewAssessmentModal
          courseId={courseId}
          section={creatingIn}
          editHref={editHref}
          onClose={() => setCreatingIn(null)}
        />
      ) : null}
    </Stack>
  );
}
