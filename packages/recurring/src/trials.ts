/**
 * Free trials: a $0 or $1 charge shortly before a stream's first full charge starts that
 * stream; and at a known subscription merchant, a recent trial charge with nothing after it
 * (or one full charge a month later) is a subscription about to bill.
 */
import { TRIAL_MAX_AMOUNT, type Candidate, type GroupContext } from './candidate';
import type { Charge } from './charges';

/** Trials run 7 to 31 days; a trial charge further back than this belongs to nothing. */
const TRIAL_LEAD_DAYS = 45;
/** A trial charge this recent with nothing after it is a trial still running. */
const TRIAL_RECENT_DAYS = 35;

export function attachTrial(
  candidate: Candidate,
  context: GroupContext,
  consumed: Set<Charge>,
): void {
  const first = candidate.members[0];
  if (!first || first.amount <= TRIAL_MAX_AMOUNT) return;
  let trial: Charge | null = null;
  for (const charge of context.active) {
    if (charge.day >= first.day - 2) break;
    if (
      charge.day < first.day - TRIAL_LEAD_DAYS ||
      charge.amount > TRIAL_MAX_AMOUNT ||
      consumed.has(charge)
    )
      continue;
    trial = charge;
  }
  if (trial) {
    candidate.trial = trial;
    consumed.add(trial);
  }
}

/**
 * A known subscription merchant whose latest activity is a trial charge, alone or followed by
 * one full-price charge. Monthly is assumed, as nearly all trials convert to monthly plans.
 */
export function findRunningTrial(
  context: GroupContext,
  consumed: ReadonlySet<Charge>,
  asOf: number,
): Candidate | null {
  if (context.merchant.isRecurringMerchant !== true) return null;
  const { active } = context;
  for (let i = active.length - 1; i >= 0; i--) {
    const trial = active[i];
    if (!trial || trial.amount > TRIAL_MAX_AMOUNT || consumed.has(trial)) continue;
    const after = active.filter(
      (charge) => charge.day > trial.day && charge.amount > TRIAL_MAX_AMOUNT,
    );
    const converted = after.length === 1 && after[0] && !consumed.has(after[0]) ? after[0] : null;
    if (after.length > (converted ? 1 : 0)) return null;
    if (!converted && trial.day < asOf - TRIAL_RECENT_DAYS) return null;
    if (converted && (converted.day - trial.day < 5 || converted.day - trial.day > 40)) return null;
    const anchor = converted ?? trial;
    return {
      cadence: 'MONTHLY',
      schedule: {
        kind: 'months',
        cadence: 'MONTHLY',
        step: 1,
        offset: 0,
        anchorDay: anchor.dayOfMonth,
      },
      fit: null,
      members: converted ? [converted] : [],
      extras: [],
      reversed: [],
      trial,
      isVariable: false,
      isTrialOnly: !converted,
    };
  }
  return null;
}
