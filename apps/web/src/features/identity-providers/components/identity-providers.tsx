import type { AdminProvider, ProviderBody, SignInAttempt } from '@lyceum/contract';
import { formatDateTime } from '@lyceum/contract/constants';
import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { LoadError } from '@/components/load-error';
import { ScrollFrame } from '@/components/scroll-frame';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTimeZone } from '@/lib/use-time-zone';
import { useProviders, useSaveProvider, useSignInAttempts } from '../api';
import { providerMessages as m } from '../messages';

type Preset = AdminProvider['preset'];
const PRESETS: readonly Preset[] = ['google', 'entra', 'generic'];
const ISSUER_OF: Record<Preset, string> = {
  google: 'https://accounts.google.com',
  entra: 'https://login.microsoftonline.com/organizations/v2.0',
  generic: '',
};

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

interface FormState {
  name: string;
  preset: Preset;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  tenants: string;
  newUserRole: AdminProvider['newUserRole'];
  enabled: boolean;
}

const formOf = (provider: AdminProvider | null): FormState => ({
  name: provider?.name ?? '',
  preset: provider?.preset ?? 'google',
  issuer: provider?.issuer ?? ISSUER_OF.google,
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  domains: provider?.allowedDomains.join('\n') ?? '',
  tenants: provider?.allowedTenants.join('\n') ?? '',
  newUserRole: provider?.newUserRole ?? 'student',
  enabled: provider?.enabled ?? false,
});

/** Adding a provider (`provider` null) or changing one; a secret is sent only when typed. */
function ProviderForm({ provider, onDone }: { provider: AdminProvider | null; onDone: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const save = useSaveProvider();
  const [form, setForm] = useState(() => formOf(provider));
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ProviderBody = {
      name: form.name,
      preset: form.preset,
      issuer: form.issuer,
      clientId: form.clientId,
      ...(form.clientSecret ? { clientSecret: form.clientSecret } : {}),
      allowedDomains: lines(form.domains),
      allowedTenants: lines(form.tenants),
      newUserRole: form.newUserRole,
      enabled: form.enabled,
    };
    save.mutate(
      { id: provider?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(t(m.saved, { name: saved.name }));
          onDone();
        },
        onError: (error) => notifyError(toastMessageOf(error, t(m.saveFailed))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t(m.name)}
          description={t(m.nameHint)}
          value={form.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          required
          maxLength={100}
          data-autofocus
        />
        <NativeSelect
          label={t(m.preset)}
          value={form.preset}
          onChange={(e) => {
            const preset = e.currentTarget.value as Preset;
            setForm((f) => ({
              ...f,
              preset,
              issuer: f.issuer && f.issuer !== ISSUER_OF[f.preset] ? f.issuer : ISSUER_OF[preset],
            }));
          }}
          data={PRESETS.map((preset) => ({ value: preset, label: t(m.presetName, { preset }) }))}
        />
        <TextInput
          label={t(m.issuer)}
          description={t(m.issuerHint)}
          value={form.issuer}
          onChange={(e) => set('issuer', e.currentTarget.value)}
          required
          type="url"
          dir="ltr"
        />
        <TextInput
          label={t(m.clientId)}
          value={form.clientId}
          onChange={(e) => set('clientId', e.currentTarget.value)}
          required
          dir="ltr"
        />
        <PasswordInput
          label={t(m.clientSecret)}
          description={provider?.hasClientSecret ? t(m.secretKept) : t(m.secretNone)}
          value={form.clientSecret}
          onChange={(e) => set('clientSecret', e.currentTarget.value)}
          autoComplete="new-password"
          dir="ltr"
        />
        {form.preset !== 'entra' ? (
          <Textarea
            label={t(m.domains)}
            description={t(m.domainsHint)}
            value={form.domains}
            onChange={(e) => set('domains', e.currentTarget.value)}
            rows={3}
            dir="ltr"
          />
        ) : null}
        {form.preset !== 'google' ? (
          <Textarea
            label={t(m.tenants)}
            description={t(m.tenantsHint)}
            value={form.tenants}
            onChange={(e) => set('tenants', e.currentTarget.value)}
            rows={3}
            dir="ltr"
          />
        ) : null}
        <NativeSelect
          label={t(m.newUserRole)}
          description={t(m.newUserRoleHint)}
          value={form.newUserRole}
          onChange={(e) => set('newUserRole', e.currentTarget.value as FormState['newUserRole'])}
          data={(['student', 'teacher'] as const).map((role) => ({ value: role, label: t(m.role, { role }) }))}
        />
        <Switch label={t(m.enabled)} checked={form.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t(m.cancel)}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(m.save)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ProviderRow({ provider, onEdit }: { provider: AdminProvider; onEdit: (button: HTMLButtonElement) => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const save = useSaveProvider();
  const who = [...provider.allowedDomains, ...provider.allowedTenants];
  const toggle = () =>
    save.mutate(
      { id: provider.id, body: { enabled: !provider.enabled } },
      {
        onSuccess: (saved) => notifySuccess(t(m.saved, { name: saved.name })),
        onError: (error) => notifyError(toastMessageOf(error, t(m.saveFailed))),
      },
    );
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <bdi dir="auto">{provider.name}</bdi>
        <Text size="xs" c="dimmed" dir="ltr" style={{ overflowWrap: 'break-word' }}>
          {provider.issuer}
        </Text>
      </Table.Th>
      <Table.Td>{t(m.presetName, { preset: provider.preset })}</Table.Td>
      <Table.Td dir="ltr" style={{ overflowWrap: 'break-word' }}>
        {who.length > 0 ? who.join(', ') : <Text span>{t(m.anyone)}</Text>}
      </Table.Td>
      <Table.Td>{t(m.role, { role: provider.newUserRole })}</Table.Td>
      <Table.Td>
        <Badge
          color={provider.enabled ? 'teal.9' : 'gray.7'}
          variant="filled"
          autoContrast
          style={{ minInlineSize: 'max-content' }}
        >
          {t(m.status, { enabled: provider.enabled ? 'yes' : 'no' })}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={(e) => onEdit(e.currentTarget)}
            aria-label={t(m.edit, { name: provider.name })}
          >
            {t(m.editShort)}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={toggle}
            loading={save.isPending}
            aria-label={t(provider.enabled ? m.disable : m.enable, { name: provider.name })}
          >
            {t(provider.enabled ? m.disableShort : m.enableShort)}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The providers: a table with each one's change and enable/disable, and the form to add one. */
export function ProviderList() {
  const t = useIntl().formatMessage;
  const providers = useProviders();
  const [editing, setEditing] = useState<AdminProvider | null | 'new'>(null);
  /** Where focus goes back once the form closes: the button that opened it. */
  const opener = useRef<HTMLButtonElement | null>(null);
  const open = (target: AdminProvider | 'new', button: HTMLButtonElement) => {
    opener.current = button;
    setEditing(target);
  };
  const close = () => {
    setEditing(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const list = providers.data;
  return (
    <section aria-labelledby="idp-providers-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={22} id="idp-providers-heading">
          {t(m.providersHeading)}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={(e) => open('new', e.currentTarget)}>
          {t(m.add)}
        </Button>
      </Group>
      {providers.isError ? (
        <LoadError title={t(m.loadFailed)} onRetry={() => void providers.refetch()} />
      ) : !list ? (
        <Skeleton height={80} radius="md" />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t(m.none)}</Text>
      ) : (
        <ScrollFrame label={t(m.scroll, { table: t(m.providersTable) })}>
          <Table withTableBorder striped miw={760}>
            <Table.Caption>{t(m.providersTable)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(m.name)}</Table.Th>
                <Table.Th scope="col">{t(m.preset)}</Table.Th>
                <Table.Th scope="col">{t(m.restrictions)}</Table.Th>
                <Table.Th scope="col">{t(m.newUserRole)}</Table.Th>
                <Table.Th scope="col">{t(m.statusHeading)}</Table.Th>
                <Table.Th scope="col">{t(m.actions)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((provider) => (
                <ProviderRow key={provider.id} provider={provider} onEdit={(button) => open(provider, button)} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollFrame>
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing && editing !== 'new' ? t(m.editTitle, { name: editing.name }) : t(m.add)}
        size="lg"
        returnFocus={false}
      >
        {editing !== null ? <ProviderForm provider={editing === 'new' ? null : editing} onDone={close} /> : null}
      </Modal>
    </section>
  );
}

function AttemptRow({ attempt, timeZone }: { attempt: SignInAttempt; timeZone: string }) {
  const t = useIntl().formatMessage;
  const refused = attempt.outcome === 'refused';
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(attempt.at, { style: 'weekday', timeZone })}</Table.Td>
      <Table.Td>
        <bdi dir="auto">{attempt.providerName}</bdi>
      </Table.Td>
      <Table.Td dir="ltr" style={{ overflowWrap: 'break-word' }}>
        {attempt.email || '—'}
      </Table.Td>
      <Table.Td>
        <Badge
          color={refused ? 'red.9' : 'teal.9'}
          variant="filled"
          autoContrast
          style={{ minInlineSize: 'max-content' }}
        >
          {t(m.outcomeName, { outcome: attempt.outcome.replaceAll('-', '_') })}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={refused ? 600 : 400}>
          {t(m.reason, { reason: attempt.reason.replaceAll('-', '_') })}
        </Text>
        {attempt.detail ? (
          <Text size="xs" c="dimmed" dir="ltr" style={{ overflowWrap: 'break-word' }}>
            {attempt.detail}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** The last 50 sign-ins through a provider, each refusal with its reason in words (and the library's detail). */
export function SignInAttempts() {
  const t = useIntl().formatMessage;
  const timeZone = useTimeZone();
  const attempts = useSignInAttempts();
  const list = attempts.data;
  return (
    <section aria-labelledby="idp-attempts-heading">
      <Title order={2} fz={22} id="idp-attempts-heading" mb={4}>
        {t(m.attemptsHeading)}
      </Title>
      <Text c="dimmed" mb="sm">
        {t(m.attemptsIntro)}
      </Text>
      {attempts.isError ? (
        <LoadError title={t(m.attemptsFailed)} onRetry={() => void attempts.refetch()} />
      ) : !list ? (
        <Skeleton height={80} radius="md" />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t(m.attemptsNone)}</Text>
      ) : (
        <ScrollFrame label={t(m.scroll, { table: t(m.attemptsTable) })}>
          <Table withTableBorder striped miw={760}>
            <Table.Caption>{t(m.attemptsTable)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(m.when)}</Table.Th>
                <Table.Th scope="col">{t(m.provider)}</Table.Th>
                <Table.Th scope="col">{t(m.email)}</Table.Th>
                <Table.Th scope="col">{t(m.outcome)}</Table.Th>
                <Table.Th scope="col">{t(m.detail)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((attempt) => (
                <AttemptRow key={attempt.id} attempt={attempt} timeZone={timeZone} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollFrame>
      )}
    </section>
  );
}
