/**
 * Domain events: how one module tells the others that something happened to its rows, without
 * knowing who cares (docs/architecture.md, "Events"). The module that changed something
 * publishes an event; each module that reacts subscribes to it in its own factory and keeps its
 * reaction there. The composition root only hands the one event bus to every module.
 *
 * A reaction runs inside the publisher's database transaction, so it commits or rolls back with
 * the change that caused it. It does only two kinds of thing there: write its own module's rows
 * (a saving, a bill's credit) or send its own job with that transaction (a reward to calculate, a
 * text to send), which pg-boss then runs once the transaction commits and retries until it
 * succeeds. Whatever is slow or talks to the outside world is such a job, never the reaction.
 */
import type { ProfileSettings } from '@billow/contracts';
import type { Db } from '../db/database';

/** A payment for an annual plan (the payments module). */
type AnnualPlanPayment = {
  userId: string;
  subscriptionId: string;
  paymentId: string;
  amountCents: number;
  /** What the payment claimed the plan saves; the savings module prices it itself. */
  savingsCents: number;
};

/** A confirmed cancellation (the cancellations module). */
type Cancellation = {
  id: string;
  userId: string;
  subscriptionId: string;
  merchantName: string;
  yearlyCents: number;
  confirmationNumber: string | null;
};

/** Every domain event, by name, with what it says. */
export type DomainEvents = {
  /** A person's subscriptions were detected again, added, changed or removed. */
  'subscriptions-changed': { userId: string };
  /** A negotiation succeeded: it promises a saving that counts once the bank shows `proof`. */
  'negotiation-succeeded': {
    negotiationId: string;
    userId: string;
    subscriptionId: string;
    amountCents: number;
    sourceKey: string;
    occurredAt: Date;
    proof: SavingProof;
  };
  /** The bank showed a promised saving. */
  'saving-verified': {
    userId: string;
    subscriptionId: string | null;
    kind: 'negotiation' | 'annual_conversion' | 'cancellation';
    sourceKey: string;
    amountCents: number;
  };
  /** The bank showed a cancelled subscription stopped charging, on `on` (YYYY-MM-DD). */
  'cancellation-verified': { cancellation: Cancellation; on: string };
  /** The bank showed a charge after a confirmed cancellation. */
  'charged-after-cancellation': {
    cancellation: Cancellation;
    charge: { date: string; amountCents: number };
  };
  /** An annual plan's payment went through. */
  'annual-plan-paid': AnnualPlanPayment;
  /** An annual plan's debit came back from the bank. */
  'payment-returned': AnnualPlanPayment & { isCardVoided: boolean; returnCode: string | null };
  /** Rewards paid part of a bill (`amountCents` of the one due on `billDate`). */
  'reward-applied': { subscriptionId: string; billDate: string; amountCents: number };
  /** A reward applied to a bill was taken back. */
  'reward-returned': { subscriptionId: string; billDate: string };
  /** A person changed their settings (only the settings they changed). */
  'settings-changed': { userId: string; changes: Partial<ProfileSettings> };
};
export type DomainEventName = keyof DomainEvents;

/** What a negotiated saving must show on the bank to count (the savings module checks it). */
type SavingProof =
  | { kind: 'charge_at_or_below'; cents: number; after: string }
  | { kind: 'no_full_charge'; fullPriceCents: number; after: string; until: string };

/** Events published outside any transaction (the change is already committed). */
type Committed = 'subscriptions-changed' | 'settings-changed';
/** The publisher's transaction, for every event but those already committed. */
type TxOf<K extends DomainEventName> = K extends Committed ? [] : [tx: Db];

/** A module's reaction to an event, in the publisher's transaction when it has one. */
type Reaction<K extends DomainEventName> = (
  event: DomainEvents[K],
  ...tx: TxOf<K>
) => Promise<unknown>;

/** The reactions a module subscribes, by event. */
export type Reactions = { [K in DomainEventName]?: Reaction<K> };

export type DomainEventBus = {
  /**
   * Runs every reaction to the event, in the order modules subscribed, in the caller's
   * transaction when it passes one (then a failing reaction rolls the whole change back);
   * the reactions to a change already committed, all at once.
   */
  publish<K extends DomainEventName>(
    name: K,
    event: DomainEvents[K],
    ...tx: TxOf<K>
  ): Promise<void>;
  subscribe(reactions: Reactions): void;
};

export function createDomainEvents(): DomainEventBus {
  // Stored untyped: `subscribe` and `publish` pair each name with its own event's type.
  type AnyReaction = (event: unknown, ...tx: [Db] | []) => Promise<unknown>;
  const subscribers = new Map<DomainEventName, AnyReaction[]>();
  return {
    async publish(name, event, ...tx) {
      const reactions = subscribers.get(name) ?? [];
      // A committed change's reactions (each sends its job) are sent at once: one wait, not one
      // per module, on a person's every delete and settings change.
      if (tx.length === 0) {
        await Promise.all(reactions.map((react) => react(event)));
        return;
      }
      // One after another: reactions share the caller's transaction (one connection).
      for (const react of reactions) await react(event, ...tx);
    },
    subscribe(reactions) {
      for (const [name, react] of Object.entries(reactions) as [DomainEventName, AnyReaction][]) {
        subscribers.set(name, [...(subscribers.get(name) ?? []), react]);
      }
    },
  };
}
