import type { Profile } from '@lyceum/contract';
import { formatDateTime, timeZoneNames } from '@lyceum/contract/constants';
import { Select, Stack } from '@mantine/core';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/time-zone';
import { useUpdateProfile } from '../api/update-profile';
import { SettingSaveRow } from './setting-save-row';

/** "Asia/Tokyo" → "Asia / Tokyo (GMT+9)": the zone's place names, and its offset now. */
function zoneLabel(zone: string, now: Date): string {
  const offset = formatDateTime(now, { timeZone: zone, zoneName: true }).split(' ').at(-1) ?? '';
  return `${zone.replaceAll('_', ' ').replaceAll('/', ' / ')} (${offset})`;
}

/**
 * My Account's time zone (issue 46.9): the zone every date is shown in — on screens, in notifications and e-mails.
 * A searchable list of the zones the browser knows; saving keeps focus on the button and says what was saved.
 */
export function TimeZoneForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const saved = profile.timeZone ?? browserTimeZone();
  const [zone, setZone] = useState<string>(saved);
  const [said, setSaid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Labelling the ~420 zones builds one date formatter each: seconds of a slow phone's time. The page shows the chosen
  // zone at once and the whole list from the moment the field is used.
  const [listed, setListed] = useState(false);
  const data = useMemo(() => {
    const now = new Date();
    const names = listed ? timeZoneNames() : [];
    const unlisted = [...new Set([saved, zone])].filter((value) => !names.includes(value));
    return [...unlisted, ...names].map((value) => ({ value, label: zoneLabel(value, now) }));
  }, [saved, zone, listed]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (updateProfile.isPending) return;
    setSaid('Saving…');
    setError(null);
    updateProfile.mutate(
      { timeZone: zone },
      {
        onSuccess: ({ user }) => {
          setSaid(`Saved. Dates now show in ${zoneLabel(user.timeZone ?? zone, new Date())}.`);
          button.current?.focus();
        },
        onError: (failure) => {
          const issue = failure instanceof ApiError ? failure.issues.find((i) => i.path === 'timeZone') : undefined;
          setSaid('');
          setError(issue ? `Time zone ${issue.message}` : 'The time zone could not be saved. Please try again.');
          button.current?.focus();
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label="Time zone">
      <Stack gap="md">
        <Select
          label="Time zone"
          description="Dates and times on Lyceum, in notifications and in e-mails are shown in this zone."
          data={data}
          value={zone}
          onChange={(value) => {
            if (value) setZone(value);
            setSaid('');
          }}
          searchable
          onFocus={() => setListed(true)}
          onDropdownOpen={() => setListed(true)}
          nothingFoundMessage="No time zone matches"
          allowDeselect={false}
          maxDropdownHeight={280}
          error={error}
          maw={{ sm: '50%' }}
        />
        <SettingSaveRow said={said} busy={updateProfile.isPending} buttonRef={button}>
          Save time zone
        </SettingSaveRow>
      </Stack>
    </form>
  );
}
