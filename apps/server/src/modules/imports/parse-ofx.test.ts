import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isOfx, OfxUnreadableError, readOfx } from './parse-ofx';

/** Exports written as banks write them (see test/fixtures/ofx). */
const sample = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/ofx/${name}`, import.meta.url), 'utf8');

/** OFX 1.x: SGML, closing tags left out as banks do. */
const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240301</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>121000248<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20240101<DTEND>20240301
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240115120000.000[-5:EST]<TRNAMT>-15.49<FITID>1<NAME>NETFLIX.COM</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240116<TRNAMT>1000.00<FITID>2<NAME>PAYROLL<MEMO>January</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>`;

/** OFX 2.x: XML, a credit card statement. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE"?>
<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID><CCSTMTRS><CURDEF>USD</CURDEF>
<CCACCTFROM><ACCTID>4111111111111111</ACCTID></CCACCTFROM>
<BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240301</DTEND>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240203</DTPOSTED><TRNAMT>-10.99</TRNAMT><FITID>a</FITID><PAYEE><NAME>SPOTIFY</NAME></PAYEE></STMTTRN>
</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`;

describe(readOfx.name, () => {
  it('reads an SGML bank statement, money out above 0', () => {
    expect(isOfx(SGML)).toBe(true);
    expect(readOfx(SGML)).toEqual({
      statements: [
        {
          sourceKey: 'ofx:121000248:000123456789',
          mask: '6789',
          currency: 'USD',
          transactions: [
            { row: 1, date: '2024-01-15', description: 'NETFLIX.COM', amount: 15.49 },
            { row: 2, date: '2024-01-16', description: 'PAYROLL', amount: -1000 },
          ],
        },
      ],
      errors: [],
    });
  });

  it('reads an XML credit card statement', () => {
    expect(readOfx(XML).statements).toMatchObject([
      {
        sourceKey: 'ofx::4111111111111111',
        mask: '1111',
        transactions: [{ row: 1, date: '2024-02-03', description: 'SPOTIFY', amount: 10.99 }],
      },
    ]);
  });

  it('keeps each statement of a file with several accounts apart', () => {
    const { statements, errors } = readOfx(sample('three-accounts.ofx'));
    expect(errors).toEqual([]);
    expect(
      statements.map((s) => ({
        sourceKey: s.sourceKey,
        currency: s.currency,
        rows: s.transactions.map((t) => [t.row, t.description, t.amount]),
      })),
    ).toEqual([
      {
        sourceKey: 'ofx:211381990:0045512200',
        currency: 'USD',
        rows: [
          [1, 'COMCAST CABLE COMM', 89.99],
          [2, 'ACME CORP PAYROLL', -2450],
          [3, 'COMCAST CABLE COMM', 89.99],
        ],
      },
      {
        sourceKey: 'ofx:211381990:0045512201',
        currency: 'USD',
        rows: [[4, 'INTEREST PAID', -1.27]],
      },
      {
        sourceKey: 'ofx::4147202233334444',
        currency: 'USD',
        rows: [
          [5, 'NETFLIX.COM', 15.49],
          [6, 'NETFLIX.COM', 15.49],
        ],
      },
    ]);
  });

  it("keeps the statement's currency", () => {
    const { statements } = readOfx(sample('suncorp-aud.ofx'));
    expect(statements).toMatchObject([{ sourceKey: 'ofx:484799:123456789', currency: 'AUD' }]);
    const cad = readOfx(SGML.replace('<CURDEF>USD', '<CURDEF>cad'));
    expect(cad.statements[0]!.currency).toBe('CAD');
    expect(readOfx(SGML.replace('<CURDEF>USD', '')).statements[0]!.currency).toBe('USD');
  });

  it('reads values an XML file wraps in CDATA sections', () => {
    const { statements, errors } = readOfx(sample('cdata-usd.ofx'));
    expect(errors).toEqual([]);
    expect(statements).toEqual([
      {
        sourceKey: 'ofx::5424000011112222',
        mask: '2222',
        currency: 'USD',
        transactions: [
          { row: 1, date: '2026-10-07', description: 'AT&T <WIRELESS> BILL PAY', amount: 65 },
          { row: 2, date: '2026-11-07', description: 'AT&T <WIRELESS> BILL PAY', amount: 65 },
        ],
      },
    ]);
    expect(readOfx(sample('suncorp-aud.ofx')).statements[0]!.transactions[0]).toMatchObject({
      description: 'EFTPOS WDL NETFLIX.COM',
      amount: 22.99,
    });
  });

  it('names a transaction it cannot read', () => {
    const broken = SGML.replace('<TRNAMT>1000.00', '<TRNAMT>lots').replace(
      '20240115120000',
      '2024XX15',
    );
    expect(readOfx(broken).errors).toEqual([
      { row: 1, message: '"2024XX15.000[-5:EST]" is not a date.' },
      { row: 2, message: '"lots" is not an amount.' },
    ]);
  });

  it('refuses a file without a statement', () => {
    expect(() => readOfx('OFXHEADER:100\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>')).toThrow(
      OfxUnreadableError,
    );
    expect(isOfx('Date,Amount\n')).toBe(false);
  });
});
