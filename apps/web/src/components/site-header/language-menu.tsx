import { LANGUAGE_NAMES, LANGUAGES, isUiLocale, PSEUDO_LOCALE } from '@lyceum/contract/constants';
import { NativeSelect } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../i18n/locale-provider';
import { siteHeaderMessages } from './messages';

/**
 * The visitor's language (issue 47): each language named in itself (and marked with its `lang`, so a screen reader
 * says it right). The choice applies at once and is kept in a cookie the server renders pages by (docs/i18n.md).
 * A native select: no menu code on the first download, and it works the same with a keyboard, touch or a reader.
 */
export function LanguageMenu({ visibleFrom }: { visibleFrom?: 'sm' | 'md' }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <NativeSelect
      visibleFrom={visibleFrom}
      aria-label={intl.formatMessage(siteHeaderMessages.language)}
      leftSection={<IconWorld size={16} aria-hidden />}
      value={locale}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        if (isUiLocale(chosen)) void setLocale(chosen);
      }}
      w={140}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
      {/* The tests' pseudo-locale is only listed while it is the page's language (set by its cookie). */}
      {locale === PSEUDO_LOCALE ? (
        <option value={PSEUDO_LOCALE} lang={PSEUDO_LOCALE}>
          Pseudo
        </option>
      ) : null}
    </NativeSelect>
  );
}
