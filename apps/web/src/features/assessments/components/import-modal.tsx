import { Alert, Button, FileInput, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { bankMessages as messages } from '../bank/messages';

/** The next step of an import: Preview (nothing saved yet) or Import, with what it would write. */
export type ImportStep =
  | { kind: 'preview'; onClick: () => void; loading: boolean; disabled: boolean }
  | { kind: 'import'; label: string; onClick: () => void; loading: boolean; disabled: boolean };

export interface ImportModalProps {
  opened: boolean;
  /** Closes the modal; the caller forgets the chosen file and the preview. */
  onClose: () => void;
  title: string;
  /** The file picker: its label, hint and accepted types, the chosen file, and why it is refused before sending. */
  file: {
    label: string;
    description: string;
    accept: string;
    value: File | null;
    onChange: (file: File | null) => void;
    error?: string;
    disabled?: boolean;
  };
  /** The last request's failure, shown in the server's words. */
  error: unknown;
  /** Cancel is disabled while something is on its way. */
  busy: boolean;
  step: ImportStep;
  /** The preview, a progress bar, a stopped import: what lies between the file and the buttons. */
  children?: ReactNode;
}

/**
 * The frame every import of the question bank shares (GIFT, QTI): a file, the reason it could not be read, what the
 * caller shows of it, then Cancel and the next step (Preview, then Import). Full screen on a phone.
 */
export function ImportModal({ opened, onClose, title, file, error, busy, step, children }: ImportModalProps) {
  const t = useIntl().formatMessage;
  const small = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={small}
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <Stack gap="md">
        <FileInput
          label={file.label}
          description={file.description}
          placeholder={t(messages.chooseFile)}
          accept={file.accept}
          value={file.value}
          onChange={file.onChange}
          disabled={file.disabled}
          error={file.error}
          clearable
          clearButtonProps={{ 'aria-label': t(messages.removeFile) }}
        />
        {error ? (
          <Alert color="red" role="alert" title={t(messages.readFailed)}>
            {toastMessageOf(error, t(messages.tryAgain))}
          </Alert>
        ) : null}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t(messages.cancel)}
          </Button>
          {step.kind === 'import' ? (
            <Button
              onClick={step.onClick}
              loading={step.loading}
              disabled={step.disabled}
              leftSection={<IconFileImport size={18} aria-hidden />}
            >
              {step.label}
            </Button>
          ) : (
            <Button onClick={step.onClick} loading={step.loading} disabled={step.disabled}>
              {t(messages.preview)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** One part of an imported file that something is said about: where it is (a line, a file) and what was said. */
export interface NotedPart {
  key: string;
  /** Where the part is, e.g. "Line 7" or "items/map.xml (map)". */
  where: string;
  /** Set when `where` is a file name: kept left to right inside right-to-left text. */
  whereDir?: 'ltr';
  said: string;
  /** The part as written, when the file is text. */
  text?: string;
}

/** A titled list of parts of the file with what was said about each: the notes, or (in red) what was refused. */
export function NotedParts({
  id,
  heading,
  parts,
  color,
}: {
  id: string;
  heading: string;
  parts: NotedPart[];
  color?: string;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs" c={color}>
        {heading}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}>
        {parts.map((part) => (
          <li key={part.key}>
            <Text size="sm">
              <Text span fw={700} c={color} dir={part.whereDir}>
                {part.where}
              </Text>{' '}
              {part.said}
            </Text>
            {part.text !== undefined && (
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {part.text}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </section>
  );
}
