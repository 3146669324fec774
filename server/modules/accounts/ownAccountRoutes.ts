import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBody, deleteAccountBody, messageOnly, signinData } from '../../../domain/schemas/accounts.ts';
import { successEnvelope } from '../../../domain/schemas/common.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { bySignedInAccount, failureBudgets } from '../../platform/budgets.ts';
import type { RateLimits } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { OwnAccountUseCases } from './ownAccount.ts';

/** My Account: the signed-in person changes their password or deletes their account. */
export const ownAccountRoutes =
  ({ ownAccount, rateLimits }: { ownAccount: OwnAccountUseCases; rateLimits: RateLimits }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['users'];
    const security = bearerSecurity;
    // A wrong current password spends the account's sign-in budget: a session left open is no way to guess it.
    const passwordFailures = failureBudgets([
      { name: 'own-account-password', rule: rateLimits.signin, key: bySignedInAccount },
    ]);
    const counted = async <T>(request: Parameters<typeof passwordFailures.fail>[0], work: () => Promise<T>) => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof AppError && error.kind === 'VALIDATION') passwordFailures.fail(request);
        throw error;
      }
    };

    app.post(
      '/users/change-password',
      {
        config: { access: allow('ANY', 'caller') },
        preHandler: passwordFailures.guard,
        schema: {
          tags,
          security,
          summary:
            'Change the caller’s password (the current one proves it); every other session ends, this one goes on with the token in the answer',
          body: changePasswordBody,
          response: { 200: successEnvelope(signinData) },
        },
      },
      async (request) => ({
        data: await counted(request, () =>
          ownAccount.changePassword(callerOf(request), request.body.currentPassword, request.body.newPassword),
        ),
        message: 'Your password is changed. Other devices signed in to this account are signed out.',
      }),
    );

    app.delete(
      '/users/me',
      {
        config: { access: allow(['USER'], 'caller') },
        preHandler: passwordFailures.guard,
        schema: {
          tags,
          security,
          summary:
            'A User deletes their account, confirmed with its password: the email, name and password are removed and every session ends',
          body: deleteAccountBody,
          response: { 200: messageOnly },
        },
      },
      async (request) => {
        await counted(request, () => ownAccount.deleteAccount(callerOf(request), request.body.password));
        return { message: 'Your account is deleted.' };
      },
    );
  };
