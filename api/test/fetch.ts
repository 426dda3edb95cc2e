/**
 * fetch, with the answer's body read to its end before it returns: a body left unread keeps its keep-alive
 * connection open after the test file ends, and Jest's worker then cannot exit.
 */
export async function fetchRead(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  const bytes = await res.arrayBuffer();
  // These answers have no body, and a Response refuses one for them.
  const bodiless = res.status === 204 || res.status === 304 || init?.method === 'HEAD';
  return new Response(bodiless ? null : bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
}
