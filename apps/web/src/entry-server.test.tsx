import type { TokenUser } from '@lyceum/contract';
import { TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer } from './entry-server';
import type { SsrState } from './ssr-state';
import { makeToken } from './test/tokens';

/*
 * A role landing's shell (ADR 014, issue 15): the server renders it for nobody in particular. Rendered here in the
 * browser-like test environment once without and once with a stored session, it must come out the same — which is
 * also what lets the browser hydrate it whoever is signed in.
 */
const TEACHER: TokenUser = {
  id: '0b6f4c1e-2a3d-4e5f-8a9b-1c2d3e4f5a6b',
  username: 'grace.teacher',
  role: 'teacher',
  profileImage: null,
  firstname: 'Grace',
  lastname: 'Hopper',
};

/** The API as the renderer sees it: any read answers an empty object (the shell should make none that matter). */
const render = createRenderer(() =>
  Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
);

afterEach(() => window.localStorage.clear());

describe('the server-rendered shell of a role landing', () => {
  it("shows the area's navigation, the title and skeletons, nothing of the signed-in user", async () => {
    const anonymous = await render('/teacher');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({}, TEACHER));
    const signedIn = await render('/teacher');

    expect(anonymous).not.toBeNull();
    expect(signedIn?.html).toBe(anonymous?.html);
    const html = anonymous!.html;
    expect(html).toContain('aria-label="Teacher area"');
    for (const label of ['Dashboard', 'My Courses', 'Classes', 'My Account', 'Logout']) {
      expect(html, label).toContain(`>${label}<`);
    }
    expect(html).toContain('Welcome back. Here is how your courses are doing.');
    expect(html).toContain('Loading the dashboard…');
    expect(html).not.toMatch(/Grace|Hopper/);
    // The header holds a placeholder where a visitor's Login and Sign Up buttons or a user's avatar go.
    const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    expect(header).toContain('mantine-Skeleton-root');
    expect(header).not.toMatch(/>Login<|Sign Up/);
    expect((JSON.parse(anonymous!.stateJson) as SsrState).area).toBe('teacher');
  });

  it('renders the admin and student landings the same way, and no area state for a public page', async () => {
    for (const [url, label] of [
      ['/admin/', 'Admin area'],
      ['/student/dashboard', 'Student area'],
    ] as const) {
      const page = await render(url);
      expect(page?.html, url).toContain(`aria-label="${label}"`);
      expect(page?.html, url).toContain('Welcome back. Here is');
    }
    const about = await render('/aboutUs');
    expect((JSON.parse(about!.stateJson) as SsrState).area).toBeUndefined();
  });
});
