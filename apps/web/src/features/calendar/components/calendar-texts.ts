/** What the bills calendar says, in one place (the tests read the same words). */
export const calendarTexts = {
  heading: 'Bills calendar',
  back: 'Back to home',
  previous: 'Previous month',
  next: 'Next month',
  thisMonth: 'This month',
  dueIn: (month: string) => `Due in ${month}`,
  paidIn: (month: string) => `Paid in ${month}`,
  paid: 'Paid',
  noBills: 'No bills this month',
  noBillsDetail: 'Nothing Billow found in your accounts is due this month.',
  nothingThatDay: 'Nothing is due this day.',
  loadFailed: 'Failed to load the calendar. Please try again.',
  today: 'Today',
  more: (count: number) => `+${count} more`,
} as const;
