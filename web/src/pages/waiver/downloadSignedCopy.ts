import { downloadWithToken } from '../../app/download';

/** Downloads the PDF copy of a signature (the API wants the bearer token: see downloadWithToken). */
export function downloadSignedCopy(pdfUrl: string): Promise<void> {
  return downloadWithToken(pdfUrl, 'signed-waiver.pdf');
}
