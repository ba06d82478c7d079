import { describe, expect, it } from 'vitest';
import { checkSandboxCredentials, checkSandboxMfaCode, SANDBOX_ERROR_CODES } from './credentials';

describe(checkSandboxCredentials.name, () => {
  it('signs user_good / pass_good in as the default persona, without MFA', () => {
    expect(checkSandboxCredentials('user_good', 'pass_good')).toEqual({
      ok: true,
      persona: 'default',
    });
  });

  it('signs user_good / pass_overdraft in as the default persona short of cash in checking', () => {
    expect(checkSandboxCredentials('user_good', 'pass_overdraft')).toEqual({
      ok: true,
      persona: 'default',
      checkingAvailable: 25,
    });
  });

  it('asks user_good / mfa_device for the device code 1234', () => {
    expect(checkSandboxCredentials('user_good', 'mfa_device')).toEqual({
      ok: true,
      persona: 'default',
      mfa: { type: 'device', expectedCode: '1234' },
    });
    expect(checkSandboxMfaCode('1234')).toEqual({ ok: true });
    expect(checkSandboxMfaCode('0000')).toMatchObject({
      ok: false,
      error_code: 'INVALID_MFA',
      error_message: 'the provided MFA response(s) were not correct',
    });
  });

  it('fails user_good / error_<CODE> with that Plaid error, in Plaid’s words', () => {
    expect(checkSandboxCredentials('user_good', 'error_ITEM_LOCKED')).toEqual({
      ok: false,
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOCKED',
      error_message:
        "the account is locked. prompt the user to visit the institution's site and unlock their account",
      display_message:
        "The given account has been locked by the financial institution. Please visit your financial institution's website to unlock your account.",
    });
    expect(checkSandboxCredentials('user_good', 'error_INSTITUTION_DOWN')).toMatchObject({
      ok: false,
      error_type: 'INSTITUTION_ERROR',
      error_code: 'INSTITUTION_DOWN',
      error_message:
        'this institution is not currently responding to this request. please try again soon',
    });
    for (const code of SANDBOX_ERROR_CODES)
      expect(checkSandboxCredentials('user_good', `error_${code}`)).toMatchObject({
        ok: false,
        error_code: code,
      });
  });

  it('rejects user_bad, and user_good with any other password, as INVALID_CREDENTIALS', () => {
    const invalid = {
      ok: false,
      error_code: 'INVALID_CREDENTIALS',
      error_message: 'the provided credentials were not correct',
    };
    expect(checkSandboxCredentials('user_bad', 'pass_good')).toMatchObject(invalid);
    expect(checkSandboxCredentials('user_bad', 'anything')).toMatchObject(invalid);
    expect(checkSandboxCredentials('user_good', 'pass_bad')).toMatchObject(invalid);
    expect(checkSandboxCredentials('user_good', '')).toMatchObject(invalid);
    expect(checkSandboxCredentials('user_good', 'error_NOT_A_PLAID_CODE')).toMatchObject(invalid);
    expect(checkSandboxCredentials('someone', 'pass_good')).toMatchObject(invalid);
  });

  it('lets user_transactions_dynamic in with any password', () => {
    expect(checkSandboxCredentials('user_transactions_dynamic', 'whatever')).toEqual({
      ok: true,
      persona: 'dynamic',
    });
    expect(checkSandboxCredentials('user_transactions_dynamic', '')).toMatchObject({
      ok: false,
      error_code: 'INVALID_CREDENTIALS',
    });
  });

  it('signs the other persona users in with pass_good, and with MFA and errors too', () => {
    expect(checkSandboxCredentials('user_family', 'pass_good')).toEqual({
      ok: true,
      persona: 'family',
    });
    expect(checkSandboxCredentials('user_student', 'pass_good')).toEqual({
      ok: true,
      persona: 'student',
    });
    expect(checkSandboxCredentials('user_freelancer', 'pass_good')).toEqual({
      ok: true,
      persona: 'freelancer',
    });
    expect(checkSandboxCredentials('user_family', 'nope')).toMatchObject({
      ok: false,
      error_code: 'INVALID_CREDENTIALS',
    });
    expect(checkSandboxCredentials('user_student', 'mfa_device')).toMatchObject({
      ok: true,
      persona: 'student',
      mfa: { expectedCode: '1234' },
    });
    expect(checkSandboxCredentials('user_freelancer', 'error_ITEM_LOCKED')).toMatchObject({
      ok: false,
      error_code: 'ITEM_LOCKED',
    });
  });
});
