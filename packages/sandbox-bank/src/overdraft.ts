/**
 * Overdraft protection, as US banks offer it: when checking ends a day below zero, savings covers
 * it (rounded up, with a little headroom). It keeps lumpy-income personas plausible without
 * flattening their income, and such transfers are common in real statements.
 *
 * Balances are only known from the story start on (that is where opening balances are set), so
 * protection runs from there. Every draft it looks at is generated whatever the window, so the
 * transfers — like everything else — are the same in every window that shows them.
 */
import type { Draft, DraftScope } from './build-drafts';

const HEADROOM_CENTS = 20_000;

export function overdraftTransfers(
  drafts: readonly Draft[],
  scope: DraftScope,
  opening: { checking: number; savings: number },
  to: number,
): Draft[] {
  const byDay = new Map<number, Draft[]>();
  for (const draft of drafts) {
    if (draft.account === 'credit' || draft.posted < scope.story || draft.posted > to) continue;
    const day = byDay.get(draft.posted);
    if (day) day.push(draft);
    else byDay.set(draft.posted, [draft]);
  }
  let checking = opening.checking;
  let savings = opening.savings;
  const transfers: Draft[] = [];
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    for (const draft of byDay.get(day) ?? []) {
      if (draft.account === 'checking') checking -= draft.cents;
      else savings -= draft.cents;
    }
    if (checking >= 0) continue;
    const wanted = Math.ceil((-checking + HEADROOM_CENTS) / 10_000) * 10_000;
    const cents = Math.min(wanted, Math.floor(Math.max(savings, 0) / 10_000) * 10_000);
    if (cents <= 0) continue;
    checking += cents;
    savings -= cents;
    const key = `overdraft-protection:d${day}`;
    const common = {
      key,
      authorized: day,
      posted: day,
      merchantName: null,
      category: 'transfer' as const,
    };
    transfers.push(
      {
        ...common,
        account: 'checking',
        cents: -cents,
        name: `OVERDRAFT PROTECTION FROM SAV XXXXXX${scope.masks.savings}`,
      },
      {
        ...common,
        account: 'savings',
        key: `${key}:counterpart`,
        cents,
        name: `OVERDRAFT PROTECTION TO CHK XXXXXX${scope.masks.checking}`,
      },
    );
  }
  return transfers;
}
