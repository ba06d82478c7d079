import { describe, expect, it } from 'vitest';
import { localDateIn, localTimeIn } from './time-zone';

/** The wall clock read afresh, with nothing kept between calls. */
function freshWallClock(zone: string, at: Date): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
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
