/** A date `days` before today as US bank exports write it (MM/DD/YYYY), for imported files. */
export function usDateDaysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getFullYear()}`;
}
