/**
 * Many people at once, in two statements: each with a monthly Hulu bill that renews three days
 * after `today`, so a reminder is due for each today. The load of the hourly scan's suites.
 */
import type { TestApp } from './test-app';

export async function addPeopleWithBillsDue(
  database: Pick<TestApp['database'], 'executeSql'>,
  { phonePrefix, count, today }: { phonePrefix: string; count: number; today: string },
) {
  await database.executeSql(
    `insert into users (phone_number)
       select '${phonePrefix}' || lpad(g::text, 4, '0') from generate_series(1, ${count}) g`,
  );
  await database.executeSql(
    `insert into subscriptions (user_id, merchant_name, category, cadence, status, amount_cents,
       average_amount_cents, normalized_monthly_cents, renewal_date, first_charge_date,
       last_charge_date, confidence, evidence)
     select id, 'Hulu', 'Entertainment', 'monthly', 'ACTIVE', 1799, 1799, 1799,
       date '${today}' + 3, date '${today}' - 177, date '${today}' - 27, 0.9, '[]'::jsonb
     from users where phone_number like '${phonePrefix}%'`,
  );
}
