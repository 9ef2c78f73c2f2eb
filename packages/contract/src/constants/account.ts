// Accounts: messages and throttles of the account routes.

/** Messages of the account routes beyond the spec's catalogue; the web app shows them as they are. */
export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Update successful!',
  profileImageUpdated: 'Profile image updated',
  profileImageRemoved: 'Profile image removed',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  loggedOutEverywhere: 'All other sessions have been signed out.',
  currentPasswordIncorrect: 'currentPassword is incorrect',
  currentPasswordForEmail: 'is required to change the e-mail',
  emailChangeUndone:
    'Your previous e-mail address has been restored and every session signed out. Please reset your password if you did not make the change.',
  undoLinkInvalid: 'This link has expired or has already been used.',
  commonPassword: 'is one of the most common passwords; choose another',
  resetLinkSent:
    'If an account exists for that email, we have sent a link to reset its password. The link is valid for 1 hour.',
  resetLinkInvalid: 'This reset link has expired or has already been used.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  tooManyFailedLogins: 'Too many failed login attempts. Try again in 15 minutes.',
  tooManyResetRequests: 'Too many password reset requests. Try again in 15 minutes.',
  emailTaken: 'email is already used by another account',
  usernameTaken: 'username is already taken',
  onlyImages: 'Only images are allowed!',
  imageTooLarge: 'Image must be 5 MB or smaller',
} as const;

/** Failed-login and reset-mail throttles (the per-IP limits are configuration); ADR 022 explains the numbers. */
export const ACCOUNT_THROTTLE = {
  /** Failed logins per (account, client address) per window; that client's next attempt gets 429. */
  maxFailedLogins: 10,
  /** Failed logins per account per window from all clients together; past it the account is held (back-off). */
  accountCeiling: 100,
  windowMs: 15 * 60 * 1000,
  /** The first hold lasts this long; each further one within a day twice as long (up to 24 hours). */
  holdBaseMs: 15 * 60 * 1000,
  holdMaxMs: 24 * 60 * 60 * 1000,
  /** Reset mails per account: at most one a minute and 10 a day; further requests get the same answer, no mail. */
  resetMailIntervalMs: 60 * 1000,
  maxResetMailsPerDay: 10,
} as const;

/** The link mailed to the old address after an e-mail change undoes it for this long, once. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A password reset link is valid this long, and once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
