import { readToken } from './storage';

/** The server's refusal of an uploaded file, in its words (not a picture, too large, not yours to change). */
export class FileRefused extends Error {}

/**
 * Uploads a file as the request's body (PUT: GraphQL would carry it as base64 inside the 1 MB body limit) and answers
 * the server's JSON. The REST facade answers refusals as text naming the field ("photo: …"); that name is left out.
 */
export async function putFile<Answer>(path: string, file: File, fallback: string): Promise<Answer> {
  const token = readToken();
  const res = await fetch(path, {
    method: 'PUT',
    headers: { 'content-type': file.type || 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const text = await res.text();
  if (!res.ok) throw new FileRefused(text.replace(/^[a-z]+: /i, '') || fallback);
  return JSON.parse(text) as Answer;
}
