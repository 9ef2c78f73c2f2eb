import { defineMessages } from '@/i18n/define-messages';

/**
 * Signing in with the school's account (issue 48, docs/i18n.md): the login page's provider buttons and what it says
 * when the provider's sign-in did not work (the server's `sso_error` reason codes, ADR 056).
 */
export const authMessages = defineMessages({
  or: { id: 'auth.or', defaultMessage: 'or', description: 'Between the provider buttons and the e-mail form.' },
  signInWith: {
    id: 'auth.signInWith',
    defaultMessage: 'Sign in with {name}',
    description: 'A button; {name} is the identity provider as the school named it, e.g. “School Google”.',
  },
  signingIn: { id: 'auth.signingIn', defaultMessage: 'Signing you in…' },
  ssoDomain: {
    id: 'auth.ssoDomain',
    defaultMessage: 'This account does not belong to your school. Sign in with your school account.',
  },
  ssoTenant: {
    id: 'auth.ssoTenant',
    defaultMessage: "This account's organisation is not allowed here. Sign in with your school account.",
  },
  ssoUnverified: {
    id: 'auth.ssoUnverified',
    defaultMessage:
      'Your provider has not confirmed this e-mail address, so it cannot be joined to your Lyceum account. Sign in with your password, or ask your school administrator.',
  },
  ssoExpired: {
    id: 'auth.ssoExpired',
    defaultMessage: 'That sign-in took too long or was already used. Please try again.',
  },
  ssoSuspended: {
    id: 'auth.ssoSuspended',
    defaultMessage: 'This account is suspended. Ask your school administrator.',
  },
  ssoFailed: {
    id: 'auth.ssoFailed',
    defaultMessage:
      'Signing in with your school account did not work. Try again, or tell your school administrator (code: {reason}).',
  },
});
