import { LANGUAGE_COOKIE } from '@lyceum/contract/constants';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/i18n/locale-provider';
import { useIntl } from '@/i18n/intl';
import { siteHeaderMessages } from '@/components/site-header/messages';
import { authReducer, LOGGED_OUT } from './auth-reducer';
import { AuthProvider } from './auth-context';
import { STUDENT } from '@/test/tokens';

function Login() {
  const intl = useIntl();
  return <p>{intl.formatMessage(siteHeaderMessages.login)}</p>;
}

function signedIn(language: 'es' | 'ar' | null) {
  return authReducer(LOGGED_OUT, {
    type: 'login-success',
    payload: {
      sub: STUDENT.id,
      ver: 1,
      user: { ...STUDENT, timeZone: 'UTC', language },
      iat: 1767225600,
      exp: 4102444800,
    },
  });
}

describe('the account language on every load (issue 47)', () => {
  it('shows the pages in the language chosen in My Account, on a device whose cookie said another', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=en; path=/`;
    const { findByText } = render(
      <LocaleProvider locale="en" messages={{}}>
        <AuthProvider initialState={signedIn('es')}>
          <Login />
        </AuthProvider>
      </LocaleProvider>,
    );
    expect(await findByText('Iniciar sesión')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=es`);
  });

  it('leaves the page as it is for an account that chose no language', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=en; path=/`;
    const { findByText } = render(
      <LocaleProvider locale="en" messages={{}}>
        <AuthProvider initialState={signedIn(null)}>
          <Login />
        </AuthProvider>
      </LocaleProvider>,
    );
    expect(await findByText('Login')).toBeTruthy();
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
  });
});
