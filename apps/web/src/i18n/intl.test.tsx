import { parse } from '@formatjs/icu-messageformat-parser';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormattedMessage, IntlProvider, useIntl, type MessageDescriptor } from './intl';

const attempts: MessageDescriptor = {
  id: 'test.attempts',
  defaultMessage: '{count, plural, one {# attempt} other {# attempts}} to mark',
};

function Count({ count }: { count: number }) {
  return <p>{useIntl().formatMessage(attempts, { count })}</p>;
}

describe('the i18n runtime (react-intl’s API over intl-messageformat)', () => {
  it('shows the English default where the catalogue lacks the message, with its plural', () => {
    render(
      <IntlProvider locale="es" messages={{}}>
        <Count count={1} />
        <Count count={3} />
      </IntlProvider>,
    );
    expect(screen.getByText('1 attempt to mark')).toBeInTheDocument();
    expect(screen.getByText('3 attempts to mark')).toBeInTheDocument();
  });

  it('shows the translation, as ICU text or as the syntax tree the build precompiles', () => {
    const { unmount } = render(
      <IntlProvider locale="es" messages={{ 'test.attempts': '{count, plural, one {# intento} other {# intentos}}' }}>
        <Count count={2} />
      </IntlProvider>,
    );
    expect(screen.getByText('2 intentos')).toBeInTheDocument();
    unmount();
    render(
      <IntlProvider locale="ar" messages={{ 'test.attempts': parse('{count} محاولات') }}>
        <Count count={5} />
      </IntlProvider>,
    );
    expect(screen.getByText('5 محاولات')).toBeInTheDocument();
  });

  it('falls back to English when a translation cannot be formatted, and says so in the console', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <IntlProvider locale="es" messages={{ 'test.attempts': '{missing} intentos' }}>
        <Count count={2} />
      </IntlProvider>,
    );
    expect(screen.getByText('2 attempts to mark')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('test.attempts'), expect.anything());
  });

  it('renders rich text tags with the elements given for them', () => {
    render(
      <IntlProvider locale="en" messages={{}}>
        <p data-testid="motto">
          <FormattedMessage
            id="test.motto"
            defaultMessage="Learn without limits. <em>Teach</em> what you love."
            values={{ em: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
          />
        </p>
      </IntlProvider>,
    );
    expect(screen.getByTestId('motto')).toHaveTextContent('Learn without limits. Teach what you love.');
    expect(screen.getByText('Teach').tagName).toBe('STRONG');
  });
});
