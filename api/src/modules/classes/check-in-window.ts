/** Check-in opens 30 minutes before a class starts and closes 15 minutes after (shown on classes, used by check-in). */
export const CHECK_IN_OPENS_BEFORE_MS = 30 * 60_000;
export const CHECK_IN_CLOSES_AFTER_MS = 15 * 60_000;
