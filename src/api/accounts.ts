import type { RegisterBody, Registration, SigninData, User } from '../../domain/schemas/accounts.ts';
import { requireParam } from '../../domain/rules/params.ts';
import { request } from './http.ts';

type Message = { message: string };

export const accountsApi = {
  register: (body: RegisterBody) =>
    request<{ data: Registration; message: string }>('post', '/users/register', {
      json: requireParam(body, 'body', 'register'),
    }),
  signin: (body: { email: string; password: string }) =>
    request<{ data: SigninData }>('post', '/users/signin', { json: requireParam(body, 'body', 'signin') }),
  /** Ends this session on the server: its token stops working everywhere at once. */
  signout: (signal?: AbortSignal) => request<Message>('post', '/users/signout', { signal }),
  userDetails: (signal?: AbortSignal) => request<{ data: User }>('get', '/users/user-details', { signal }),
  verifyEmail: (token: string) =>
    request<Message>('get', '/users/verify-email', { query: { token: requireParam(token, 'token', 'verifyEmail') } }),
  resendVerification: (email: string) =>
    request<Message>('post', '/users/resend-verification', {
      json: { email: requireParam(email, 'email', 'resendVerification') },
    }),
  requestPasswordReset: (email: string) =>
    request<Message>('post', '/users/request-reset-password', {
      json: { email: requireParam(email, 'email', 'requestPasswordReset') },
    }),
  /** Every other session ends; this device goes on with the token in the answer. */
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    request<{ data: SigninData; message: string }>('post', '/users/change-password', {
      json: requireParam(body, 'body', 'changePassword'),
    }),
  /** A User deletes their own account, confirmed with its password. */
  deleteAccount: (password: string) =>
    request<Message>('delete', '/users/me', {
      json: { password: requireParam(password, 'password', 'deleteAccount') },
    }),
  resetPassword: (token: string, password: string) =>
    request<Message>(
      'post',
      `/users/reset-password/${encodeURIComponent(requireParam(token, 'token', 'resetPassword'))}`,
      {
        json: { password: requireParam(password, 'password', 'resetPassword') },
      },
    ),
};
