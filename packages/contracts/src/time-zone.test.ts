import { describe, expect, it } from 'vitest';
import { localDateIn, localTimeIn } from './time-zone';

/**
 * The wall clock read another way, with nothing kept between calls: Swedish dates are written
 * "YYYY-MM-DD HH:mm:ss".
 */
function freshWallClock(zone: string, at: Date): { date: string; hour: number } {
  const text = at.toLocaleString('sv-SE', { timeZone: zone, hourCycle: 'h23' });
  return { date: text.slice(0, 10), hour: Number(text.slice(11, 13)) };
}

describe('localTimeIn', () => {
  // Quarter-hour and half-hour offsets, a half-hour daylight shift, and both US switches.
  const zones = [
    'UTC',
    'America/New_York',
    'Asia/Kathmandu',
    'Australia/Eucla',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Pacific/Marquesas',
  ];
  const windows = ['2026-03-08T05:00:00Z', '2026-11-01T04:00:00Z', '2026-04-04T14:00:00Z'];

  it('answers what a fresh formatter says, minute by minute across midnights and switches', () => {
    for (const zone of zones) {
      for (const start of windows) {
        // Two days, a minute at a time, asked in order as a running server would.
        for (let minute = 0; minute < 2 * 24 * 60; minute += 7) {
          const at = new Date(Date.parse(start) + minute * 60_000);
          expect(localTimeIn(zone, at), `${zone} at ${at.toISOString()}`).toEqual(
            freshWallClock(zone, at),
          );
        }
      }
    }
  });

  it('gives the local date, which is not always the UTC one', () => {
    const at = new Date('2026-11-26T03:30:00Z');
    expect(localDateIn('America/Los_Angeles', at)).toBe('2026-11-25');
    expect(localDateIn('Asia/Tokyo', at)).toBe('2026-11-26');
  });
});
