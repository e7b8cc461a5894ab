// Where uploaded files live. Only this interface is used by services, so an
// S3-compatible store can replace the local disk without touching them.
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(keys: string[]): Promise<void>;
  /** URL the browser loads the file from (rooted at `/` or absolute). */
  url(key: string): string;
  /** The key of a URL this storage produced, or null. */
  keyOf(url: string): string | null;
}
