import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getNotificationPreferencesQueryOptions,
  notificationKeys,
  notificationsApi,
  type NotificationPreferences,
  type PreferencesChange,
} from '../../api/notifications.ts';
import type { NotificationType } from '../../../domain/enums.ts';
import { useToast } from '../../ui/toast/index.ts';
import { FILTERABLE_TYPES, typeLabel } from './model.ts';

export const PREFERENCES_ERROR = 'Failed to save alert settings';

/** Which news may reach this account's devices (in-app notifications always show). */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const preferences = useQuery(getNotificationPreferencesQueryOptions());

  const save = useMutation({
    mutationFn: (change: PreferencesChange) => notificationsApi.updatePreferences(change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences });
      const before = queryClient.getQueryData<NotificationPreferences>(notificationKeys.preferences);
      if (before) {
        queryClient.setQueryData<NotificationPreferences>(notificationKeys.preferences, {
          channels: { ...before.channels, ...change.channels },
          types: { ...before.types, ...change.types },
        });
      }
      return before;
    },
    onError: (_error, _change, before) => {
      if (before) queryClient.setQueryData(notificationKeys.preferences, before);
      toast.error(PREFERENCES_ERROR);
    },
    onSuccess: ({ data }) => queryClient.setQueryData(notificationKeys.preferences, data),
  });

  if (preferences.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2 p-4">
        <span className="sr-only">Loading alert settings…</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton h-6 w-full" aria-hidden="true" />
        ))}
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <div className="flex flex-col items-start gap-2 p-4 text-sm">
        <p>Alert settings could not be loaded.</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void preferences.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const { channels, types } = preferences.data;
  const pushOn = channels.PUSH;
  const typeOn = (type: NotificationType) => types[type] !== false;

  return (
    <div className="flex flex-col gap-4 p-4">
      <p className="text-sm text-base-content/70">
        Every notification shows here in CareMesh. These settings choose what may also alert your devices.
      </p>
      <label className="flex items-center justify-between gap-3 text-sm font-medium">
        Alerts on my devices
        <input
          type="checkbox"
          role="switch"
          className="toggle toggle-primary toggle-sm"
          checked={pushOn}
          onChange={(event) => save.mutate({ channels: { PUSH: event.currentTarget.checked } })}
        />
      </label>
      <fieldset className="flex flex-col gap-2" disabled={!pushOn}>
        <legend className="mb-2 text-sm font-medium">Alert me about</legend>
        <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
          {FILTERABLE_TYPES.map((type) => (
            <label key={type} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-primary checkbox-sm"
                checked={typeOn(type)}
                onChange={(event) => save.mutate({ types: { [type]: event.currentTarget.checked } })}
              />
              {typeLabel(type)}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-xs text-base-content/70">Email, SMS and phone-call alerts are not available yet.</p>
    </div>
  );
}
