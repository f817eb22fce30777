/**
 * PUT /user/profile: a new e-mail address needs the current password (docs/decisions.md#e-mail-change-needs-the-password);
 * the other fields do not. The messages are docs/product/auth.md's, written out here (not read from shared's MESSAGES).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';

describe('profile e-mail change', () => {
  const api = useApi({
    config: {
      loginLimits: {
        perAccountAddress: 3,
        perAccount: 20,
        perAddress: 50,
        windowMs: 60_000,
        baseDelayMs: 1000,
        maxDelayMs: 60_000,
      },
    },
  });
  let token: string;
  const fields = { firstName: 'Indira', lastName: 'Investor', mobileNo: '9000000002' };
  const put = (json: Record<string, unknown>) => api.request<UserDto>('PUT', '/user/profile', { token, json });

  beforeAll(async () => {
    token = await api.login(DEMO.investor.username, DEMO.investor.password);
  });

  it('changes names and phone without a password while the e-mail stays the same address', async () => {
    const result = await put({ ...fields, email: 'investor@bazaar-insight.local' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      firstName: 'Indira',
      mobileNo: '9000000002',
      email: 'investor@bazaar-insight.local',
    });
    // e-mail addresses are compared regardless of case (as logins find them): only the spelling changes
    const recased = await put({ ...fields, email: 'Investor@bazaar-insight.local' });
    expect(recased.status).toBe(200);
    expect(recased.body.email).toBe('Investor@bazaar-insight.local');
  });

  it('refuses a new e-mail without the current password, or with a wrong one, and changes nothing', async () => {
    const without = await put({ ...fields, email: 'indira@example.com' });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({
      status: 400,
      message: 'Enter your current password to change your e-mail address.',
    });
    const empty = await put({ ...fields, email: 'indira@example.com', currentPassword: '' });
    expect(empty.body).toMatchObject({
      status: 400,
      message: 'Enter your current password to change your e-mail address.',
    });
    const wrong = await put({ ...fields, email: 'indira@example.com', currentPassword: 'Wrong#pass1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: 400, message: 'The current password is not correct.' });
    const profile = await api.request<UserDto>('GET', '/user/profile', { token });
    expect(profile.body.email).toBe('Investor@bazaar-insight.local');
    // the session is still good: a wrong password here is not a logout
    expect(profile.status).toBe(200);
  });

  it('changes the e-mail with the right current password', async () => {
    const result = await put({ ...fields, email: 'indira@example.com', currentPassword: DEMO.investor.password });
    expect(result.status).toBe(200);
    expect(result.body.email).toBe('indira@example.com');
    expect((await api.request<UserDto>('GET', '/user/profile', { token })).body.email).toBe('indira@example.com');
  });

  it('stops guessing the current password after 3 wrong ones with 429 and Retry-After', async () => {
    // one wrong try was made above and the right one reset the count: 3 more reach the limit
    for (let i = 0; i < 3; i++)
      expect((await put({ ...fields, email: `guess${i}@example.com`, currentPassword: `Guess#${i}000` })).status).toBe(
        400,
      );
    const limited = await put({ ...fields, email: 'guess9@example.com', currentPassword: DEMO.investor.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
