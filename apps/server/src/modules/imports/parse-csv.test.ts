import { describe, expect, it } from 'vitest';
import { columnNames, readCsv, readCsvTransactions, suggestMapping } from './parse-csv';

const rowsOf = (text: string) => readCsv(text).rows;

describe(suggestMapping.name, () => {
  it('recognises one amount column where money out is negative (a checking export)', () => {
    const rows = rowsOf(
      'Posting Date,Description,Amount,Type,Balance\n' +
        '01/15/2024,NETFLIX.COM,-15.49,DEBIT,100.00\n' +
        '01/16/2024,"SHOP, THE",-20.00,DEBIT,80.00\n' +
        '01/17/2024,PAYROLL,1000.00,CREDIT,1080.00\n',
    );
    const suggestion = suggestMapping(rows)!;
    expect(suggestion.mapping).toEqual({
      hasHeader: true,
      dateColumn: 0,
      dateFormat: 'MDY',
      descriptionColumn: 1,
      amount: { kind: 'amount', column: 2, moneyOut: 'negative' },
    });
    expect(readCsvTransactions(rows, suggestion.mapping)).toEqual({
      transactions: [
        { row: 2, date: '2024-01-15', description: 'NETFLIX.COM', amount: 15.49 },
        { row: 3, date: '2024-01-16', description: 'SHOP, THE', amount: 20 },
        { row: 4, date: '2024-01-17', description: 'PAYROLL', amount: -1000 },
      ],
      errors: [],
    });
  });

  it('recognises a card export where purchases are positive', () => {
    const rows = rowsOf(
      'Date;Payee;Amount\n2024-03-01;SPOTIFY;10.99\n2024-03-02;STORE;5.00\n2024-03-09;PAYMENT;-50.00\n',
    );
    const { mapping } = suggestMapping(rows)!;
    expect(mapping.amount).toEqual({ kind: 'amount', column: 2, moneyOut: 'positive' });
    expect(readCsvTransactions(rows, mapping).transactions.map((t) => t.amount)).toEqual([
      10.99, 5, -50,
    ]);
  });

  it('recognises debit and credit columns and day-first dates', () => {
    const rows = rowsOf(
      'Date,Transaction Description,Debit Amount,Credit Amount,Balance\n' +
        '31/01/2024,GYM,30.00,,70.00\n' +
        '01/02/2024,SALARY,,500.00,570.00\n',
    );
    const suggestion = suggestMapping(rows)!;
    expect(suggestion.mapping).toMatchObject({
      dateFormat: 'DMY',
      descriptionColumn: 1,
      amount: { kind: 'debit-credit', debitColumn: 2, creditColumn: 3 },
    });
    expect(suggestion.layout).toMatch(/debit and credit/);
    expect(readCsvTransactions(rows, suggestion.mapping).transactions).toEqual([
      { row: 2, date: '2024-01-31', description: 'GYM', amount: 30 },
      { row: 3, date: '2024-02-01', description: 'SALARY', amount: -500 },
    ]);
  });

  it('finds the columns of a file without a header by what they hold', () => {
    const rows = rowsOf(
      '"01/05/2024","-9.99","*","","HULU 877-8244858"\n"01/09/2024","-4.50","*","","COFFEE"\n',
    );
    const { mapping } = suggestMapping(rows)!;
    expect(mapping).toEqual({
      hasHeader: false,
      dateColumn: 0,
      dateFormat: 'MDY',
      descriptionColumn: 4,
      amount: { kind: 'amount', column: 1, moneyOut: 'negative' },
    });
  });

  it('says when the day and month could be either way round', () =>
    expect(suggestMapping(rowsOf('Date,Name,Amount\n01/02/2024,A,-1\n'))!.layout).toMatch(
      /day first/,
    ));

  it('finds the header below the lines a bank writes above it, and skips those lines', () => {
    const rows = rowsOf(
      'Account Name:,Everyday Checking\n' +
        'Account Number:,****1234\n' +
        'Date Range:,01/01/2024 - 01/31/2024\n' +
        '\n' +
        'Transaction Date,Description,Amount,Balance\n' +
        '01/15/2024,NETFLIX.COM,-15.49,"1,084.51"\n' +
        '01/17/2024,PAYROLL,"1,000.00","2,084.51"\n',
    );
    const suggestion = suggestMapping(rows)!;
    expect(suggestion.mapping).toEqual({
      hasHeader: true,
      skipRows: 4,
      dateColumn: 0,
      dateFormat: 'MDY',
      descriptionColumn: 1,
      amount: { kind: 'amount', column: 2, moneyOut: 'negative' },
    });
    expect(suggestion.layout).toMatch(/4 lines above the header skipped/);
    expect(readCsvTransactions(rows, suggestion.mapping)).toEqual({
      transactions: [
        { row: 6, date: '2024-01-15', description: 'NETFLIX.COM', amount: 15.49 },
        { row: 7, date: '2024-01-17', description: 'PAYROLL', amount: -1000 },
      ],
      errors: [],
    });
    expect(columnNames(rows, suggestion.mapping)).toEqual([
      'Transaction Date',
      'Description',
      'Amount',
      'Balance',
    ]);
  });

  it('reads a ;-separated export with decimal commas and a preamble', () => {
    const rows = rowsOf(
      'Kontonummer;DE12 3456 7890 1234 5678 90\n' +
        'Zeitraum;01.01.2024 - 31.01.2024\n' +
        'Kontostand;1.234,56 EUR\n' +
        '\n' +
        'Buchungstag;Verwendungszweck;Betrag;Saldo\n' +
        '15.01.2024;NETFLIX;-12,99;1.221,57\n' +
        '16.01.2024;MIETE;-1.234,56;-12,99\n' +
        '17.01.2024;GEHALT;2.500,00;2.487,01\n' +
        '18.01.2024;BAECKER;-9,99 €;2.477,02\n',
    );
    const { mapping } = suggestMapping(rows)!;
    expect(mapping).toMatchObject({ hasHeader: true, skipRows: 4, dateFormat: 'DMY' });
    expect(readCsvTransactions(rows, mapping)).toEqual({
      transactions: [
        { row: 6, date: '2024-01-15', description: 'NETFLIX', amount: 12.99 },
        { row: 7, date: '2024-01-16', description: 'MIETE', amount: 1234.56 },
        { row: 8, date: '2024-01-17', description: 'GEHALT', amount: -2500 },
        { row: 9, date: '2024-01-18', description: 'BAECKER', amount: 9.99 },
      ],
      errors: [],
    });
  });

  it('finds nothing in a file without dates', () =>
    expect(suggestMapping(rowsOf('a,b\nc,d\n'))).toBeNull());
});

describe(readCsvTransactions.name, () => {
  it('names each row it cannot read by its line in the file, and skips blank lines', () => {
    const rows = rowsOf(
      'Date,Description,Amount\n01/15/2024,A,-1.00\n\n13/45/2024,B,-2.00\n01/16/2024,C,lots\n01/17/2024,,-1\n',
    );
    const { mapping } = suggestMapping(rows)!;
    expect(readCsvTransactions(rows, mapping).errors).toEqual([
      { row: 4, message: '"13/45/2024" is not a date written MM/DD/YYYY.' },
      { row: 5, message: '"lots" is not an amount.' },
      { row: 6, message: 'The description is missing.' },
    ]);
  });
});

describe(readCsv.name, () => {
  it('reports a quote that is never closed', () =>
    expect(readCsv('Date,Description,Amount\n01/15/2024,"A,-1.00\n').error).toMatchObject({
      message: 'A quoted value is never closed.',
    }));
});
