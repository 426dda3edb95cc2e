import { isDateOnly } from './dates.js';

describe('isDateOnly', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('accepts real calendar dates written YYYY-MM-DD and nothing else', () => {
    for (const ok of ['2026-11-23', '2024-02-29', '1999-12-31']) expect(isDateOnly(ok)).toBe(true);
    for (const bad of ['2025-02-29', '2026-13-01', '2026-11-31', '2026-1-05', '2026-11-23T10:00', '', 'tomorrow'])
      expect(isDateOnly(bad)).toBe(false);
  });

  it('does not depend on the server time zone (east of UTC a local midnight is the day before in UTC)', () => {
    for (const tz of ['Europe/Berlin', 'Pacific/Auckland', 'America/Los_Angeles']) {
      process.env.TZ = tz;
      expect(isDateOnly('2026-11-23')).toBe(true);
    }
  });
});
