// Typed arrays the search index grows and gives back (decision 0048): one way to do both.

/**
 * Gives a typed array's memory back now, not at V8's next full collection (minutes away when the
 * server is idle): its buffer is detached, and reads of it or of any view on it find nothing. Only
 * for arrays no one else holds.
 */
export function release(array: { buffer: ArrayBufferLike }): void {
  if (array.buffer instanceof ArrayBuffer && array.buffer.byteLength > 0) array.buffer.transfer(0);
}

/** A copy of the array in a larger one of the same type; the smaller one is released. */
export function grow<T extends Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  release(array);
  return bigger;
}
