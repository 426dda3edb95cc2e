export default async function globalTeardown() {
  await globalThis.__STUDIO_TEST_PG__?.stop();
}
