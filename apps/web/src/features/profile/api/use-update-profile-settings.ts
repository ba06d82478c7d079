/**
 * Flipping a profile setting. The switch moves at once (optimistic) and moves back if the save
 * fails; what to tell the person is the screen's call. Only the flipped setting is rolled back, so a second
 * switch flipped meanwhile keeps its own state; the profile is reloaded once the last pending
 * save settles, so the screen ends on what the server holds.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRouteRefs, type ProfileInfo, type ProfileSettings } from '@billow/contracts';
import { api } from '@/lib/api-client';
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
    mutationFn: (change: SettingsChange) => api(userRouteRefs.updateProfileSettings, change),
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
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) === 1)
        return queryClient.invalidateQueries({ queryKey });
    },
  });
}
