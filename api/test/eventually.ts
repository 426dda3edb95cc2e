/** Retries an assertion until it passes or the time is up (for work finished by background jobs). */
export async function eventually(assertion: () => Promise<void>, timeoutMs = 10000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
