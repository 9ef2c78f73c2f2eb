import type { Badges, MyCertificatesPage, PublicCertificate } from '@lyceum/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { downloadFile } from '@/lib/download-file';

export const certificateKeys = {
  all: ['certificates'] as const,
  verify: (code: string) => ['certificates', 'verify', code] as const,
  mine: (userId: string | null, page: number) => ['certificates', 'mine', userId, page] as const,
  badges: (userId: string | null) => ['certificates', 'badges', userId] as const,
};

/** GET /api/certificates/:code → what the public verification page shows (404: not found). */
export function getCertificate(code: string, signal?: AbortSignal): Promise<PublicCertificate> {
  return apiRequest<PublicCertificate>(`/api/certificates/${encodeURIComponent(code)}`, { signal, auth: false });
}

export const certificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: certificateKeys.verify(code),
    queryFn: ({ signal }) => getCertificate(code, signal),
    // A 404 is an answer, not a hiccup.
    retry: false,
  });

export function useCertificate(code: string) {
  return useQuery(certificateQueryOptions(code));
}

/** GET /api/student/certificates → the signed-in student's certificates, newest first. */
export function useMyCertificates(page: number) {
  const { state } = useAuth();
  const userId = state.user?.id ?? null;
  return useQuery({
    queryKey: certificateKeys.mine(userId, page),
    queryFn: ({ signal }) =>
      apiRequest<MyCertificatesPage>(`/api/student/certificates?page=${page}&pageSize=10`, { signal }),
    enabled: userId !== null,
    // Completing a course elsewhere (the player) issues one: always ask again when the list is shown.
    staleTime: 0,
  });
}

/** The signed-in student's certificate of one course, or null (GET /api/student/certificates?courseId=). */
export function useCourseCertificate(courseId: string, enabled: boolean) {
  const { state } = useAuth();
  const userId = state.user?.id ?? null;
  return useQuery({
    queryKey: [...certificateKeys.all, 'course', userId, courseId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<MyCertificatesPage>(
          `/api/student/certificates?courseId=${encodeURIComponent(courseId)}&pageSize=1`,
          { signal },
        )
      ).items[0] ?? null,
    enabled: enabled && userId !== null,
    staleTime: 0,
  });
}

/** GET /api/student/badges → every badge of the set, earned or not. */
export function useBadges() {
  const { state } = useAuth();
  const userId = state.user?.id ?? null;
  return useQuery({
    queryKey: certificateKeys.badges(userId),
    queryFn: ({ signal }) => apiRequest<Badges>('/api/student/badges', { signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** Downloads a certificate's PDF (the owner's token). */
export function useDownloadCertificate() {
  return useMutation({
    mutationFn: (certificate: { pdfUrl: string; code: string }) =>
      downloadFile(certificate.pdfUrl, 'application/pdf', `lyceum-certificate-${certificate.code}.pdf`),
  });
}
