import type { ManagedRole, Role, UserStatus } from '@lyceum/contract';

/** What an action needs to know about its user: the list rows and the drawer's profile both have it. */
export interface ActionTarget {
  id: string;
  firstname: string;
  lastname: string;
  role: Role;
  status: UserStatus;
}

export type UserActionKind = 'suspend' | 'reactivate' | 'role' | 'reset';

export interface UserActionRequest {
  kind: UserActionKind;
  user: ActionTarget;
}

export const fullName = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`;

/** A student becomes a teacher and a teacher a student; admins are not managed here. */
export function otherRole(role: Role): ManagedRole | null {
  if (role === 'student') return 'teacher';
  if (role === 'teacher') return 'student';
  return null;
}

/** An admin cannot act on their own account, nor on other admins (the server refuses both too). */
export function canManage(user: ActionTarget, currentUserId: string | undefined): boolean {
  return user.id !== currentUserId && user.role !== 'admin';
}
