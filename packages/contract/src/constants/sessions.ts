// Sessions: why a signed-in user's session ended, as a 401 on the /api routes tells the web app.

/** The reasons a session ends; a 401 from an /api route carries one as `reason` when the token was once valid. */
export const SESSION_END_REASONS = ['signed-out', 'password-changed', 'suspended', 'expired'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** What the web app says, once, when an action finds the session ended. */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  'signed-out': 'You were signed out on another device. Please log in again.',
  'password-changed': 'Your password was changed, so this session ended. Please log in with the new password.',
  suspended: 'This account has been suspended. Contact your school administrator.',
  expired: 'Your session has expired. Please log in again.',
};
