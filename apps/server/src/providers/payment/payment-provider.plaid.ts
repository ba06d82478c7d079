/**
 * The payment port on Plaid Transfer, through the official SDK:
 * - https://plaid.com/docs/api/products/transfer/initiating-transfers/#transferauthorizationcreate
 *   (decision approved / declined, with an NSF or RISK rationale)
 * - https://plaid.com/docs/api/products/transfer/initiating-transfers/#transfercreate
 * - https://plaid.com/docs/api/products/transfer/reading-transfers/#transfereventsync
 * Both creates take an idempotency_key: the same key answers with the same object, so a job that
 * runs twice never debits twice. `basePath` points the SDK at another host (tests use a fake).
 */
import {
  ACHClass,
  Configuration,
  PlaidApi,
  PlaidEnvironments,
  TransferNetwork,
  TransferType,
} from 'plaid';
import {
  credentialsFor,
  PaymentProviderError,
  type DebitCredentialsResolver,
  type DeclineRationale,
  type PaymentProvider,
  type TransferEventType,
} from './payment-provider';

export type PlaidTransferConfig = {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'production';
  basePath?: string | undefined;
};

/** Plaid wants a decimal string with two places ("179.99"). */
const amountString = (cents: number) => (cents / 100).toFixed(2);

/** Plaid's longest ACH transfer description. */
const ACH_DESCRIPTION_MAX = 10;

/** Plaid's error for an item whose owner never consented to Transfer when linking it. */
const CONSENT_MISSING = 'ADDITIONAL_CONSENT_REQUIRED';

/** Plaid's idempotency keys are at most 50 characters. */
const key = (idempotencyKey: string) => idempotencyKey.slice(0, 50);

const EVENT_TYPES: Record<string, TransferEventType> = {
  pending: 'pending',
  posted: 'posted',
  settled: 'settled',
  funds_available: 'settled',
  returned: 'returned',
  failed: 'failed',
  cancelled: 'failed',
};

async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    // The SDK rejects with an axios error whose response body is Plaid's error object.
    const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
    if (data && typeof data === 'object') {
      const body = data as { error_code?: string; error_message?: string };
      throw new PaymentProviderError(
        body.error_message ?? 'Plaid request failed',
        body.error_code ?? 'UNKNOWN',
      );
    }
    throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * `credentialsOf` is the banking module's: the only way this adapter learns an item's access
 * token for the handle core code passes (docs/payments.md).
 */
export function createPlaidTransferProvider(
  config: PlaidTransferConfig,
  credentialsOf: DebitCredentialsResolver,
): PaymentProvider {
  const client = new PlaidApi(
    new Configuration({
      basePath: config.basePath ?? PlaidEnvironments[config.environment],
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': config.clientId, 'PLAID-SECRET': config.secret },
        timeout: 30_000,
      },
    }),
  );
  return {
    async authorizeDebit(request) {
      const account = await credentialsFor(credentialsOf, request.account);
      let answer;
      try {
        answer = await call(() =>
          client.transferAuthorizationCreate({
            access_token: account.accessToken,
            account_id: account.accountId,
            type: TransferType.Debit,
            network: TransferNetwork.Ach,
            // The person agrees to the debit on Billow's web page: Plaid's class for that is `web`.
            ach_class: ACHClass.Web,
            amount: amountString(request.amountCents),
            user: { legal_name: request.legalName },
            idempotency_key: key(request.idempotencyKey),
          }),
        );
      } catch (error) {
        // The item was linked without consent to Transfer: Link's update mode asks for it.
        if (error instanceof PaymentProviderError && error.vendorCode === CONSENT_MISSING)
          return {
            decision: 'declined',
            rationale: 'CONSENT_REQUIRED',
            description: error.message,
          };
        throw error;
      }
      const { authorization } = answer;
      if (authorization.decision === 'approved') {
        return { decision: 'approved', authorizationId: authorization.id };
      }
      const code = authorization.decision_rationale?.code;
      const rationale: DeclineRationale =
        authorization.decision === 'user_action_required'
          ? 'ACTION_REQUIRED'
          : code === 'NSF'
            ? 'NSF'
            : code === 'RISK'
              ? 'RISK'
              : code === 'TRANSFER_LIMIT_REACHED'
                ? 'LIMIT_REACHED'
                : 'OTHER';
      return {
        decision: 'declined',
        rationale,
        description: authorization.decision_rationale?.description ?? 'Declined',
        // Plaid: Link with `transfer.authorization_id`, then authorize again.
        ...(rationale === 'ACTION_REQUIRED' ? { authorizationId: authorization.id } : {}),
      };
    },
    async createDebit(request) {
      const account = await credentialsFor(credentialsOf, request.account);
      const { transfer } = await call(() =>
        client.transferCreate({
          access_token: account.accessToken,
          account_id: account.accountId,
          authorization_id: request.authorizationId,
          amount: amountString(request.amountCents),
          // Plaid takes at most 10 characters on ACH (15 is for RTP).
          description: request.description.slice(0, ACH_DESCRIPTION_MAX),
          idempotency_key: key(request.idempotencyKey),
        }),
      );
      return { transferId: transfer.id };
    },
    async syncEvents(afterId) {
      const response = await call(() => client.transferEventSync({ after_id: afterId, count: 25 }));
      return {
        hasMore: response.has_more,
        events: response.transfer_events.map((event) => ({
          eventId: event.event_id,
          transferId: event.transfer_id,
          type: EVENT_TYPES[event.event_type] ?? 'other',
          // `failure_code` is the field Plaid documents; `ach_return_code` is deprecated.
          returnCode:
            event.failure_reason?.failure_code ?? event.failure_reason?.ach_return_code ?? null,
          timestamp: event.timestamp,
        })),
      };
    },
  };
}
