/**
 * The shapes `useBankLink` speaks, whichever Link runs underneath. They are the parts of Plaid
 * Link's callbacks Billow uses (https://plaid.com/docs/link/web/#onsuccess, #onexit), so the
 * sandbox dialog reports exactly what Plaid Link would.
 */
export type BankLinkExitError = {
  error_code: string;
  error_message: string;
  error_type?: string;
  display_message?: string | null;
};

export type BankLinkAccount = {
  id: string;
  name: string;
  mask: string | null;
  type: string;
  subtype: string;
};

export type BankLinkSuccessMetadata = {
  institution: { institution_id: string; name: string } | null;
  accounts: BankLinkAccount[];
};
