import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  loginSchema,
  signupFormSchema,
  signupRequestSchema,
  userCreateSchema,
  forgotPasswordSchema,
  resetPasswordFormSchema,
} from '../index.js';

const firstMessages = (result: ReturnType<typeof loginSchema.safeParse>) =>
  result.success ? {} : fieldErrors(result.error);

describe('login rules', () => {
  it('uses the spec messages', () => {
    expect(firstMessages(loginSchema.safeParse({}))).toEqual({
      username: 'Username is required!',
      password: 'Password is required!',
    });
    expect(firstMessages(loginSchema.safeParse({ username: 'a', password: '1234567' }))).toEqual({
      password: 'Enter a valid password!',
    });
    expect(firstMessages(loginSchema.safeParse({ username: 'a', password: 'x'.repeat(33) }))).toEqual({
      password: 'Password length exceeds 32 characters!',
    });
    expect(loginSchema.safeParse({ username: 'a', password: '12345678' }).success).toBe(true);
    expect(loginSchema.safeParse({ username: 'a', password: 'x'.repeat(32) }).success).toBe(true);
  });
});

describe('sign-up rules', () => {
  const valid = {
    firstName: 'A',
    lastName: 'B',
    username: 'ab',
    email: 'a@b.co',
    password: 'Secret#12',
    mobileNo: '',
    referralCode: '',
  };
  it('accepts a complete form and drops empty optional fields', () => {
    const parsed = signupFormSchema.parse(valid);
    expect(parsed.mobileNo).toBeUndefined();
    expect(parsed.referralCode).toBeUndefined();
  });
  it('gives the spec messages', () => {
    const result = signupFormSchema.safeParse({
      ...valid,
      firstName: ' ',
      lastName: '',
      email: '',
      password: 'short',
      mobileNo: '98765',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        firstName: 'First Name is required!',
        lastName: 'Last Name is required!',
        email: 'Email is required!',
        password: 'Password must be atleast 8 characters!',
        mobileNo: 'Enter a valid Mobile Number!',
      });
    }
  });
  it('says only that an empty username is required (every message of the field, not just the first shown)', () => {
    for (const username of ['', '   ']) {
      const result = signupFormSchema.safeParse({ ...valid, username });
      expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
        'Username is required!',
      ]);
    }
    const bad = signupFormSchema.safeParse({ ...valid, username: 'a b' });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.message)).toEqual([
      "Username may contain only letters, digits, '.', '_', '-' and '@'",
    ]);
  });
  it('takes a ten-digit mobile number given as a number too', () => {
    expect(signupRequestSchema.parse({ user: { ...valid, mobileNo: 9876543210 } }).user.mobileNo).toBe('9876543210');
  });
});

describe('admin user rules', () => {
  it('requires exactly one role', () => {
    const base = { firstName: 'A', lastName: 'B', username: 'ab', email: 'a@b.co', password: 'Secret#12' };
    const none = userCreateSchema.safeParse({ ...base, roles: [] });
    expect(none.success).toBe(false);
    if (!none.success) expect(fieldErrors(none.error).roles).toBe('Role is required!');
    expect(userCreateSchema.safeParse({ ...base, roles: [{ id: 1, name: 'ROLE_USER' }] }).success).toBe(true);
    expect(
      userCreateSchema.safeParse({ ...base, roles: [{ name: 'ROLE_USER' }, { name: 'ROLE_STAFF' }] }).success,
    ).toBe(false);
  });
});

describe('password reset rules', () => {
  it('takes a username or a real e-mail', () => {
    expect(forgotPasswordSchema.safeParse({ UsernameOrEmail: 'investor' }).success).toBe(true);
    expect(forgotPasswordSchema.safeParse({ UsernameOrEmail: 'a@b.co' }).success).toBe(true);
    const bad = forgotPasswordSchema.safeParse({ UsernameOrEmail: 'a@' });
    expect(bad.success ? null : fieldErrors(bad.error)).toEqual({ UsernameOrEmail: 'Please enter email!' });
    const empty = forgotPasswordSchema.safeParse({ UsernameOrEmail: '' });
    expect(empty.success ? null : fieldErrors(empty.error)).toEqual({ UsernameOrEmail: 'Email is requied!' });
  });
  it('wants matching passwords', () => {
    const result = resetPasswordFormSchema.safeParse({ newPassword: 'Secret#12', confirmPassword: 'Secret#13' });
    expect(result.success ? null : fieldErrors(result.error)).toEqual({ confirmPassword: 'Passwords do not match!' });
    const empty = resetPasswordFormSchema.safeParse({ newPassword: '', confirmPassword: '' });
    expect(empty.success ? null : fieldErrors(empty.error)).toEqual({ newPassword: 'New Password required!' });
  });
});
