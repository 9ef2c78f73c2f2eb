import type { AddressInfo } from 'node:net';
import type { Lesson, Progress, ScormLaunch, ScormUploadResult } from '@lyceum/contract';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { curriculumApi, multipart } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { manifest12, scormZip } from './scorm-packages.js';

/*
 * The runtime in the package's frame (issue 50.1, ADR 067): each HTML page of the package gets scorm-again as its
 * first script, from the isolated path, with the learner's state written in. A SCO page runs here in jsdom, loading
 * that script from the app listening on a loopback port; the page's fetch and sendBeacon are Node's fetch to it.
 */
/** jsdom (the web app's test DOM; its types are not in this workspace): the members used here. */
interface DomWindow {
  addEventListener(type: string, listener: (event?: unknown) => void): void;
  FileReader: new () => {
    onload: (() => void) | null;
    onerror: (() => void) | null;
    result: unknown;
    readAsText(blob: unknown): void;
  };
  navigator: object;
  close(): void;
}
const { JSDOM, VirtualConsole } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: {
    fromURL(
      url: string,
      options: { runScripts: string; resources: string; virtualConsole: unknown; beforeParse(w: DomWindow): void },
    ): Promise<{ window: DomWindow }>;
  };
  VirtualConsole: new () => unknown;
};

const ctx = useTestApp();
const api = curriculumApi(ctx);
let teacher: TestUser;
let learner: TestUser;
let base: string;
let courseId: string;
let itemId: string;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  learner = await createUser(ctx, 'student', { firstname: 'Ada', lastname: 'Byron' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  courseId = (await createCourse(ctx, teacher.token, { status: 'published' })).id;
  const sectionId = (await api.section(teacher.token, courseId)).id;
  await api.enrol(learner.token, courseId);
  const zip = scormZip('1.2', manifest12([{ identifier: 'sco1', title: 'One', href: 'index.html' }]), ['index.html']);
  const body = multipart([{ name: 'file', data: zip, filename: 'package.zip' }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/sections/${sectionId}/scorm`,
    headers: { ...body.headers, ...bearer(teacher.token) },
    payload: body.payload,
  });
  itemId = res.json<ScormUploadResult>().itemId;
  const lesson = (await api.call('GET', `/api/courses/${courseId}/lessons/${itemId}`, teacher.token)).json<Lesson>();
  await api.call('PATCH', `/api/courses/${courseId}/lessons/${itemId}`, teacher.token, {
    version: lesson.version,
    published: true,
  });
});
afterAll(() => ctx.app.server.close());

/** The SCO page as a browser frame would load it; every request it sends is kept to be awaited. */
async function openSco() {
  const launch = (
    await api.call('POST', `/api/courses/${courseId}/lessons/${itemId}/scorm/launch`, learner.token, {})
  ).json<ScormLaunch>();
  const pending: Promise<unknown>[] = [];
  const send = (url: string, init?: RequestInit) => {
    const request = fetch(new URL(url, base), init);
    pending.push(request);
    return request;
  };
  const virtualConsole = new VirtualConsole();
  const dom = await JSDOM.fromURL(`${base}${launch.url}`, {
    runScripts: 'dangerously',
    resources: 'usable',
    virtualConsole,
    beforeParse(window) {
      Object.assign(window, { fetch: send });
      Object.assign(window.navigator, {
        // The page's Blob is jsdom's: its text goes out as a browser's beacon body would.
        sendBeacon: (url: string, data: Blob) => {
          const text = new Promise<string>((resolve, reject) => {
            const reader = new window.FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.onerror = () => reject(new Error('unreadable beacon'));
            reader.readAsText(data);
          });
          pending.push(
            text.then((body) => send(url, { method: 'POST', body, headers: { 'content-type': data.type } })),
          );
          return true;
        },
      });
    },
  });
  await new Promise((resolve) => dom.window.addEventListener('load', resolve));
  const sco = dom.window as unknown as {
    API: Record<string, (...args: string[]) => string>;
    dispatchEvent(event: Event): boolean;
    Event: typeof Event;
  };
  return { launch, dom, sco, settled: () => Promise.all(pending) };
}

describe('the runtime in the SCO page', () => {
  it('is the first script of every page, and finds window.API with the learner in it', async () => {
    const { launch, sco, dom } = await openSco();
    const page = await ctx.app.inject({ method: 'GET', url: launch.url });
    expect(page.body).toMatch(
      new RegExp(`^<!DOCTYPE html><script src="/scorm-content/${launch.token}/__lyceum__/runtime\\.js"></script>`),
    );
    const script = await ctx.app.inject({ method: 'GET', url: `/scorm-content/${launch.token}/__lyceum__/runtime.js` });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(String(script.headers['content-security-policy'])).toContain('sandbox allow-scripts');
    // The page's own script found the API the way content does.
    expect((dom.window as unknown as { api: unknown }).api).toBe(sco.API);
    expect(sco.API.LMSInitialize!('')).toBe('true');
    expect(sco.API.LMSGetValue!('cmi.core.student_name')).toBe('Byron, Ada');
    expect(sco.API.LMSGetValue!('cmi.core.lesson_status')).toBe('not attempted');
    dom.window.close();
  });

  it('commits, sends the last state as the page goes away, and the learner resumes from it', async () => {
    const first = await openSco();
    const suspend = 'y'.repeat(6_000);
    expect(first.sco.API.LMSInitialize!('')).toBe('true');
    first.sco.API.LMSSetValue!('cmi.core.lesson_status', 'incomplete');
    first.sco.API.LMSSetValue!('cmi.core.lesson_location', 'slide-4');
    first.sco.API.LMSSetValue!('cmi.core.exit', 'suspend');
    expect(first.sco.API.LMSCommit!('')).toBe('true');
    // The tab closes without LMSFinish: the beacon at pagehide carries what was set after the last commit.
    first.sco.API.LMSSetValue!('cmi.suspend_data', suspend);
    first.sco.dispatchEvent(new first.sco.Event('pagehide'));
    await first.settled();
    first.dom.window.close();

    const second = await openSco();
    expect(second.sco.API.LMSInitialize!('')).toBe('true');
    expect(second.sco.API.LMSGetValue!('cmi.core.entry')).toBe('resume');
    expect(second.sco.API.LMSGetValue!('cmi.core.lesson_location')).toBe('slide-4');
    expect(second.sco.API.LMSGetValue!('cmi.suspend_data')).toBe(suspend);
    second.sco.API.LMSSetValue!('cmi.core.score.raw', '90');
    second.sco.API.LMSSetValue!('cmi.core.lesson_status', 'passed');
    expect(second.sco.API.LMSFinish!('')).toBe('true');
    await second.settled();
    second.dom.window.close();
    const progress = (await api.call('GET', `/api/courses/${courseId}/progress`, learner.token)).json<Progress>();
    expect(progress).toMatchObject({ percent: 100, status: 'completed' });
  });
});
