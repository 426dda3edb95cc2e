import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../test/app.js';
import { setLogLevel } from '../logger.js';

/** An oversized WebSocket frame closes that socket with 1009 and logs one line, no stack. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('closes a socket that sends a frame over 1 MB, without a stack in the log', async () => {
  const written: string[] = [];
  const capture = (chunk: unknown) => (written.push(String(chunk)), true);
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setLogLevel('info');
  try {
    const socket = new WebSocket(t.url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await new Promise((resolve) => socket.once('message', resolve)); // connection_ack
    socket.send('x'.repeat(1024 * 1024 + 10));
    const code = await new Promise<number>((resolve) => socket.once('close', (c) => resolve(c)));
    expect(code).toBe(1009);
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    setLogLevel('silent');
    out.mockRestore();
    err.mockRestore();
    consoleError.mockRestore();
  }
  expect(consoleError).not.toHaveBeenCalled(); // graphql-ws prints the error with its stack there
  const lines = written.join('').split('\n').filter(Boolean);
  expect(lines.some((l) => /websocket closed/.test(l) && /Max payload size exceeded/.test(l))).toBe(true);
  expect(lines.join('\n')).not.toMatch(/\s+at /);
});
