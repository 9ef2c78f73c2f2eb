import type { Profile } from '@lyceum/contract';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, languageFromAcceptLanguage } from '@lyceum/contract/constants';
import { NativeSelect, Stack } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from '@/i18n/intl';
import { useLocale } from '@/i18n/locale-provider';
import { useUpdateProfile } from '../api/update-profile';
import { SettingSaveRow } from './setting-save-row';
import { accountMessages as messages } from '../messages';

const BROWSER = 'browser';

/**
 * My Account's language (issue 47): the language Lyceum is shown in for this user, on every device; "as my browser
 * asks" clears the choice. Saving switches the page at once and keeps focus on the button.
 */
export function LanguageForm({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const { setLocale } = useLocale();
  const updateProfile = useUpdateProfile();
  const [choice, setChoice] = useState<string>(profile.language ?? BROWSER);
  const [said, setSaid] = useState('');
  const button = useRef<HTMLButtonElement>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (updateProfile.isPending) return;
    const language = isLanguage(choice) ? choice : null;
    setSaid(intl.formatMessage(messages.saving));
    updateProfile.mutate(
      { language },
      {
        onSuccess: async () => {
          await setLocale(language ?? languageFromAcceptLanguage(navigator.languages.join(',')) ?? 'en');
          setSaid(intl.formatMessage(messages.languageSaved));
          button.current?.focus();
        },
        onError: () => {
          setSaid(intl.formatMessage(messages.languageNotSaved));
          button.current?.focus();
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label={intl.formatMessage(messages.languageSection)}>
      <Stack gap="md">
        <NativeSelect
          label={intl.formatMessage(messages.languageLabel)}
          description={intl.formatMessage(messages.languageDescription)}
          value={choice}
          onChange={(event) => {
            setChoice(event.currentTarget.value);
            setSaid('');
          }}
          maw={{ sm: '50%' }}
        >
          <option value={BROWSER}>{intl.formatMessage(messages.languageBrowser)}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </NativeSelect>
        <SettingSaveRow said={said} busy={updateProfile.isPending} buttonRef={button}>
          {intl.formatMessage(messages.saveLanguage)}
        </SettingSaveRow>
      </Stack>
    </form>
  );
}
