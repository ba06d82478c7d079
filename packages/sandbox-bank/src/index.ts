/** The sandbox bank's data: institutions, test logins, personas and Plaid custom users. Pure, no I/O. */
export {
  PERSONA_IDS,
  type AccountKey,
  type CategoryHint,
  type PersonaId,
  type SandboxAccount,
  type SandboxTransaction,
} from './types';
export {
  findInstitution,
  sandboxInstitutions,
  searchInstitutions,
  type SandboxInstitution,
  type SandboxProduct,
} from './institutions';
export {
  checkSandboxCredentials,
  checkSandboxMfaCode,
  isSandboxErrorCode,
  sandboxError,
  SANDBOX_ERROR_CODES,
  SANDBOX_MFA_CODE,
  SHORT_CHECKING_AVAILABLE,
  type SandboxErrorCode,
  type SandboxErrorType,
  type SandboxLoginError,
  type SandboxLoginResult,
} from './credentials';
export { describePersona, isPersonaId, STORY } from './personas';
export { generatePersonaAccounts, type HistoryOptions } from './generate-history';
export {
  customUserAccounts,
  MAX_CUSTOM_ACCOUNTS,
  MAX_CUSTOM_TRANSACTIONS,
  overrideAccountsSchema,
  transactionOverrideSchema,
  type CustomUserConfig,
} from './custom-user';
