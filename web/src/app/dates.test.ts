/** "Today" and clock times follow the studio's time zone from the served page, not the device's. */
describe('the studio clock', () => {
  afterEach(() => document.head.querySelector('meta[name="studio-time-zone"]')?.remove());

  async function withStudioZone(zone: string | null) {
    document.head.querySelector('meta[name="studio-time-zone"]')?.remove();
    if (zone) {
      const meta = document.createElement('meta');
      meta.name = 'studio-time-zone';
      meta.content = zone;
      document.head.append(meta);
    }
    let modules!: { dates: typeof import('./dates'); format: typeof import('./dates') };
    // A fresh module, so it reads the tag as a page load would.
    await jest.isolateModulesAsync(async () => {
      const dates = await import('./dates');
      modules = { dates, format: dates };
    });
    return modules;
  }

  // 07:30 UTC on Nov 22 is still Nov 21 in Los Angeles and already Nov 22 in Auckland.
  const instant = new Date('2026-11-22T07:30:00Z');

  it("uses the studio's calendar and clock when the page names its zone", async () => {
    const { dates, format } = await withStudioZone('America/Los_Angeles');
    expect(dates.todayIso(instant)).toBe('2026-11-21');
    expect(format.formatTimestamp(instant.toISOString())).toBe('11:30 PM');
    expect(format.formatTimestampDay(instant.toISOString())).toBe('Nov 21, 2026');
    expect(format.formatTimestampWithWeekday(instant.toISOString())).toBe('Sat, Nov 21, 11:30 PM');
    expect((await withStudioZone('Pacific/Auckland')).dates.todayIso(instant)).toBe('2026-11-22');
  });

  it("greets by the studio's hour, not the device's", async () => {
    // 07:30 UTC: 11:30 PM the evening before in Los Angeles, 4:30 PM in Tokyo, 7:30 AM in London.
    expect((await withStudioZone('America/Los_Angeles')).dates.greetingAt(instant)).toBe('Good evening');
    expect((await withStudioZone('Asia/Tokyo')).dates.greetingAt(instant)).toBe('Good afternoon');
    expect((await withStudioZone('Europe/London')).dates.greetingAt(instant)).toBe('Good morning');
  });

  it("falls back to the device's zone without the tag or with an unknown zone", async () => {
    const device = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
    expect((await withStudioZone(null)).dates.todayIso(instant)).toBe(device);
    expect((await withStudioZone('Mars/Olympus_Mons')).dates.todayIso(instant)).toBe(device);
  });
});
