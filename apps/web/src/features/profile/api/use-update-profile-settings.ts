/**
 * Flipping a profile setting. The switch moves at once (optimistic) and moves back with the
 * spec's error toast if the save fails. Only the flipped setting is rolled back, so a second
 * switch flipped meanwhile keeps its own state; the profile is reloaded once the last pending
 * save settles, so the screen ends on what the server holds.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  profileMessages,
  userRoutes,
  type ProfileInfo,
  type ProfileSettings,
} from '@billow/contracts';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/toaster';
import { profileKeys, profileQueries } from './profile-queries';

type SettingsChange = Partial<ProfileSettings>;

const mutationKey = [...profileKeys.all, 'update-settings'] as const;

function withSettings(
  current: ProfileInfo | undefined,
  change: SettingsChange,
): ProfileInfo | undefined {
  return current && { ...current, profile_settings: { ...current.profile_settings, ...change } };
}

export function useUpdateProfileSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = profileQueries.info();

  return useMutation({
    mutationKey,
    mutationFn: (change: SettingsChange) => api(userRoutes.updateProfileSettings, change),
    onMutate: async (change) => {
      // A reload in flight would land after our change and flip the switch back.
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey)?.profile_settings;
      queryClient.setQueryData(queryKey, (current) => withSettings(current, change));
      const undo: SettingsChange = {};
      for (const key of Object.keys(change) as (keyof ProfileSettings)[]) {
        if (before) undo[key] = before[key];
      }
      return { undo };
    },
    onError: (_error, _change, context) => {
      if (context)
        queryClient.setQueryData(queryKey, (current) => withSettings(current, context.undo));
      toast.error(profileMessages.settingsFailed);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) === 1)
        return queryClient.invalidateQueries({ queryKey });
    },
  });
}
