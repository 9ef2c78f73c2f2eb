import type { Profile } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { toastMessageOf } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useRemoveProfileImage } from '../api/remove-profile-image';
import { useUpdateProfileImage } from '../api/update-profile-image';
import { formatFileSize, IMAGE_ACCEPT, imageFileProblem } from './image-file';
import classes from './profile-image-field.module.css';

const PREVIEW_PX = 112;

export interface PendingImage {
  file: File;
  /** An object URL of the file, for the local preview; revoked when replaced or unmounted. */
  url: string;
}

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * The profile picture (spec §2 Generals, §5): pick or drop an image, see it before it is sent, then Save image
 * (or the form's Save Changes); or Remove image to go back to the default picture. Saving updates the header
 * avatar at once.
 */
export interface ProfileImageFieldProps {
  profile: Profile;
  /** The chosen, not yet saved image: held by the account form, whose Save Changes saves it too. */
  pending: PendingImage | null;
  onPendingChange: (pending: PendingImage | null) => void;
}

export function ProfileImageField({ profile, pending, onPendingChange: setPending }: ProfileImageFieldProps) {
  const labelId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const upload = useUpdateProfileImage();
  const remove = useRemoveProfileImage();
  const busy = upload.isPending || remove.isPending;

  useEffect(() => {
    if (!pending) return;
    const { url } = pending;
    return () => URL.revokeObjectURL(url);
  }, [pending]);

  const choose = (file: File | null | undefined) => {
    resetPicker.current?.(); // picking the same file again must fire a change too
    if (!file) return;
    const refusal = imageFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    setPending({ file, url: URL.createObjectURL(file) });
  };

  const save = () => {
    if (!pending) return;
    setProblem(null);
    upload.mutate(pending.file, {
      onSuccess: (answer) => {
        setPending(null);
        notifySuccess(answer.message);
      },
      onError: (error) => setProblem(toastMessageOf(error, MESSAGES.updateFailed)),
    });
  };

  const removeImage = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (error) => setProblem(toastMessageOf(error, MESSAGES.updateFailed)),
    });
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault(); // allows the drop
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text fw={600} size="sm" id={labelId}>
        Profile image
      </Text>
      <Group align="center" gap="lg" wrap="wrap">
        {pending ? (
          <Image
            src={pending.url}
            alt="Preview of your new profile picture"
            w={PREVIEW_PX}
            h={PREVIEW_PX}
            radius={PREVIEW_PX}
            fit="cover"
            style={{ flexShrink: 0 }}
          />
        ) : (
          <UserAvatar image={profile.profileImage} size={PREVIEW_PX} alt="Your profile picture" />
        )}
        <Box
          className={classes.dropzone}
          mod={{ dragging }}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          data-testid="image-dropzone"
        >
          <Stack gap={6} align="flex-start">
            <Text size="sm">Drag and drop an image here, or</Text>
            <FileButton onChange={choose} accept={IMAGE_ACCEPT} resetRef={resetPicker} disabled={busy}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="sm"
                  leftSection={<IconPhotoUp size={18} aria-hidden />}
                  aria-describedby={hintId}
                  disabled={busy}
                >
                  Choose image
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed" id={hintId}>
              JPEG, PNG, WebP or GIF, up to 5 MB.
            </Text>
          </Stack>
        </Box>
      </Group>

      <div aria-live="polite">
        {pending ? (
          <Text size="sm">
            Preview of <strong>{pending.file.name}</strong> ({formatFileSize(pending.file.size)}): not saved yet — Save
            image, or Save Changes below, saves it.
          </Text>
        ) : null}
      </div>
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ) : null}

      {pending ? (
        <Group gap="sm">
          <Button size="sm" onClick={save} loading={upload.isPending}>
            Save image
          </Button>
          <Button size="sm" variant="default" onClick={() => setPending(null)} disabled={busy}>
            Cancel
          </Button>
        </Group>
      ) : profile.profileImage ? (
        <Group gap="sm">
          <Button
            size="sm"
            variant="subtle"
            color="red.8"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={removeImage}
            loading={remove.isPending}
          >
            Remove image
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
