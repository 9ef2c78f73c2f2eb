import { useState } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useRoster } from '@/features/classes/api/class-lists';
import { ClassGuardians } from '@/features/guardians/components/class-guardians';
import { guardiansMessages as m } from '@/features/guardians/messages';
import { useIntl } from '@/i18n/intl';

const PAGE_SIZE = 20;

/** The class page's Guardians tab (issue 52): the roster's students, from the classes feature, with their guardians. */
export function ClassGuardiansTab({ classId, readOnly }: { classId: string; readOnly: boolean }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const roster = useRoster(classId, page, PAGE_SIZE);
  if (roster.isError)
    return <LoadError title={intl.formatMessage(m.rosterFailed)} onRetry={() => void roster.refetch()} />;
  if (!roster.data) return null;
  return (
    <>
      <ClassGuardians
        readOnly={readOnly}
        students={roster.data.items.map((entry) => ({ studentId: entry.studentId, name: entry.name }))}
      />
      <ListPagination
        page={page}
        pageSize={PAGE_SIZE}
        total={roster.data.total}
        onChange={setPage}
        label={intl.formatMessage(m.studentPages)}
      />
    </>
  );
}
