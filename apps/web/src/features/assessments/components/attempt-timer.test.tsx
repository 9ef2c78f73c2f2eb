import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { LocaleProvider } from '@/i18n/locale-provider';
import { AttemptTimer } from './attempt-timer';

function renderTimer(seconds: number, onExpired = vi.fn()) {
  const deadline = Date.now() + seconds * 1000;
  render(
    <LocaleProvider locale="en" messages={{}}>
      <MantineProvider theme={theme} env="test">
        <AttemptTimer deadline={deadline} onExpired={onExpired} />
      </MantineProvider>
    </LocaleProvider>,
  );
  return onExpired;
}

/** The live region: the one element with aria-live. */
const liveRegion = () => document.querySelector('[aria-live="assertive"]');

describe('attempt timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from the server’s remaining time and speaks only at 10, 5 and 1 minutes left', () => {
    const onExpired = renderTimer(10 * 60 + 3);
    expect(screen.getByText('10:03')).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent('');

    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByText('10:01')).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent('');

    act(() => vi.advanceTimersByTime(1_000));
    expect(liveRegion()).toHaveTextContent('10 minutes left.');

    // Nothing new between the thresholds: the region keeps its last words (a screen reader hears changes only).
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('9:00')).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent('10 minutes left.');

    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(liveRegion()).toHaveTextContent('5 minutes left.');

    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(liveRegion()).toHaveTextContent('1 minute left.');
    expect(onExpired).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('0:00')).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent('Time is up. Your saved answers are being submitted.');
    expect(onExpired).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('says nothing on opening with less than 10 minutes left, until the next threshold', () => {
    renderTimer(7 * 60);
    expect(screen.getByText('7:00')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(liveRegion()).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(60_000));
    expect(liveRegion()).toHaveTextContent('5 minutes left.');
  });

  it('a 1-minute quiz says "1 minute left." at its start, then "Time is up."', () => {
    // The server floors its seconds: a fresh 1-minute attempt arrives with 59 of them.
    const onExpired = renderTimer(59);
    expect(liveRegion()).toHaveTextContent('1 minute left.');
    act(() => vi.advanceTimersByTime(59_000));
    expect(liveRegion()).toHaveTextContent('Time is up. Your saved answers are being submitted.');
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('an attempt opening at a threshold says it; one reopened with under a minute left says so', () => {
    renderTimer(5 * 60);
    expect(liveRegion()).toHaveTextContent('5 minutes left.');
    cleanup();
    renderTimer(40);
    expect(liveRegion()).toHaveTextContent('Less than 1 minute left.');
  });
});
