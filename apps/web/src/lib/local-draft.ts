import { useEffect, useState } from 'react';

/**
 * Drafts of long texts kept in this browser (localStorage) until they are saved, so a reload, a crash or a closed
 * tab does not lose them. Keyed by user, form and record: `lyceum:draft:<userId>:<form>:<record>`.
 */
const PREFIX = 'lyceum:draft:';

export function draftKey(userId: string | null | undefined, form: string, record: string): string {
  return `${PREFIX}${userId ?? 'guest'}:${form}:${record}`;
}

export function readDraft(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, quota): no drafts, nothing breaks
  }
}

export function writeDraft(key: string, value: string): void {
  try {
    if (value.trim() === '' || value === '<p></p>') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Full or disabled storage: the draft is simply not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}

/**
 * Keeps `value` as the draft under `key` while `active` (a short pause after the last change, so typing is not
 * slowed down). A value equal to `saved` (what the server holds) is no draft and removes it.
 */
export function useDraftWriter(key: string, value: string, options: { active?: boolean; saved?: string } = {}): void {
  const { active = true, saved = '' } = options;
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      if (value === saved) clearDraft(key);
      else writeDraft(key, value);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [key, value, active, saved]);
}

/** The draft found under `key` when the form opened (read once). */
export function useInitialDraft(key: string): string | null {
  const [draft] = useState(() => readDraft(key));
  return draft;
}
