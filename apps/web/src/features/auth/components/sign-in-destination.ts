/**
 * Where a person goes once signed in (docs/sign-in.md, "Where a person lands"): a new user
 * continues into the settings onboarding, carrying what the funnel or a merchant landing handed to
 * /auth, and so does someone who left it half-way; an existing user without linked accounts is
 * asked to link one; everyone else goes home, or to the dashboard link that sent them to sign in (a
 * reminder's "To cancel it" link opens the cancel sheet, docs/cancellations.md).
 */
import type { SignInUser } from '@billow/contracts';

type SignInDestination = { to: string; state?: unknown };

export function destinationAfterSignIn(
  user: Pick<SignInUser, 'existingUser' | 'is_onboarded' | 'linkedAccounts'>,
  incomingState: unknown,
): SignInDestination {
  if (!user.existingUser || !user.is_onboarded)
    return { to: '/profile-settings-customization', state: incomingState };
  if (user.linkedAccounts.length === 0) return { to: '/link' };
  return { to: dashboardReturnTo(incomingState) ?? '/' };
}

/** The dashboard address with its query that the protected route handed over, if any. */
function dashboardReturnTo(incomingState: unknown): string | undefined {
  if (typeof incomingState !== 'object' || incomingState === null) return undefined;
  const { returnTo } = incomingState as { returnTo?: unknown };
  return typeof returnTo === 'string' && returnTo.startsWith('/?') ? returnTo : undefined;
}
