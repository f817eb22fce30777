/** Validation of the login, sign-up, user, role and profile forms and payloads (docs/product/auth.md#validation). */
import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { email, idValue, optionalMobile, optionalText, password, requiredText } from './rules.js';

const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
const USERNAME_CHARACTERS_MESSAGE = "Username may contain only letters, digits, '.', '_', '-' and '@'";

function username(message: string) {
  return requiredText(message, 'Username', 50).regex(USERNAME_PATTERN, USERNAME_CHARACTERS_MESSAGE);
}

export const loginSchema = z.object({
  username: requiredText(MESSAGES.login.usernameRequired, 'Username', 254),
  password: password({
    required: MESSAGES.login.passwordRequired,
    min: MESSAGES.login.passwordMin,
    max: MESSAGES.login.passwordMax,
  }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupPasswordSchema = password({
  required: MESSAGES.signup.passwordRequired,
  min: MESSAGES.signup.passwordMin,
  max: MESSAGES.signup.passwordMax,
});

export const signupUserSchema = z.object({
  firstName: requiredText(MESSAGES.signup.firstNameRequired, 'First Name', 100),
  lastName: requiredText(MESSAGES.signup.lastNameRequired, 'Last Name', 100),
  username: username(MESSAGES.signup.usernameRequired),
  email: email(MESSAGES.signup.emailRequired),
  password: signupPasswordSchema,
  mobileNo: optionalMobile(MESSAGES.signup.mobileInvalid),
});
export type SignupUserInput = z.infer<typeof signupUserSchema>;

export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
export const referralCodeSchema = optionalText('Referral', 32).refine(
  (code) => code === undefined || REFERRAL_CODE_PATTERN.test(code),
  'Referral code must be 4 to 32 letters or digits',
);

/** POST /auth/signup body: `{ user, referralCode }` (the referral code travels beside the user). */
export const signupRequestSchema = z.object({
  user: signupUserSchema,
  referralCode: referralCodeSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The sign-up form of the web app: the user fields plus the referral field. */
export const signupFormSchema = signupUserSchema.extend({ referralCode: referralCodeSchema });

export const roleRefSchema = z.object(
  {
    id: idValue('Role id').optional(),
    name: z.string({ error: MESSAGES.user.roleRequired }).trim().min(1, MESSAGES.user.roleRequired).max(50),
  },
  { error: MESSAGES.user.roleRequired },
);

/** Admin user form: exactly one role chosen from the role list (sent as a list of one role object). */
const userFields = {
  firstName: requiredText(MESSAGES.signup.firstNameRequired, 'First Name', 100),
  lastName: requiredText(MESSAGES.signup.lastNameRequired, 'Last Name', 100),
  username: username(MESSAGES.signup.usernameRequired),
  email: email(MESSAGES.signup.emailRequired),
  mobileNo: optionalMobile(MESSAGES.user.mobileInvalid),
  roles: z
    .array(roleRefSchema, { error: MESSAGES.user.roleRequired })
    .min(1, MESSAGES.user.roleRequired)
    .max(1, 'Choose exactly one role'),
};

export const userCreateSchema = z.object({ ...userFields, password: signupPasswordSchema });
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** On update the password is optional: blank keeps the current one. */
export const userUpdateSchema = z.object({
  ...userFields,
  password: z
    .string()
    .nullish()
    .transform((value) => (value ? value : undefined))
    .pipe(signupPasswordSchema.optional()),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const roleSchema = z.object({
  // roles are authorities in the ROLE_ form the app and the tokens use (ROLE_USER, ROLE_STAFF…)
  name: requiredText(MESSAGES.name.required, 'Name', 50).regex(
    /^ROLE_[A-Z][A-Z0-9_]*$/,
    'A role name is ROLE_ followed by capital letters, digits or _ (e.g. ROLE_AUDITOR)',
  ),
});
export type RoleInput = z.infer<typeof roleSchema>;

/** POST /admin/users/{id}/roles: one role by id or by name. */
export const assignRoleSchema = z
  .object({
    id: idValue('Role id').optional(),
    name: z.string().trim().min(1).max(50).optional(),
  })
  .refine((role) => role.id !== undefined || role.name !== undefined, MESSAGES.user.roleRequired);
export type AssignRoleInput = z.infer<typeof assignRoleSchema>;

/**
 * The caller's own profile: identity fields only; roles, ids and new passwords are not taken here. A change
 * of e-mail address also needs the current password (the address is where reset links go).
 */
export const profileUpdateSchema = z.object({
  firstName: requiredText(MESSAGES.signup.firstNameRequired, 'First Name', 100),
  lastName: requiredText(MESSAGES.signup.lastNameRequired, 'Last Name', 100),
  email: email(MESSAGES.signup.emailRequired),
  mobileNo: optionalMobile(MESSAGES.signup.mobileInvalid),
  profilePictureUrl: optionalText('Profile picture URL', 2000).refine(
    (url) => url === undefined || /^https:\/\/[^\s]+$/i.test(url),
    'Profile picture URL must start with https://',
  ),
  currentPassword: z
    .string()
    .max(200, MESSAGES.currentPasswordWrong)
    .optional()
    .describe('The current password: required when the e-mail address changes'),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const forgotPasswordSchema = z.object({
  UsernameOrEmail: z
    .string({ error: MESSAGES.forgotPassword.required })
    .trim()
    .min(1, MESSAGES.forgotPassword.required)
    .max(254, MESSAGES.forgotPassword.invalid)
    // the input takes an email or a username: something with an @ must be a real email
    .refine((value) => !value.includes('@') || z.email().safeParse(value).success, MESSAGES.forgotPassword.invalid),
});

export const resetPasswordFormSchema = z
  .object({
    newPassword: z
      .string({ error: MESSAGES.resetPassword.newPasswordRequired })
      .min(1, MESSAGES.resetPassword.newPasswordRequired),
    confirmPassword: z.string({ error: MESSAGES.resetPassword.mismatch }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: MESSAGES.resetPassword.mismatch,
    path: ['confirmPassword'],
  });
