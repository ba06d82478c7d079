/**
 * The browser's time zone and the zones a person can pick. The server counts days
 * until a bill in the profile's zone; the browser tells it where it is at sign-in.
 */

/** The zone this browser is in (its own name for it), or undefined when it does not say. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** Every zone the browser knows, UTC first, and `current` among them even if it knows it not. */
export function timeZoneChoices(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const rest = [...new Set([current, ...known])].filter((zone) => zone !== 'UTC').sort();
  return ['UTC', ...rest];
}

/** "Pacific/Auckland" reads "Pacific / Auckland"; "America/Port_of_Spain" "America / Port of Spain". */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ').replaceAll('/', ' / ');
}
