import { readToken } from './storage';

/** The filename a Content-Disposition header names, or `fallback`. */
export function attachmentFilename(header: string | null, fallback: string): string {
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '')?.[1];
  return name ? decodeURIComponent(name) : fallback;
}

/**
 * Downloads a file from an /api path that wants the bearer token, which a plain link cannot send: the file is fetched
 * and handed to the browser as a download under the name the server gave it.
 */
export async function downloadWithToken(url: string, fallbackName: string): Promise<void> {
  const token = readToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) throw new Error((await res.text()) || res.statusText);
  const objectUrl = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = attachmentFilename(res.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL can go after this turn.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
