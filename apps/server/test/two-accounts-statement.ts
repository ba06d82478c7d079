/** The same bills paid from two accounts: a bank's CSV export of one account. */
import { dayFrom } from './sandbox-link';

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Eight months before `today` of a $50 bill and Spotify, as a bank's CSV export, `shift` days later. */
export function twoAccountsStatement(today: string, shift: number): string {
  const lines: string[] = [];
  for (let month = 0; month < 8; month++) {
    const day = (offset: number) => usDate(dayFrom(today, -30 * month - offset + shift));
    lines.push(`${day(6)},"TEST_MERCHANT MONTHLY",-50.00`);
    lines.push(`${day(10)},"SPOTIFY USA 877-7781161 NY",-11.99`);
  }
  return ['Posting Date,Description,Amount', ...lines].join('\n');
}
