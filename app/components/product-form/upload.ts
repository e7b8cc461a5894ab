// Talks to the photo endpoints of docs/api.md: POST /api/v1/products/upload (multipart
// `image`, with upload progress, hence XMLHttpRequest) and DELETE with the key.
import { MAX_UPLOAD_BYTES } from '../../../common/constants.ts';

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const UPLOAD_URL = '/api/v1/products/upload';

export interface UploadedImage {
  url: string;
  key: string;
  width: number;
  height: number;
  variants: Record<string, string>;
}

/** Why a photo failed, each with its translated message in the picker. */
export type UploadError = 'tooLarge' | 'wrongType' | 'session' | 'unverified' | 'limited' | 'storage' | 'failed';

/** Refuses what the server would refuse anyway, before spending the seller's data plan. */
export function checkFile(file: File): UploadError | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  // Some systems give no type (HEIC on old browsers, unusual extensions): let the server decide.
  if (file.type && !(ACCEPTED_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  return null;
}

export function errorOfStatus(status: number, code?: string): UploadError {
  if (code === 'STORAGE_UNAVAILABLE') return 'storage';
  if (status === 413) return 'tooLarge';
  if (status === 415) return 'wrongType';
  if (status === 401) return 'session';
  if (status === 403) return 'unverified';
  if (status === 429) return 'limited';
  return 'failed';
}

export class UploadFailure extends Error {
  readonly reason: UploadError;
  constructor(reason: UploadError) {
    super(`upload failed: ${reason}`);
    this.reason = reason;
  }
}

/** Uploads one photo; `onProgress` receives 0..1. `abort()` rejects with reason 'failed'. */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void): { done: Promise<UploadedImage>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedImage>((resolve, reject) => {
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = false; // same-origin requests carry the session cookie anyway
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as { success?: boolean; code?: string; data?: UploadedImage } | null;
      if (xhr.status === 201 && body?.success && body.data?.url) resolve(body.data);
      else reject(new UploadFailure(errorOfStatus(xhr.status, body?.code)));
    });
    xhr.addEventListener('error', () => reject(new UploadFailure('failed')));
    xhr.addEventListener('abort', () => reject(new UploadFailure('failed')));
    xhr.addEventListener('timeout', () => reject(new UploadFailure('failed')));
    const body = new FormData();
    body.append('image', file, file.name || 'photo');
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/** Deletes an upload that will not be used; failures are harmless (orphans are cleaned daily). */
export function deleteUpload(key: string): void {
  void fetch(UPLOAD_URL, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ key }),
  }).catch(() => undefined);
}

/** A preview of about `width` pixels from the stored WebP variants (width → URL). */
export function thumbOf(image: { url: string; variants: Record<string, string> }, width = 640): string {
  const widths = Object.keys(image.variants)
    .map(Number)
    .filter((w) => Number.isFinite(w) && w > 0)
    .sort((a, b) => a - b);
  const best = widths.find((w) => w >= width) ?? widths[widths.length - 1];
  return (best !== undefined ? image.variants[String(best)] : undefined) ?? image.url;
}
