/**
 * The four roles of Lyceum. The role gives the user's home route `/{role}`. A guardian (issue 52, ADR 060) is only
 * ever made through a guardian invitation: never by the public registration form, a claim or an admin's role change.
 */
export const ROLES = ['student', 'teacher', 'admin', 'guardian'] as const;
export type Role = (typeof ROLES)[number];

/** Registration offers only these; admins are created by other admins or the seed. */
export const REGISTRABLE_ROLES = ['student', 'teacher'] as const;
export type RegistrableRole = (typeof REGISTRABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  teacher: 'Teacher',
  admin: 'Admin',
  guardian: 'Guardian',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The landing route of a role's area. */
export function homePathOf(role: Role): `/${Role}` {
  return `/${role}`;
}

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
