import type { ProfileSessionResponse } from '@lyceum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useApplySession } from '../hooks/use-apply-session';

/** The multipart part the server reads the picture from. */
export const IMAGE_PART = 'image';

/** PUT /api/me/image (multipart, one `image` part) → the profile with its new picture and a fresh token. */
export function updateProfileImage(file: File): Promise<ProfileSessionResponse> {
  const body = new FormData();
  body.append(IMAGE_PART, file, file.name);
  return apiRequest<ProfileSessionResponse>('/api/me/image', { method: 'PUT', body });
}

export function useUpdateProfileImage() {
  const applySession = useApplySession();
  return useMutation({ mutationFn: updateProfileImage, onSuccess: applySession });
}
