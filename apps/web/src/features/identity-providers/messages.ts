import { defineMessages } from '@/i18n/define-messages';

/** The admin's identity providers page (features/identity-providers, issue 48.3). */
export const providerMessages = defineMessages({
  pageTitle: { id: 'idp.pageTitle', defaultMessage: 'Identity providers' },
  pageDescription: {
    id: 'idp.pageDescription',
    defaultMessage:
      'Let people sign in with their school account (Google Workspace, Microsoft Entra ID or another OpenID Connect provider), and see why a sign-in was refused.',
  },
  providersHeading: { id: 'idp.providersHeading', defaultMessage: 'Providers' },
  none: {
    id: 'idp.none',
    defaultMessage:
      'No identity provider yet. Add your school’s Google Workspace, Microsoft Entra ID or any OpenID Connect provider so people sign in with their school account.',
  },
  add: { id: 'idp.add', defaultMessage: 'Add a provider' },
  loadFailed: { id: 'idp.loadFailed', defaultMessage: 'The providers could not be loaded' },
  name: { id: 'idp.name', defaultMessage: 'Name' },
  nameHint: { id: 'idp.nameHint', defaultMessage: 'What the login page’s button says: “Sign in with …”' },
  preset: { id: 'idp.preset', defaultMessage: 'Kind' },
  presetName: {
    id: 'idp.presetName',
    defaultMessage:
      '{preset, select, google {Google Workspace} entra {Microsoft Entra ID} other {Other OpenID Connect provider}}',
  },
  issuer: { id: 'idp.issuer', defaultMessage: 'Issuer URL' },
  issuerHint: {
    id: 'idp.issuerHint',
    defaultMessage:
      'Google: https://accounts.google.com. Microsoft: https://login.microsoftonline.com/TENANT-ID/v2.0 (or …/organizations/v2.0 for several tenants).',
  },
  clientId: { id: 'idp.clientId', defaultMessage: 'Client ID' },
  clientSecret: { id: 'idp.clientSecret', defaultMessage: 'Client secret' },
  secretKept: {
    id: 'idp.secretKept',
    defaultMessage: 'A secret is stored (encrypted). Leave this empty to keep it; type a new one to replace it.',
  },
  secretNone: { id: 'idp.secretNone', defaultMessage: 'Stored encrypted; never shown again.' },
  domains: { id: 'idp.domains', defaultMessage: 'Allowed domains' },
  domainsHint: {
    id: 'idp.domainsHint',
    defaultMessage: 'Google: the Workspace domains whose accounts may sign in (checked by the hd claim), one per line.',
  },
  tenants: { id: 'idp.tenants', defaultMessage: 'Allowed tenants' },
  tenantsHint: {
    id: 'idp.tenantsHint',
    defaultMessage: 'Microsoft: the tenant IDs whose accounts may sign in, one per line.',
  },
  newUserRole: { id: 'idp.newUserRole', defaultMessage: 'Role of a new account' },
  newUserRoleHint: {
    id: 'idp.newUserRoleHint',
    defaultMessage: 'Someone signing in for the first time gets an account with this role.',
  },
  role: { id: 'idp.role', defaultMessage: '{role, select, teacher {Teacher} other {Student}}' },
  statusHeading: { id: 'idp.statusHeading', defaultMessage: 'Status' },
  enabled: { id: 'idp.enabled', defaultMessage: 'Enabled: shown on the login page' },
  status: { id: 'idp.status', defaultMessage: '{enabled, select, yes {Enabled} other {Disabled}}' },
  enable: { id: 'idp.enable', defaultMessage: 'Enable {name}' },
  disable: { id: 'idp.disable', defaultMessage: 'Disable {name}' },
  edit: { id: 'idp.edit', defaultMessage: 'Change {name}' },
  editShort: { id: 'idp.editShort', defaultMessage: 'Change' },
  enableShort: { id: 'idp.enableShort', defaultMessage: 'Enable' },
  disableShort: { id: 'idp.disableShort', defaultMessage: 'Disable' },
  editTitle: { id: 'idp.editTitle', defaultMessage: 'Change {name}' },
  save: { id: 'idp.save', defaultMessage: 'Save' },
  cancel: { id: 'idp.cancel', defaultMessage: 'Cancel' },
  saved: { id: 'idp.saved', defaultMessage: '{name} saved' },
  saveFailed: { id: 'idp.saveFailed', defaultMessage: 'The provider was not saved' },
  actions: { id: 'idp.actions', defaultMessage: 'Actions' },
  restrictions: { id: 'idp.restrictions', defaultMessage: 'Who may sign in' },
  anyone: { id: 'idp.anyone', defaultMessage: 'Any account of this provider' },
  providersTable: { id: 'idp.providersTable', defaultMessage: 'Identity providers' },
  attemptsHeading: { id: 'idp.attemptsHeading', defaultMessage: 'Last sign-ins' },
  attemptsIntro: {
    id: 'idp.attemptsIntro',
    defaultMessage:
      'The last 50 sign-ins through a provider, newest first. A refused one says why, to help fix a setup.',
  },
  attemptsNone: { id: 'idp.attemptsNone', defaultMessage: 'Nobody has signed in through a provider yet.' },
  attemptsFailed: { id: 'idp.attemptsFailed', defaultMessage: 'The sign-ins could not be loaded' },
  attemptsTable: { id: 'idp.attemptsTable', defaultMessage: 'Last sign-ins through identity providers' },
  when: { id: 'idp.when', defaultMessage: 'When' },
  provider: { id: 'idp.provider', defaultMessage: 'Provider' },
  email: { id: 'idp.email', defaultMessage: 'E-mail' },
  outcome: { id: 'idp.outcome', defaultMessage: 'Result' },
  outcomeName: { id: 'idp.outcomeName', defaultMessage: '{outcome, select, signed_in {Signed in} other {Refused}}' },
  reason: {
    id: 'idp.reason',
    defaultMessage:
      '{reason, select, signed_in {Signed in} unknown_provider {Provider unknown or disabled} provider_unreachable {The provider could not be reached (check the issuer URL)} provider_error {The provider answered with an error} state_missing {The sign-in had no state (started elsewhere)} state_unknown_or_used {The sign-in was already used or never started here (a replay?)} state_expired {The sign-in took too long and expired} browser_mismatch {The sign-in finished in another browser than it began} wrong_audience {The token was for another client (check the client ID)} wrong_issuer {The token came from another issuer or tenant} wrong_nonce {The token’s nonce did not match (a replay?)} token_expired {The token had expired (check the server clocks)} bad_signature {The token’s signature was not valid} token_refused {The token was refused} domain_not_allowed {The account’s domain is not allowed} tenant_not_allowed {The account’s tenant is not allowed} email_missing {The provider sent no e-mail address} email_not_verified {The provider has not verified the e-mail address} account_suspended {The Lyceum account is suspended} other {{reason}}}',
  },
  detail: { id: 'idp.detail', defaultMessage: 'Detail' },
  scroll: { id: 'idp.scroll', defaultMessage: '{table} (scrolls sideways)' },
});
