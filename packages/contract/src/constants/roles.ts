/** The three roles of Lyceum. The role gives the user's home route `/{role}`. */
export const ROLES = ['student', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Registration offers only these; admins are created by other admins or the seed. */
export const REGISTRABLE_ROLES = ['student', 'teacher'] as const;
export type RegistrableRole = (typeof REGISTRABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  teacher: 'Teacher',
  admin: 'Admin',
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
