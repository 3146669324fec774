import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  createNotificationBody,
  notificationList,
  notificationListQuery,
  notificationPreferencesSchema,
  notificationSchema,
  pushPublicKeySchema,
  pushSubscriptionBody,
  removePushSubscriptionBody,
  unreadCountSchema,
  updatePreferencesBody,
} from '../../../domain/schemas/notifications.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { NotificationsService } from './service.ts';

const notificationParams = z.object({ notificationId: idSchema });
const countAfter = z.object({ unreadCount: z.number().int().min(0) });

export const notificationsRoutes =
  ({ notifications: service }: { notifications: NotificationsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['notifications'];
    const security = bearerSecurity;

    app.post(
      '/notifications',
      {
        config: { access: allow(['ADMIN'], 'none') },
        schema: {
          tags,
          security,
          summary: 'Send a notification to one user (admins)',
          description:
            'Stored for the user, sent to their open pages (newNotification) and, when their preferences allow, to their devices by Web Push.',
          body: createNotificationBody,
          response: { 201: successEnvelope(notificationSchema) },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await service.create(request.body) }),
    );

    app.get(
      '/notifications',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          security,
          summary: "The caller's notifications, newest first, with filters and the unread count",
          querystring: notificationListQuery,
          response: { 200: notificationList },
        },
      },
      async (request) => ({ data: await service.list(callerOf(request), request.query) }),
    );

    app.delete(
      '/notifications',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          security,
          summary: "Delete all of the caller's notifications",
          response: { 200: successEnvelope(countAfter.extend({ deleted: z.number().int() })) },
        },
      },
      async (request) => ({ data: await service.removeAll(callerOf(request)), message: 'All notifications deleted.' }),
    );

    app.get(
      '/notifications/unread/count',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          security,
          summary: 'How many of the caller’s notifications are unread (status Sent)',
          response: { 200: successEnvelope(unreadCountSchema) },
        },
      },
      async (request) => ({ data: { count: await service.unreadCount(callerOf(request)) } }),
    );

    app.put(
      '/notifications/mark-all-read',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          security,
          summary: 'Mark every notification of the caller as read',
          response: { 200: successEnvelope(countAfter.extend({ updated: z.number().int() })) },
        },
      },
      async (request) => ({ data: await service.markAllRead(callerOf(request)) }),
    );

    app.get(
      '/notifications/preferences',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          security,
          summary: "The caller's delivery preferences: channels, and types that may use them",
          response: { 200: successEnvelope(notificationPreferencesSchema) },
        },
      },
      async (request) => ({ data: await service.preferences(callerOf(request)) }),
    );

    app.patch(
      '/notifications/preferences',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          security,
          summary: 'Change delivery preferences; what is not sent stays',
          description:
            'PUSH is delivered today; EMAIL, SMS and CALL are kept for when those channels arrive. In-app notifications always show.',
          body: updatePreferencesBody,
          response: { 200: successEnvelope(notificationPreferencesSchema) },
        },
      },
      async (request) => ({
        data: await service.updatePreferences(callerOf(request), request.body),
        message: 'Preferences saved.',
      }),
    );

    app.get(
      '/notifications/push/public-key',
      {
        config: { access: allow('ANY', 'none') },
        schema: {
          tags,
          security,
          summary: 'The VAPID public key to subscribe a browser with (applicationServerKey)',
          response: { 200: successEnvelope(pushPublicKeySchema) },
        },
      },
      async () => ({ data: service.publicKey() }),
    );

    app.post(
      '/notifications/push/subscriptions',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          security,
          summary: "Add this browser's push subscription (PushSubscription.toJSON()) for the caller",
          body: pushSubscriptionBody,
          response: { 201: successEnvelope(z.object({ endpoint: z.string() })) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await service.subscribe(callerOf(request), request.body, request.headers['user-agent']),
          message: 'Alerts are on for this device.',
        }),
    );

    app.delete(
      '/notifications/push/subscriptions',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags,
          security,
          summary: "Remove one of the caller's push subscriptions",
          body: removePushSubscriptionBody,
          response: { 200: successEnvelope(z.object({ removed: z.number().int() })) },
        },
      },
      async (request) => ({
        data: await service.unsubscribe(callerOf(request), request.body.endpoint),
        message: 'Alerts are off for this device.',
      }),
    );

    app.delete(
      '/notifications/:notificationId',
      {
        config: { access: allow('ANY', 'recipient') },
        schema: {
          tags,
          security,
          summary: 'Delete one of the caller’s notifications',
          params: notificationParams,
          response: { 200: successEnvelope(countAfter.extend({ id: idSchema })) },
        },
      },
      async (request) => ({ data: await service.remove(callerOf(request), request.params.notificationId) }),
    );

    app.put(
      '/notifications/:notificationId/read',
      {
        config: { access: allow('ANY', 'recipient') },
        schema: {
          tags,
          security,
          summary: 'Mark one notification as read (status Read, readAt set)',
          params: notificationParams,
          response: { 200: successEnvelope(countAfter.extend({ notification: notificationSchema })) },
        },
      },
      async (request) => ({ data: await service.markRead(callerOf(request), request.params.notificationId) }),
    );
  };
