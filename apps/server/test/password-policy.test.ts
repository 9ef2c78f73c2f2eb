import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestApp } from './helper.js';

/** Issue 13.2: the password policy that guards change and reset also guards registration, on both APIs. */
const ctx = useTestApp();

function registration(password: string) {
  return {
    email: uniqueEmail('weak'),
    firstname: 'Weak',
    lastname: 'Password',
    phone: '+1 555 0000',
    password,
    role: 'student',
  };
}

describe('registration refuses the most common passwords', () => {
  it.each(['password123', '12345678', 'PassWord123', 'aaaaaaaaaa'])(
    '/api refuses %s with 400, creating no account',
    async (password) => {
      const body = registration(password);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: 'password is one of the most common passwords; choose another',
        issues: [{ path: 'password', message: 'is one of the most common passwords; choose another' }],
      });
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password },
      });
      expect(login.statusCode).toBe(401);
    },
  );

  it.each(['password123', '12345678'])(
    'v1 E3 refuses %s with 400 in the v1 envelope, creating no account',
    async (password) => {
      const body = registration(password);
      const res = await ctx.app.inject({ method: 'POST', url: '/user-Register', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'password is one of the most common passwords; choose another',
      });
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/user-Login',
        payload: { email: body.email, password },
      });
      expect(login.statusCode).toBe(401);
    },
  );

  it('accepts an uncommon password on both APIs', async () => {
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration('violet-harbour-lantern'),
    });
    expect(api.statusCode).toBe(201);
    const v1 = await ctx.app.inject({
      method: 'POST',
      url: '/user-Register',
      payload: registration('violet-harbour-lantern'),
    });
    expect(v1.statusCode).toBe(201);
    expect(v1.json()).toMatchObject({ success: true });
  });
});
