/** Reminder settings and the web-push opt-in of the profile. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  reminderRoutes,
  type ReminderPreferences,
  type ReminderPreferencesUpdate,
} from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';

const reminderKeys = {
  all: queryDomains.reminders,
  preferences: () => [...reminderKeys.all, 'preferences'] as const,
  push: () => [...reminderKeys.all, 'push'] as const,
};

export const reminderQueries = {
  preferences: () =>
    queryOptions({
      queryKey: reminderKeys.preferences(),
      queryFn: ({ signal }) => api(reminderRoutes.preferences, undefined, { signal }),
    }),
  push: () =>
    queryOptions({
      queryKey: reminderKeys.push(),
      queryFn: ({ signal }) => api(reminderRoutes.pushKey, undefined, { signal }),
    }),
};

/** Saves the settings, showing the change at once and putting it back if the save fails. */
export function useUpdateReminderPreferences() {
  const queryClient = useQueryClient();
  const key = reminderKeys.preferences();
  const mutationKey = [...key, 'update'];
  return useMutation({
    mutationKey,
    // Each save sends every setting, so saves go one after another, in the order made: two sent
    // at once could be stored in one order and answered in the other, and the older answer
    // (or the older save) would put back a setting changed since.
    scope: { id: 'reminder-preferences' },
    mutationFn: (preferences: ReminderPreferencesUpdate) =>
      api(reminderRoutes.updatePreferences, preferences),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ReminderPreferences>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, ...preferences });
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // Only the last save's answer is shown: an earlier one would flash back a later change.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey }) === 1) queryClient.setQueryData(key, saved);
    },
  });
}

/** Why web push could not be turned on, in words for the person (never the browser's own). */
class PushSetupError extends Error {}

const pushSetupMessages = {
  unsupported: 'This browser can’t show notifications from Billow.',
  blocked:
    'Notifications are blocked for Billow in this browser. Allow them in the site settings, then try again.',
  failed: 'Failed to turn on notifications. Please try again.',
} as const;

/** What to tell the person about a failed push set-up. */
export function describePushSetupError(error: unknown): string {
  if (error instanceof PushSetupError) return error.message;
  // A subscribe the browser refuses (permission withdrawn meanwhile) is a block too.
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return pushSetupMessages.blocked;
  return pushSetupMessages.failed;
}

/** Asks the browser for permission, subscribes it with the server's VAPID key, and stores it. */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      if (!('serviceWorker' in navigator) || !('PushManager' in window))
        throw new PushSetupError(pushSetupMessages.unsupported);
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new PushSetupError(pushSetupMessages.blocked);
      const registration = await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
      const existing = await registration.pushManager.getSubscription();
      const subscription =
        existing ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          // The VAPID public key, base64url as the server gives it.
          applicationServerKey: publicKey,
        }));
      const json = subscription.toJSON() as {
        endpoint: string;
        keys: { p256dh: string; auth: string };
      };
      await api(reminderRoutes.pushSubscribe, { endpoint: json.endpoint, keys: json.keys });
    },
    onSuccess: () => invalidateDomains(queryClient, ['reminders']),
  });
}

export function useSendTestPush() {
  return useMutation({ mutationFn: () => api(reminderRoutes.pushTest) });
}
