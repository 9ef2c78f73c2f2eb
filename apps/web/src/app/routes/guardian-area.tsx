import { lazy } from 'react';
import { GuardianChildrenPage } from '@/pages/guardian/children-page';
import { RequireRole } from '../guards';
import type { AreaPages } from './area-pages';
import { RoleAreaLayout } from '../layouts/role-area-layout';

const GuardianChildPage = lazy(async () => ({
  default: (await import('@/pages/guardian/child-page')).GuardianChildPage,
}));
// My Account is every role's (profile, password, sessions, notification e-mails).
const GuardianAccountDetailsPage = lazy(async () => ({
  default: (await import('@/pages/staff-account-details-page')).StaffAccountDetailsPage,
}));

/** The guardian area's chunk (issue 52): loaded on the first visit to /guardian. */
export function Area() {
  return (
    <RequireRole role="guardian">
      <RoleAreaLayout role="guardian" />
    </RequireRole>
  );
}

export const pages = {
  dashboard: GuardianChildrenPage,
  child: GuardianChildPage,
  accountDetails: GuardianAccountDetailsPage,
} satisfies AreaPages<'guardian'>;
