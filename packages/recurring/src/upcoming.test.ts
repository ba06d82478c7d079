import { describe, expect, it } from 'vitest';
import { upcomingChargeDates } from './upcoming';

describe(upcomingChargeDates.name, () => {
  it('steps a monthly bill on the 31st through short months and back, with the leap day', () => {
    const dates = upcomingChargeDates(
      { cadence: 'MONTHLY', predictedDate: '2028-01-31', lastChargeDate: '2027-12-31' },
      '2028-01-01',
      '2028-05-31',
    );
    expect(dates).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']);
  });

  it('restores the billing day when the predicted date itself was clamped to a month end', () => {
    const dates = upcomingChargeDates(
      { cadence: 'MONTHLY', predictedDate: '2027-02-28', lastChargeDate: '2027-01-31' },
      '2027-02-01',
      '2027-04-30',
    );
    expect(dates).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('steps a plan billed every four weeks (reported as monthly) by 28 days, not by months', () => {
    expect(
      upcomingChargeDates(
        {
          cadence: 'MONTHLY',
          predictedDate: '2027-03-05',
          lastChargeDate: '2027-02-05',
          periodDays: 28,
        },
        '2027-03-01',
        '2027-05-31',
      ),
    ).toEqual(['2027-03-05', '2027-04-02', '2027-04-30', '2027-05-28']);
  });

  it('keeps a bill on the 28th on the 28th', () => {
    expect(
      upcomingChargeDates(
        { cadence: 'MONTHLY', predictedDate: '2027-02-28', lastChargeDate: '2027-01-28' },
        '2027-02-01',
        '2027-03-31',
      ),
    ).toEqual(['2027-02-28', '2027-03-28']);
  });

  it('steps weekly and biweekly bills by days across a month and year end', () => {
    expect(
      upcomingChargeDates(
        { cadence: 'WEEKLY', predictedDate: '2027-12-24', lastChargeDate: '2027-12-17' },
        '2027-12-01',
        '2028-01-14',
      ),
    ).toEqual(['2027-12-24', '2027-12-31', '2028-01-07', '2028-01-14']);
    expect(
      upcomingChargeDates(
        { cadence: 'BIWEEKLY', predictedDate: '2028-02-15', lastChargeDate: '2028-02-01' },
        '2028-02-01',
        '2028-03-31',
      ),
    ).toEqual(['2028-02-15', '2028-02-29', '2028-03-14', '2028-03-28']);
  });

  it('lists a yearly bill once a year and leaves out dates before the window', () => {
    expect(
      upcomingChargeDates(
        { cadence: 'YEARLY', predictedDate: '2028-02-29', lastChargeDate: '2027-02-28' },
        '2028-03-01',
        '2030-12-31',
      ),
    ).toEqual(['2029-02-28', '2030-02-28']);
  });

  it('lists only the predicted date when the cadence is unknown', () => {
    expect(
      upcomingChargeDates(
        { cadence: 'UNKNOWN', predictedDate: '2027-05-03', lastChargeDate: '2027-04-01' },
        '2027-05-01',
        '2027-12-31',
      ),
    ).toEqual(['2027-05-03']);
  });
});
