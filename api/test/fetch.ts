/**
 * fetch, with the answer's body read to its end before it returns: a body left unread keeps its keep-alive
 * connection open after the test file ends, and Jest's worker then cannot exit.
 */
export async function fetchRead(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  const empty = res.status === 204 || res.status === 304 || init?.method === 'HEAD';
  const body = empty ? (await res.arrayBuffer(), null) : await res.arrayBuffer();
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
