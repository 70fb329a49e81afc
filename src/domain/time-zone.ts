/** The device's IANA time zone, the default of the studio's (settings.timeZone). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Whether Intl knows the zone. */
export function isTimeZone(value: string): boolean {
  try {
    // Only asks whether Intl knows the zone: nothing is shown, so the locale does not matter.
    // eslint-disable-next-line no-restricted-syntax
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
