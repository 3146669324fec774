import { z } from 'zod';
import { ROLES } from '../enums.ts';
import { SELF_REGISTRABLE_ROLES } from '../rules/roles.ts';
import { emailSchema, idSchema, paginationQuery, paginationSchema } from './common.ts';
import { lineText } from './text.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Every rule a new password must meet, each with the message that says what is missing. */
export const PASSWORD_RULES: ReadonlyArray<{ test: (password: string) => boolean; message: string }> = [
  {
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  },
  {
    test: (p) => p.length <= PASSWORD_MAX_LENGTH,
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  },
  { test: (p) => /\p{L}/u.test(p), message: 'Password must contain at least one letter' },
  { test: (p) => /\d/.test(p), message: 'Password must contain at least one number' },
];

/** The messages of the rules a password does not meet yet (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

export const newPasswordSchema = lineText('Password', { error: 'Password is required' }).superRefine(
  (password, ctx) => {
    for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
  },
);

/** Signing in checks only presence: rules may have changed since the password was chosen. */
const existingPasswordSchema = lineText('Password', { error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH * 4, 'Password is too long');

export const personNameSchema = lineText('Name')
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(120, 'Name must be at most 120 characters');

export const roleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });

export const registerBody = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  role: z
    .enum(SELF_REGISTRABLE_ROLES, {
      error: (issue) =>
        issue.input === 'ADMIN'
          ? 'An Admin account cannot be created by registering'
          : `Role must be one of ${SELF_REGISTRABLE_ROLES.join(', ')}`,
    })
    .default('USER'),
  name: personNameSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const signinBody = z.object({ email: emailSchema, password: existingPasswordSchema });
export type SigninBody = z.input<typeof signinBody>;

export const emailOnlyBody = z.object({ email: emailSchema });

export const resetPasswordBody = z.object({ password: newPasswordSchema });

/** The signed-in account changes its password: the current one proves it is its owner. */
export const changePasswordBody = z.object({
  currentPassword: existingPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.output<typeof changePasswordBody>;

/** Deleting one's account is confirmed with its password. */
export const deleteAccountBody = z.object({ password: existingPasswordSchema });
export const tokenParam = z.object({ token: lineText('The link').min(16, 'The link is incomplete').max(200) });
export const verifyEmailQuery = z.object({
  token: lineText('The link', { error: 'The verification link has no token' })
    .min(16, 'The link is incomplete')
    .max(200),
});

export const registerByReferenceIdBody = z.object({
  email: emailSchema,
  role: roleSchema.refine((role) => role !== 'ADMIN', 'An Admin account cannot be created this way'),
  referenceId: idSchema,
  name: personNameSchema.optional(),
});
export type RegisterByReferenceIdBody = z.input<typeof registerByReferenceIdBody>;

/** The signed-in user as the API returns it. */
export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: roleSchema,
  referenceId: z.string().nullable(),
  name: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.output<typeof userSchema>;

/** What a registration answers, the same whether or not the email already had an account. */
export const registrationSchema = z.object({
  email: z.string(),
  role: roleSchema,
  name: z.string().nullable(),
  referenceId: z.null(),
  emailVerified: z.literal(false),
});
export type Registration = z.output<typeof registrationSchema>;

/** What anyone signed in may see of another user. */
export const publicUserSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  role: roleSchema,
  referenceId: z.string().nullable(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

export const signinData = z.object({
  token: z.string(),
  user: userSchema
    .pick({ id: true, email: true, role: true, referenceId: true })
    .extend({ name: z.string().nullable() }),
});
export type SigninData = z.output<typeof signinData>;

/** `ids` as a comma-separated list or repeated (`?ids=a&ids=b`); at most 100. */
export const publicIdsQuery = paginationQuery.extend({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => [
      ...new Set((Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean)),
    ])
    .pipe(z.array(idSchema).min(1, 'Give at least one id').max(100, 'Give at most 100 ids')),
});

/** Without `name`, every account the caller may know, by name. */
export const nameSearchQuery = paginationQuery.extend({
  name: lineText('Search text').trim().min(2, 'Search for at least 2 characters').max(120).optional(),
});

export const publicUsersData = z.object({
  users: z.record(z.string(), publicUserSchema),
  pagination: paginationSchema,
});

export const publicUserListData = z.object({
  users: z.array(publicUserSchema),
  pagination: paginationSchema,
});

export const messageOnly = z.object({ message: z.string() });

export const mailboxQuery = z.object({ to: emailSchema });
export const mailboxData = z.object({
  messages: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() })),
});
