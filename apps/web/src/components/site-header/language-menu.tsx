import { LANGUAGE_NAMES, LANGUAGES, isUiLocale, PSEUDO_LOCALE } from '@lyceum/contract/constants';
import { Box } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useIntl } from '@/i18n/intl';
import { useLocale } from '@/i18n/locale-provider';
import classes from './language-menu.module.css';
import { siteHeaderMessages } from './messages';

/**
 * The visitor's language (issue 47): each language named in itself (and marked with its `lang`, so a screen reader
 * says it right). The choice applies at once and is kept in a cookie the server renders pages by (docs/i18n.md).
 * A plain native select (not Mantine's NativeSelect, whose input code cost every public page ~5 KB gzip, ADR 013):
 * it works the same with a keyboard, touch or a reader.
 */
export function LanguageMenu({ visibleFrom }: { visibleFrom?: 'sm' | 'md' }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <Box visibleFrom={visibleFrom} className={classes.root}>
      <IconWorld size={16} aria-hidden className={classes.icon} />
      <select
        className={classes.select}
        aria-label={intl.formatMessage(siteHeaderMessages.language)}
        value={locale}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (isUiLocale(chosen)) void setLocale(chosen);
        }}
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
      </select>
    </Box>
  );
}
