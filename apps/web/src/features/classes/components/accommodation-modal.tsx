import type { Accommodation } from '@lyceum/contract';
import { EXTRA_TIME_FACTORS } from '@lyceum/contract/constants';
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useClearAccommodation, useSetAccommodation } from '../api/class-mutations';
import { classesMessages as messages } from '../messages';

type ExtraTime = 'none' | (typeof EXTRA_TIME_FACTORS)[number] | 'minutes';

export interface AccommodatedLearner {
  studentId: string;
  name: string;
  /** Their accommodation as it applies now: the assignment's own, else the class-wide one (null: none). */
  accommodation: Accommodation | null;
}

/** The fields of one learner's accommodation, saved class-wide or for one assignment. */
function AccommodationFields({
  classId,
  learner,
  assignmentId,
  onClose,
}: {
  classId: string;
  learner: AccommodatedLearner;
  assignmentId: string | null;
  onClose: () => void;
}) {
  const t = useIntl().formatMessage;
  const current = learner.accommodation;
  const [extra, setExtra] = useState<ExtraTime>(
    current?.extraTimeFactor ? (current.extraTimeFactor as ExtraTime) : current?.extraTimeMinutes ? 'minutes' : 'none',
  );
  const [minutes, setMinutes] = useState<number | string>(current?.extraTimeMinutes ?? 15);
  const [days, setDays] = useState<number | string>((current?.dueExtensionHours ?? 0) / 24);
  const [attempts, setAttempts] = useState<number | string>(current?.extraAttempts ?? 0);
  const save = useSetAccommodation(classId);
  const clear = useClearAccommodation(classId);
  // What "Remove" removes: the accommodation this dialog sets (the assignment's own, or the class-wide one).
  const removable = current !== null && (current.assignmentId ?? null) === assignmentId;

  function submit() {
    save.mutate(
      {
        studentId: learner.studentId,
        body: {
          assignmentId,
          extraTimeFactor: typeof extra === 'number' ? extra : null,
          extraTimeMinutes: extra === 'minutes' ? Number(minutes) : null,
          dueExtensionHours: Math.round(Number(days) * 24),
          extraAttempts: Number(attempts),
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t(messages.accSavedFor, { name: learner.name }));
          onClose();
        },
        onError: (error) => notifyError(toastMessageOf(error, t(messages.accSaveFailed))),
      },
    );
  }

  return (
    <>
      {current && !removable ? <Text size="sm">{t(messages.accReplacesClassWide, { name: learner.name })}</Text> : null}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="extra-time-label">
          {t(messages.accExtraTime)}
        </Text>
        <SegmentedControl
          aria-labelledby="extra-time-label"
          value={String(extra)}
          onChange={(value) => setExtra(value === 'none' || value === 'minutes' ? value : (Number(value) as ExtraTime))}
          data={[
            { value: 'none', label: t(messages.accNoneOption) },
            ...EXTRA_TIME_FACTORS.map((f) => ({ value: String(f), label: `× ${f}` })),
            { value: 'minutes', label: t(messages.accMinutesOption) },
          ]}
          fullWidth
        />
      </Stack>
      {extra === 'minutes' ? (
        <NumberInput
          label={t(messages.accExtraMinutesLabel)}
          min={1}
          max={1440}
          value={minutes}
          onChange={setMinutes}
        />
      ) : null}
      <NumberInput
        label={t(messages.accExtendBy, { one: assignmentId ? 'yes' : 'no' })}
        min={0}
        max={365}
        step={1}
        decimalScale={2}
        value={days}
        onChange={setDays}
      />
      <NumberInput label={t(messages.accExtraAttemptsLabel)} min={0} max={20} value={attempts} onChange={setAttempts} />
      <Group justify="space-between">
        {removable ? (
          <Button
            variant="subtle"
            color="red"
            loading={clear.isPending}
            onClick={() =>
              clear.mutate(
                { studentId: learner.studentId, assignmentId },
                {
                  onSuccess: () => {
                    notifySuccess(t(messages.accRemoved));
                    onClose();
                  },
                  onError: (error) => notifyError(toastMessageOf(error, t(messages.accRemoveFailed))),
                },
              )
            }
          >
            {t(messages.accRemove)}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={submit} loading={save.isPending}>
          {t(messages.save)}
        </Button>
      </Group>
    </>
  );
}

/**
 * A learner's accommodation: class-wide (from the roster) or for one assignment (from the assignment, choosing the
 * learner among `learners`). Closing returns focus to the button that opened it (Mantine's modal).
 */
export function AccommodationModal({
  classId,
  learner,
  assignment,
  learners = [],
  onClose,
}: {
  classId: string;
  /** The learner, when chosen before opening (the roster's row). */
  learner?: AccommodatedLearner;
  /** For one assignment: its id and title. */
  assignment?: { id: string; title: string };
  /** The learners to choose from (an assignment's accommodation). */
  learners?: AccommodatedLearner[];
  onClose: () => void;
}) {
  const t = useIntl().formatMessage;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = learner ?? learners.find((l) => l.studentId === chosenId) ?? null;
  const title = assignment
    ? t(messages.accommodationOn, { title: assignment.title })
    : t(messages.accFor, { known: learner ? 'yes' : 'no', name: learner?.name ?? '' });

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(messages.accAppliesTo, { one: assignment ? 'yes' : 'no' })}
        </Text>
        {learner ? null : (
          <Select
            label={t(messages.learner)}
            placeholder={t(messages.chooseALearner)}
            data={learners.map((l) => ({ value: l.studentId, label: l.name }))}
            value={chosenId}
            onChange={setChosenId}
            searchable
            nothingFoundMessage={t(messages.noLearnerOfThatName)}
            data-autofocus
          />
        )}
        {chosen ? (
          <AccommodationFields
            key={chosen.studentId}
            classId={classId}
            learner={chosen}
            assignmentId={assignment?.id ?? null}
            onClose={onClose}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
