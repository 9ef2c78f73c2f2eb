import { crc32 } from 'node:zlib';
import { TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { api, tokenOf } from './api-setup';
import { DEMO, checkBothWidths, expect, test, uniqueEmail } from './support';

/**
 * Issue 48.4: an admin uploads a OneRoster 1.2 zip, reads the preview (counts, a refused row by file and line), links
 * the class to one of its teacher's courses, applies it and watches the progress to the result; the same file again
 * previews as all unchanged. Keyboard for every action; axe and screenshots at 1280 and 390 px.
 */
test.describe.configure({ timeout: 120_000 });

/** A zip of stored (uncompressed) files: what a student information system's export is, built here. */
function storedZip(files: { name: string; data: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.data, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const lines = (...rows: string[]) => `${rows.join('\r\n')}\r\n`;
const USERS_HEADER = 'sourcedId,status,dateLastModified,enabledUser,username,givenName,familyName,identifier,email';
const user = (sid: string, given: string, family: string, email: string) =>
  `${sid},,,true,${sid},${given},${family},,${email}`;

test('an admin imports a OneRoster zip: preview, a refused row, a class linked to a course, progress, result', async ({
  page,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.teacher.email, password: DEMO.teacher.password },
  });
  const me = ((await login.json()) as { user: { firstname: string; lastname: string } }).user;
  await api<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title: `Algebra ${suffix}`,
    category: 'Development',
  });
  const className = `Algebra 1A ${suffix}`;
  const zip = storedZip([
    {
      name: 'manifest.csv',
      data: lines(
        'propertyName,value',
        'manifest.version,1.0',
        'oneroster.version,1.2',
        'file.users,bulk',
        'file.classes,bulk',
        'file.enrollments,bulk',
        'source.systemName,Test SIS',
      ),
    },
    {
      name: 'users.csv',
      data: lines(
        USERS_HEADER,
        user(`t-${suffix}`, me.firstname, me.lastname, DEMO.teacher.email),
        user(`s1-${suffix}`, 'Ada', 'Lovelace', uniqueEmail('ada')),
        user(`s2-${suffix}`, 'Alan', 'Turing', uniqueEmail('alan')),
        user(`s3-${suffix}`, 'Broken', 'Row', 'not-an-email'),
      ),
    },
    {
      name: 'classes.csv',
      data: lines('sourcedId,status,dateLastModified,title', `c-${suffix},,,${className}`),
    },
    {
      name: 'enrollments.csv',
      data: lines(
        'sourcedId,status,dateLastModified,classSourcedId,userSourcedId,role',
        `e1-${suffix},,,c-${suffix},t-${suffix},teacher`,
        `e2-${suffix},,,c-${suffix},s1-${suffix},student`,
        `e3-${suffix},,,c-${suffix},s2-${suffix},student`,
      ),
    },
  ]);

  const admin = await tokenOf(request, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/');
  await page.evaluate(([key, token]) => window.localStorage.setItem(key, token), [TOKEN_STORAGE_KEY, admin] as const);
  await page.goto('/admin/dashboard');
  // The admin area's navigation leads to the page.
  await page.getByRole('link', { name: 'Rosters' }).first().press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Rosters' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'OneRoster 1.2 (zip)' })).toBeChecked();

  const upload = async () => {
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'roster.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByRole('button', { name: 'Upload and preview' }).press('Enter');
    const heading = page.getByRole('heading', { name: 'Preview: nothing has changed yet' });
    await expect(heading).toBeFocused();
  };
  const countsOf = async (table: string, kind: string) =>
    page
      .getByRole('table', { name: table })
      .getByRole('row', { name: new RegExp(`^${kind}`) })
      .getByRole('cell')
      .allTextContents();

  await upload();
  // Grace exists (same e-mail and names): left alone; two students and the class are new; the broken row is listed.
  expect(await countsOf('What the import will do', 'Users')).toEqual(['2', '0', '1', '0']);
  expect(await countsOf('What the import will do', 'Classes')).toEqual(['1', '0', '0', '0']);
  // Grace's own teacher enrolment comes with the class she will own: two to create, one there already.
  expect(await countsOf('What the import will do', 'Enrolments')).toEqual(['2', '0', '1', '0']);
  await expect(page.getByRole('heading', { name: '1 row refused' })).toBeVisible();
  const refused = page.getByRole('table', { name: 'Refused rows, page 1 of 1' });
  await expect(refused.getByRole('row').nth(1)).toHaveText('users.csv5"not-an-email" is not an e-mail address');

  const picker = page.getByRole('combobox', { name: `Course for ${className}` });
  // Her courses (she has the demo's too), between keeping none and a new draft course.
  const options = picker.getByRole('option');
  await expect(options.first()).toHaveText('No course');
  await expect(options.last()).toHaveText('Create a draft course');
  await expect(options.filter({ hasText: `Algebra ${suffix} (draft)` })).toHaveCount(1);
  await picker.focus();
  await picker.selectOption({ label: `Algebra ${suffix} (draft)` });
  await checkBothWidths(page, 'rosters-preview');

  await page.getByRole('button', { name: 'Apply the import' }).press('Enter');
  const result = page.getByRole('heading', { name: 'Import applied' });
  await expect(result).toBeFocused({ timeout: 30_000 });
  await expect(page.getByText('7 of 7 rows applied')).toBeVisible();
  expect(await countsOf('What the import did', 'Users')).toEqual(['2', '0', '1', '0']);
  expect(await countsOf('What the import did', 'Classes')).toEqual(['1', '0', '0', '0']);
  expect(await countsOf('What the import did', 'Enrolments')).toEqual(['2', '0', '1', '0']);
  await checkBothWidths(page, 'rosters-result');

  // The same file again: everything unchanged.
  await page.getByRole('button', { name: 'Upload another file' }).press('Enter');
  await upload();
  expect(await countsOf('What the import will do', 'Users')).toEqual(['0', '0', '3', '0']);
  expect(await countsOf('What the import will do', 'Classes')).toEqual(['0', '0', '1', '0']);
  expect(await countsOf('What the import will do', 'Enrolments')).toEqual(['0', '0', '3', '0']);
  await expect(picker.getByRole('option').first()).toHaveText('Keep its course');
});
