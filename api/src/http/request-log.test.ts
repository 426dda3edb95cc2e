import { startTestApp, type TestApp } from '../../test/app.js';
import { log, requestScope, setLogLevel } from '../logger.js';

/** Captures the JSON lines the logger writes while `work` runs. */
async function linesDuring(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const capture = (chunk: unknown) => (written.push(String(chunk)), true);
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  setLogLevel('info');
  try {
    await work();
  } finally {
    setLogLevel('silent');
    out.mockRestore();
    err.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('structured request logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers every request with an id and logs one access line carrying it, without query strings or headers', async () => {
    let answered: string | null = null;
    const lines = await linesDuring(async () => {
      const res = await fetch(`${t.url}/api/landing-page-config?token=secret-reset-token`, { headers: { authorization: 'Bearer abc' } });
      answered = res.headers.get('x-request-id');
      await res.text();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(answered).toMatch(/^[0-9a-f-]{36}$/);
    const access = lines.find((l) => l.msg === 'request');
    expect(access).toMatchObject({
      level: 'info',
      requestId: answered,
      req: { method: 'GET', path: '/api/landing-page-config' },
      res: { status: 200 },
    });
    expect(JSON.stringify(lines)).not.toMatch(/secret-reset-token|Bearer abc/);
  });

  it("keeps a caller's request id and refuses one that does not look like an id", async () => {
    const kept = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'proxy-req-12345678' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-req-12345678');
    const replaced = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the request id on lines logged anywhere while the request is served', async () => {
    const lines = await linesDuring(async () => requestScope.run({ requestId: 'r-123456789' }, async () => log.warn('inside', { a: 1 })));
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', msg: 'inside', a: 1, requestId: 'r-123456789' })]);
  });
});
