/**
 * Tells the server which time zone this browser is in, so days until a bill count from the
 * person's own today: once per start of the app, after sign-in or on a restored
 * session, when the profile's zone is not the browser's. The server keeps it only while the
 * person has not picked a zone in the profile. Best effort: nothing waits for it or fails by it.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userRouteRefs } from '@billow/contracts';
import { api } from './api-client';
import { invalidateDomains } from './query-domains';
import { browserTimeZone } from './time-zone';
import { whenIdle } from './when-idle';

let isShared = false;

/** For tests: lets the next start share again. */
export function resetSharedTimeZone() {
  isShared = false;
}

export function useShareBrowserTimeZone(profileTimeZone: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isShared || profileTimeZone === undefined) return;
    // In an idle moment: the browser's first Intl call loads its locale data, one of the
    // longest tasks of the dashboard's start on a phone.
    whenIdle(() => {
      const zone = browserTimeZone();
      if (isShared || !zone || zone === profileTimeZone) return;
      isShared = true;
      api(userRouteRefs.updateProfileInfo, { browser_time_zone: zone })
        .then((profile) =>
          // Days until due (and the profile's zone) read differently now.
          profile.time_zone === profileTimeZone
            ? undefined
            : invalidateDomains(queryClient, ['profile', 'subscriptions']),
        )
        .catch(() => {});
    });
  }, [profileTimeZone, queryClient]);
}
