import { readToken } from '../../app/storage';

/** The filename a Content-Disposition header names, or `fallback`. */
export function attachmentFilename(header: string | null, fallback: string): string {
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '')?.[1];
  return name ? decodeURIComponent(name) : fallback;
}

/**
 * Downloads the PDF copy of a signature. The API wants the bearer token, which a plain link cannot send, so the
 * file is fetched and handed to the browser as a download under the name the server gave it.
 */
export async function downloadSignedCopy(pdfUrl: string): Promise<void> {
  const token = readToken();
  const res = await fetch(pdfUrl, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentFilename(res.headers.get('content-disposition'), 'signed-waiver.pdf');
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL can go after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
