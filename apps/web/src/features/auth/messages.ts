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
  // The login / register screen (spec §2).
  email: { id: 'auth.email', defaultMessage: 'Email' },
  password: { id: 'auth.password', defaultMessage: 'Password' },
  firstname: { id: 'auth.firstname', defaultMessage: 'First name' },
  lastname: { id: 'auth.lastname', defaultMessage: 'Last name' },
  phone: { id: 'auth.phone', defaultMessage: 'Phone' },
  role: { id: 'auth.role', defaultMessage: 'Role' },
  rolePlaceholder: {
    id: 'auth.rolePlaceholder',
    defaultMessage: 'select the role',
    description: 'The role list before a choice, in lower case as a hint.',
  },
  roleStudent: { id: 'auth.roleStudent', defaultMessage: 'Student' },
  roleTeacher: { id: 'auth.roleTeacher', defaultMessage: 'Teacher' },
  loginForm: { id: 'auth.loginForm', defaultMessage: 'Login', description: 'The login form’s accessible name.' },
  registerForm: { id: 'auth.registerForm', defaultMessage: 'Register', description: 'The register form’s name.' },
  rememberMe: { id: 'auth.rememberMe', defaultMessage: 'Remember me' },
  forgetPassword: {
    id: 'auth.forgetPassword',
    defaultMessage: 'Forget Password',
    description: 'Link to /forget-password.',
  },
  loginButton: { id: 'auth.loginButton', defaultMessage: 'Login' },
  allRequired: { id: 'auth.allRequired', defaultMessage: 'All fields are required.' },
  passwordHint: { id: 'auth.passwordHint', defaultMessage: 'At least {count} characters' },
  createAccount: { id: 'auth.createAccount', defaultMessage: 'Create account' },
  loginTitle: { id: 'auth.loginTitle', defaultMessage: 'Login', description: 'The tab title of /login.' },
  registerTitle: { id: 'auth.registerTitle', defaultMessage: 'Sign up', description: 'The tab title of /register.' },
  welcomeBack: { id: 'auth.welcomeBack', defaultMessage: 'Welcome back' },
  createYourAccount: { id: 'auth.createYourAccount', defaultMessage: 'Create your account' },
  loginLead: { id: 'auth.loginLead', defaultMessage: 'Log in to continue where you left off.' },
  registerLead: {
    id: 'auth.registerLead',
    defaultMessage: 'Join as a student to learn, or as a teacher to share what you know.',
  },
  modeSwitch: { id: 'auth.modeSwitch', defaultMessage: 'Login or register' },
  modeLogin: { id: 'auth.modeLogin', defaultMessage: 'Login' },
  modeRegister: { id: 'auth.modeRegister', defaultMessage: 'Register' },
  asideTitle: { id: 'auth.asideTitle', defaultMessage: 'Your next lesson is one step away.' },
  asideLead: {
    id: 'auth.asideLead',
    defaultMessage: 'Lyceum brings students and teachers together around courses worth finishing.',
  },
  reasonPace: { id: 'auth.reasonPace', defaultMessage: 'Learn at your own pace, on any device' },
  reasonTeach: { id: 'auth.reasonTeach', defaultMessage: 'Teach what you know and reach new students' },
  reasonAsk: { id: 'auth.reasonAsk', defaultMessage: 'Ask questions and get answers from the community' },
});
