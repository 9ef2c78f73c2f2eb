import type { WishlistPage } from '@lyceum/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { courseKeys } from './query-keys';

export const WISHLIST_PAGE_SIZE = 12;

/** GET /api/student/wishlist → the caller's wishlist, most recently added first. */
export function getWishlist(page: number, signal?: AbortSignal) {
  return apiRequest<WishlistPage>(`/api/student/wishlist?page=${page}&pageSize=${WISHLIST_PAGE_SIZE}`, {
    signal,
  });
}

export const wishlistQueryOptions = (viewerId: string, page: number) =>
  queryOptions({
    queryKey: courseKeys.wishlist(viewerId, page),
    queryFn: ({ signal }) => getWishlist(page, signal),
    placeholderData: keepPreviousData,
  });

export function useWishlist(page: number) {
  const { state } = useAuth();
  return useQuery(wishlistQueryOptions(state.user?.id ?? '', page));
}
