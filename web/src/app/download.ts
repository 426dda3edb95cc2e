import { errorMessage } from './errors';
import { readToken } from './storage';

/** The server's refusal of a download, in its words (written for people: "Please sign in to continue."). */
export class DownloadRefused extends Error {}

/** What to tell a person whose download failed. */
export function downloadFailure(err: unknown): string {
  return err instanceof DownloadRefused && err.message ? err.message : errorMessage(err);
}

/** The filename a Content-Disposition header names, or `fallback`. */
export function attachmentFilename(header: string | null, fallback: string): string {
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '')?.[1];
  return name ? decodeURIComponent(name) : fallback;
}

/**
 * Downloads a file from an /api path that wants the bearer token, which a plain link cannot send: the file is fetched
 * and handed to the browser as a download under the name the server gave it.
 */
export async function downloadWithToken(
  url: string,
  fallbackName: string,
  { onProgress }: { onProgress?: (rowsRead: number, rows: number | null) => void } = {},
): Promise<void> {
  const token = readToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) throw new DownloadRefused((await res.text()) || res.statusText);
  const objectUrl = URL.createObjectURL(onProgress && res.body ? await readCountingRows(res, onProgress) : await res.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = attachmentFilename(res.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL can go after this turn.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/**
 * The body of a large export, read as it streams: `onProgress` hears the lines read so far (about a row each) against
 * the row count the server announced (X-Export-Rows).
 */
async function readCountingRows(res: Response, onProgress: (rowsRead: number, rows: number | null) => void): Promise<Blob> {
  const announced = Number(res.headers.get('x-export-rows'));
  const rows = Number.isFinite(announced) && announced > 0 ? announced : null;
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines++;
    onProgress(lines, rows);
  }
  return new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? undefined });
}
