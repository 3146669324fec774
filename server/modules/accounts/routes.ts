import { successEnvelope } from '../../../domain/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailOnlyBody,
  messageOnly,
  nameSearchQuery,
  publicIdsQuery,
  publicUserListData,
  publicUsersData,
  registerBody,
  registerByReferenceIdBody,
  registrationSchema,
  resetPasswordBody,
  signinBody,
  signinData,
  tokenParam,
  userSchema,
  verifyEmailQuery,
} from '../../../domain/schemas/accounts.ts';
import { allow, publicRoute } from '../../platform/access.ts';
import { bearerSecurity, callerOf, tokenFrom } from '../../platform/auth.ts';
import { byAddress, byNamedAccount, failureBudgets, spendBudgets } from '../../platform/budgets.ts';
import { AppError } from '../../platform/errors.ts';
import type { AfterAnswer } from '../../platform/afterAnswer.ts';
import type { RateLimits } from '../../platform/context.ts';
import type { AccountsService } from './service.ts';

export const accountsRoutes =
  ({
    accounts,
    rateLimits: limits,
    afterAnswer,
  }: {
    accounts: AccountsService;
    rateLimits: RateLimits;
    afterAnswer: AfterAnswer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['users'];
    // Failed sign-ins spend the address's budget and the named account's, each on its own (a
    // successful one spends nothing); mail requests spend both budgets on every request.
    const signinFailures = failureBudgets([
      { name: 'signin-address', rule: limits.signinPerAddress, key: byAddress },
      { name: 'signin-account', rule: limits.signin, key: byNamedAccount },
    ]);
    const mailBudgets = spendBudgets(app, [
      { name: 'mail-address', rule: limits.mailRequestPerAddress, key: byAddress },
      { name: 'mail-account', rule: limits.mailRequest, key: byNamedAccount },
    ]);
    const registerBudget = spendBudgets(app, [{ name: 'register-address', rule: limits.register, key: byAddress }]);

    app.post(
      '/users/register',
      {
        config: { access: publicRoute('creates an account') },
        preHandler: registerBudget,
        schema: {
          tags,
          summary: 'Create an account (any role but ADMIN) and mail a verification link',
          description:
            'Answers the same whether or not the email already has an account (nothing tells a stranger which emails do); the owner of an existing account is told by mail instead.',
          body: registerBody,
          response: { 201: successEnvelope(registrationSchema) },
        },
      },
      async (request, reply) => {
        const user = await accounts.register(request.body);
        return reply.code(201).send({
          data: user,
          message: 'Registration successful! We have sent a verification link to your email.',
        });
      },
    );

    app.get(
      '/users/verify-email',
      {
        config: { access: publicRoute('the mailed link proves the address; there is no session yet') },
        schema: {
          tags,
          summary: 'Verify an email address with the mailed token',
          querystring: verifyEmailQuery,
          response: { 200: messageOnly },
        },
      },
      async (request) => {
        await accounts.verifyEmail(request.query.token);
        return { message: 'Your email is verified. You can now sign in.' };
      },
    );

    app.post(
      '/users/resend-verification',
      {
        config: { access: publicRoute('for an account that cannot sign in yet') },
        preHandler: mailBudgets,
        schema: { tags, summary: 'Mail a new verification link', body: emailOnlyBody, response: { 200: messageOnly } },
      },
      async (request) => {
        const { email } = request.body;
        afterAnswer.schedule(request, () => accounts.resendVerification(email));
        return { message: 'If that account still needs verifying, we have sent a new link to its email.' };
      },
    );

    app.post(
      '/users/signin',
      {
        config: { access: publicRoute('signing in') },
        preHandler: signinFailures.guard,
        schema: {
          tags,
          summary: 'Sign in with email and password',
          body: signinBody,
          response: { 200: successEnvelope(signinData) },
        },
      },
      async (request) => {
        try {
          return { data: await accounts.signin(request.body.email, request.body.password) };
        } catch (error) {
          if (error instanceof AppError && error.kind === 'UNAUTHORIZED') signinFailures.fail(request);
          throw error;
        }
      },
    );

    app.get(
      '/users/user-details',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          summary: 'The signed-in user',
          security: bearerSecurity,
          response: { 200: successEnvelope(userSchema) },
        },
      },
      async (request) => ({ data: await accounts.userDetails(callerOf(request), request.account) }),
    );

    app.post(
      '/users/signout',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          summary: 'End this session on the server: its token is refused from now on, and its sockets close',
          security: bearerSecurity,
          response: { 200: messageOnly },
        },
      },
      async (request) => {
        await accounts.signout(callerOf(request), tokenFrom(request));
        return { message: 'You have been signed out.' };
      },
    );

    app.post(
      '/users/request-reset-password',
      {
        config: { access: publicRoute('for someone who cannot sign in') },
        preHandler: mailBudgets,
        schema: { tags, summary: 'Mail a password reset link', body: emailOnlyBody, response: { 200: messageOnly } },
      },
      async (request) => {
        // After answering: the time of the answer must not tell whether the email has an account.
        const { email } = request.body;
        afterAnswer.schedule(request, () => accounts.requestPasswordReset(email));
        return {
          message:
            'If an account exists for that email, we have sent it a link to reset the password. The link works for 1 hour.',
        };
      },
    );

    app.post(
      '/users/reset-password/:token',
      {
        config: { access: publicRoute('the mailed token proves the account') },
        schema: {
          tags,
          summary: 'Set a new password with a mailed token; signs out every session',
          params: tokenParam,
          body: resetPasswordBody,
          response: { 200: messageOnly },
        },
      },
      async (request) => {
        await accounts.resetPassword(request.params.token, request.body.password);
        return { message: 'Your password has been reset. Sign in with your new password.' };
      },
    );

    app.post(
      '/users/register-by-reference-id',
      {
        config: { access: allow(['ADMIN'], 'none') },
        schema: {
          tags,
          summary:
            'Admin: create a member account linked to a profile; the member sets a password from the mailed link',
          security: bearerSecurity,
          body: registerByReferenceIdBody,
          response: { 201: successEnvelope(userSchema) },
        },
      },
      async (request, reply) => {
        const user = await accounts.registerByReferenceId(callerOf(request), request.body);
        return reply
          .code(201)
          .send({ data: user, message: 'Account created; we have mailed them a link to set a password.' });
      },
    );

    app.get(
      '/users/public/ids',
      {
        config: { access: allow('ANY', 'acquaintance') },
        schema: {
          tags,
          summary: 'Public fields of the given users the caller may know, keyed by id',
          description:
            'An admin may know every account; anyone else themselves, their own organisation, and the parties of appointments they are on. Other ids are left out.',
          security: bearerSecurity,
          querystring: publicIdsQuery,
          response: { 200: successEnvelope(publicUsersData) },
        },
      },
      async (request) => {
        const { ids, page, limit } = request.query;
        return { data: await accounts.publicUsers(callerOf(request), ids, page, limit) };
      },
    );

    app.get(
      '/users/test-search',
      {
        config: { access: allow('ANY', 'acquaintance') },
        schema: {
          tags,
          summary: 'Search, by name, the users the caller may know (public fields only); without a name, list them',
          description:
            'An admin searches every account; anyone else themselves, their own organisation, and the parties of appointments they are on.',
          security: bearerSecurity,
          querystring: nameSearchQuery,
          response: { 200: successEnvelope(publicUserListData) },
        },
      },
      async (request) => {
        const { name, page, limit } = request.query;
        return { data: await accounts.searchByName(callerOf(request), name, page, limit) };
      },
    );
  };
