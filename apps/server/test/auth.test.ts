import { TOKEN_TTL } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, decodePayload, PASSWORD, uniqueEmail, useTestApp } from './helper.js';

const ctx = useTestApp();

function register(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
}

function validRegistration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('reg'),
    firstname: 'Ada',
    lastname: 'Lovelace',
    phone: '+44 20 7946 0000',
    password: PASSWORD,
    role: 'student',
    ...overrides,
  };
}

describe('registration', () => {
  it('creates a student and answers 201 with the profile, without any password material', async () => {
    const res = await register(validRegistration({ firstname: 'Reg', lastname: 'Student' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      role: 'student',
      firstname: 'Reg',
      lastname: 'Student',
      username: 'Reg Student',
    });
    expect(body.user.profileImage).toBeNull();
    expect(res.body).not.toMatch(/password|\$argon2/i);
  });

  it('derives "First Last" usernames and suffixes the smallest free number when taken', async () => {
    const names = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await register(validRegistration({ firstname: 'Grace', lastname: 'Suffix' }));
      expect(res.statusCode).toBe(201);
      names.push(res.json().user.username);
    }
    expect(names).toEqual(['Grace Suffix', 'Grace Suffix 2', 'Grace Suffix 3']);
  });

  it('rejects a chosen username that is taken with 409', async () => {
    expect((await register(validRegistration({ username: 'unique-handle' }))).statusCode).toBe(201);
    const res = await register(validRegistration({ username: 'unique-handle' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('username is already taken');
  });

  it('refuses a duplicate e-mail in any letter case with 409 and a clear message', async () => {
    const email = uniqueEmail('dup');
    expect((await register(validRegistration({ email }))).statusCode).toBe(201);
    const res = await register(validRegistration({ email: email.toUpperCase(), role: 'teacher' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusCode: 409,
      message: 'User is already registered with this email. Please sign in.',
    });
  });

  it.each([
    ['email', { email: undefined }],
    ['firstname', { firstname: '   ' }],
    ['lastname', { lastname: undefined }],
    ['phone', { phone: undefined }],
    ['password', { password: undefined }],
    ['role', { role: undefined }],
  ])('answers 400 naming %s when it is missing', async (field, overrides) => {
    const res = await register(validRegistration(overrides));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(body.message).toContain(field);
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a short password', { password: 'short' }, 'password'],
    ['an over-long password', { password: 'x'.repeat(129) }, 'password'],
    ['the admin role', { role: 'admin' }, 'role'],
    ['the placeholder role', { role: 'select the role' }, 'role'],
    ['an empty role', { role: '' }, 'role'],
    ['a wrong type', { firstname: 42 }, 'firstname'],
    ['an over-long first name', { firstname: 'x'.repeat(101) }, 'firstname'],
  ])('answers 400 for %s', async (_label, overrides, field) => {
    const res = await register(validRegistration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe(field);
  });

  it('answers malformed JSON with a 400 JSON error, not a 5xx', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toBe('Malformed JSON body');
  });

  it('answers an oversized body with 413 JSON', async () => {
    const res = await register(validRegistration({ firstname: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body too large');
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('login', () => {
  it('logs a registered user in with their e-mail in any case and issues a 1-day token', async () => {
    const student = await createUser(ctx, 'student');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Login successful!!', role: 'student', user: { email: student.email } });
    const payload = decodePayload(body.token);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(TOKEN_TTL.defaultSeconds);
  });

  it('gives a 30-day token with "Remember me"', async () => {
    const student = await createUser(ctx, 'student');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student.email, password: PASSWORD, remember: true },
    });
    const payload = decodePayload(res.json().token);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(TOKEN_TTL.rememberMeSeconds);
  });

  it('answers an unknown e-mail and a wrong password with the same 401', async () => {
    const student = await createUser(ctx, 'student');
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('nobody'), password: PASSWORD },
    });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student.email, password: 'wrong-password' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('requires e-mail and password', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  it('puts only public, non-secret fields in the token payload', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const payload = decodePayload(teacher.token);
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'sid', 'sub', 'user', 'ver']);
    expect(Object.keys(payload.user as object).sort()).toEqual(
      // The zone the user's dates are shown in (issue 46.9): screens know it on the first render. The language chosen in
      // My Account (issue 47): every device shows the pages in it.
      ['firstname', 'id', 'language', 'lastname', 'profileImage', 'role', 'timeZone', 'username'].sort(),
    );
    expect(JSON.stringify(payload)).not.toContain(teacher.email);
    expect(JSON.stringify(payload)).not.toMatch(/argon|password|phone/i);
  });

  it("returns the caller's own profile from /api/me", async () => {
    const student = await createUser(ctx, 'student');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(student.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: student.user.id, email: student.email, role: 'student' });
    expect(res.body).not.toMatch(/passwordHash|\$argon2/);
  });

  it('answers 401 on /api/me without a token, with a garbage token, and with a forged one', async () => {
    const student = await createUser(ctx, 'student');
    const [header, payload] = student.token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const headers of [{}, bearer('garbage'), bearer(`${header}.${payload}.forged`), bearer(unsigned)]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().statusCode).toBe(401);
    }
  });
});

describe('rate limiting', () => {
  const limited = useTestApp({ authRateLimit: 3 });

  it('answers 429 once a client exceeds the login limit', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@example.com', password: 'whatever-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
