import type { InboxAnswer, TeacherAttemptQuestion } from '@lyceum/contract';
import { rubricScoreFor } from '@lyceum/contract/constants';
import { Button, Group, NumberInput, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { commentHtml, commentText } from '@/lib/comment-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import { gradeConflictOf, useGradeInPlace } from '../api/teacher-attempt';
import { formatPoints } from '../format';
import { assessmentsMessages as messages } from '../messages';

/**
 * Grading one answer on the attempt's page, through the grading route: a score (or the rubric's levels) and a
 * comment. A grade someone saved meanwhile (409) shows beside this grader's own, which stays in the fields.
 */
export function GradeInPlace({
  entry,
  attemptId,
  courseId,
  itemId,
  headingRef,
}: {
  entry: TeacherAttemptQuestion;
  attemptId: string;
  courseId: string;
  itemId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const grade = useGradeInPlace(courseId, itemId, attemptId);
  const formId = useId();
  const points = entry.question.points;
  const [score, setScore] = useState<number | string>(entry.manualScore ?? '');
  const [comment, setComment] = useState(() => commentText(entry.comment));
  const [levels, setLevels] = useState<Record<string, string>>(entry.rubricScore?.selections ?? {});
  const [version, setVersion] = useState(entry.version ?? 1);
  const [conflict, setConflict] = useState<InboxAnswer | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const scoreRef = useRef<HTMLInputElement>(null);
  const conflictRef = useRef<HTMLHeadingElement>(null);
  const rubric = entry.rubric;
  const usesRubric = Boolean(rubric) && Object.keys(levels).length > 0;
  const rubricScore = useMemo(() => {
    if (!rubric || !usesRubric || rubric.maxPoints <= 0) return null;
    let total = 0;
    for (const criterion of rubric.criteria) {
      const level = criterion.levels.find((l) => l.id === levels[criterion.id]);
      if (!level) return null;
      total += level.points;
    }
    return rubricScoreFor(total, rubric.maxPoints, points);
  }, [rubric, usesRubric, levels, points]);

  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  async function save(base = version) {
    if (!usesRubric && (typeof score !== 'number' || Number.isNaN(score))) {
      notifyError(t(messages.typeScoreFirst));
      scoreRef.current?.focus();
      return;
    }
    const body = usesRubric
      ? { version: base, rubric: { selections: levels }, comment: commentHtml(comment) }
      : { version: base, score: score as number, comment: commentHtml(comment) };
    try {
      const result = await grade.mutateAsync({ questionId: entry.question.id, body });
      setVersion(result.version);
      setConflict(null);
      setSaved(t(messages.gradeSavedPoints, { score: formatPoints(result.score ?? 0), max: formatPoints(points) }));
      notifySuccess(t(messages.gradeSaved), 'grade-saved');
      // The save button was disabled while saving: focus goes back to the question, whose score now shows.
      headingRef.current?.focus();
    } catch (error) {
      const current = gradeConflictOf(error);
      if (current) setConflict(current);
      else scoreRef.current?.focus();
      notifyError(
        error instanceof ApiError && error.status === 409
          ? toastMessageOf(error, t(messages.gradedMeanwhile))
          : toastMessageOf(error, t(messages.gradeSaveFailed)),
      );
    }
  }

  function keepTheirs(current: InboxAnswer) {
    setScore(current.score ?? '');
    setComment(commentText(current.comment));
    setLevels(current.rubric?.selections ?? {});
    setVersion(current.version);
    setConflict(null);
    scoreRef.current?.focus();
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      component="form"
      aria-labelledby={`${formId}-title`}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="sm" id={`${formId}-title`}>
            {t(messages.gradeQuestion, { number: entry.number })}
          </Title>
          <Text size="sm" c="dimmed">
            {entry.manualScore === null
              ? t(messages.notGradedYet)
              : t(messages.gradedBy, {
                  by: entry.gradedBy || 'none',
                  score: formatPoints(entry.manualScore),
                  max: formatPoints(points),
                })}
          </Text>
        </Group>
        {rubric ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              <FormattedMessage {...messages.rubricTitle} values={{ title: <bdi dir="auto">{rubric.title}</bdi> }} />
            </Text>
            {rubric.criteria.map((criterion) => (
              <Radio.Group
                key={criterion.id}
                label={<bdi dir="auto">{criterion.title}</bdi>}
                description={criterion.description ? <bdi dir="auto">{criterion.description}</bdi> : undefined}
                value={levels[criterion.id] ?? null}
                onChange={(value) => setLevels((current) => ({ ...current, [criterion.id]: value }))}
              >
                <Group gap="md" mt={4} wrap="wrap">
                  {criterion.levels.map((level) => (
                    <Radio
                      key={level.id}
                      value={level.id}
                      label={
                        <FormattedMessage
                          {...messages.levelPoints}
                          values={{ level: <bdi dir="auto">{level.title}</bdi>, points: formatPoints(level.points) }}
                        />
                      }
                    />
                  ))}
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        ) : null}
        {conflict ? (
          <Paper withBorder p="sm" radius="md" bg="yellow.0" component="section" aria-labelledby={`${formId}-conflict`}>
            <Title order={4} fz="sm" id={`${formId}-conflict`} ref={conflictRef} tabIndex={-1}>
              {t(messages.conflictTitle)}
            </Title>
            <Text size="sm">
              {t(messages.conflictText, {
                score: conflict.score === null ? 'none' : formatPoints(conflict.score),
                max: formatPoints(points),
                comment: commentText(conflict.comment) || 'none',
              })}
            </Text>
            <Group gap="xs" mt="xs">
              <Button variant="default" onClick={() => keepTheirs(conflict)}>
                {t(messages.keepTheirs)}
              </Button>
              <Button loading={grade.isPending} onClick={() => void save(conflict.version)}>
                {t(messages.takeMine)}
              </Button>
            </Group>
          </Paper>
        ) : null}
        <NumberInput
          ref={scoreRef}
          label={t(messages.scoreOutOf, { points: formatPoints(points) })}
          description={t(
            usesRubric
              ? rubricScore === null
                ? messages.chooseEveryLevel
                : messages.fromRubric
              : messages.wholeOrHalf,
          )}
          min={0}
          max={points}
          step={0.5}
          decimalScale={2}
          disabled={usesRubric}
          value={usesRubric ? (rubricScore ?? '') : score}
          onChange={setScore}
          w={220}
        />
        <Textarea
          label={t(messages.commentForStudent)}
          autosize
          minRows={2}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={grade.isPending}>
            {t(messages.saveGrade)}
          </Button>
          <Text size="sm" role="status" aria-live="polite">
            {saved ?? ''}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
