// Fetches a photo that a listing names by URL (the API accepts absolute http(s) image URLs),
// so that it is stored through the upload pipeline and visitors only ever load our files.
//
// The server fetches on a user's behalf, so it must not become a way into the network it runs
// in (SSRF): every address the name resolves to must be public (no loopback, private, link-local,
// carrier-grade NAT, multicast or reserved ranges, IPv4 embedded in IPv6 included), the socket
// connects to the very address that was checked (no second resolution a DNS answer could change
// in between), each redirect hop is checked again (3 hops at most), and the whole fetch has a
// time limit and a byte limit counted on the stream, whatever Content-Length says.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { MAX_UPLOAD_BYTES } from '../../common/constants.ts';

export const PHOTO_FETCH = {
  /** The whole fetch, redirects included. */
  timeoutMs: 5_000,
  maxBytes: MAX_UPLOAD_BYTES,
  maxRedirects: 3,
};

export type PhotoFetchFailure = 'unreachable' | 'notAllowed' | 'tooLarge' | 'timeout' | 'status';

export class PhotoFetchError extends Error {
  readonly reason: PhotoFetchFailure;
  constructor(reason: PhotoFetchFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo included)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const groups = expandIpv6(lower);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:a.b.c.d and ::a.b.c.d written in hex, 64:ff9b::/96 (NAT64)
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!); // 6to4
  return null;
}

function expandIpv6(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('.')) return null;
  const [head = '', tail = ''] = address.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = address.includes('::') ? part(tail) : [];
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** True when `address` may be fetched from: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (blocked.check(address, 'ipv6')) return false;
  const v4 = embeddedIpv4(address);
  return v4 === null || !blocked.check(v4, 'ipv4');
}

export interface PhotoFetcherOptions {
  /** Tests only (config PHOTO_FETCH_ALLOW_PRIVATE): lets a local test server be fetched. */
  allowPrivate?: boolean;
  /** Tests only: which resolved addresses may be connected to (default: public ones, or all with allowPrivate). */
  isAllowedAddress?: (address: string) => boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export type PhotoFetcher = (url: string) => Promise<Buffer>;

export function createPhotoFetcher(options: PhotoFetcherOptions = {}): PhotoFetcher {
  const { allowPrivate = false, isAllowedAddress = allowPrivate ? () => true : isPublicAddress, timeoutMs = PHOTO_FETCH.timeoutMs, maxBytes = PHOTO_FETCH.maxBytes, maxRedirects = PHOTO_FETCH.maxRedirects } = options;

  /** Resolves the host and checks every address; returns the one to connect to. */
  async function checkedAddress(hostname: string): Promise<{ address: string; family: number }> {
    const bare = hostname.replace(/^\[|\]$/g, '');
    let addresses: { address: string; family: number }[];
    if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
    else {
      try {
        addresses = await dnsLookup(bare, { all: true, verbatim: true });
      } catch {
        throw new PhotoFetchError('unreachable', `The host ${bare} could not be resolved`);
      }
    }
    if (addresses.length === 0) throw new PhotoFetchError('unreachable', `The host ${bare} could not be resolved`);
    if (addresses.some((a) => !isAllowedAddress(a.address))) {
      throw new PhotoFetchError('notAllowed', 'The photo address points to a private or reserved network');
    }
    return addresses[0]!;
  }

  function getOnce(url: URL, pinned: { address: string; family: number }, signal: AbortSignal): Promise<{ redirect?: string; body?: Buffer }> {
    // The socket goes to the checked address; the name still serves for TLS (SNI, certificate) and Host.
    const lookup: LookupFunction = (_host, opts, callback) => {
      if (opts.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(url, { lookup, signal, headers: { accept: 'image/avif,image/webp,image/png,image/jpeg', 'user-agent': 'EcoSouk photo fetcher' } }, (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new PhotoFetchError('status', `The photo address answered ${status}`));
          return;
        }
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          response.destroy();
          reject(new PhotoFetchError('tooLarge', `The photo is larger than ${maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new PhotoFetchError('tooLarge', `The photo is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(error));
      });
      request.on('error', reject);
    });
  }

  return async function fetchPhoto(raw: string): Promise<Buffer> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new PhotoFetchError('unreachable', 'The photo address is not a URL');
    }
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PhotoFetchError('notAllowed', 'Only http and https photo addresses are fetched');
        if (url.username || url.password) throw new PhotoFetchError('notAllowed', 'Photo addresses with credentials are not fetched');
        const pinned = await checkedAddress(url.hostname);
        const answer = await getOnce(url, pinned, signal);
        if (answer.body) return answer.body;
        if (hop >= maxRedirects) throw new PhotoFetchError('unreachable', 'The photo address redirects too many times');
        url = new URL(answer.redirect!, url);
      }
    } catch (error) {
      if (error instanceof PhotoFetchError) throw error;
      if (signal.aborted) throw new PhotoFetchError('timeout', `The photo could not be fetched within ${timeoutMs / 1000} s`);
      throw new PhotoFetchError('unreachable', 'The photo could not be fetched');
    }
  };
}
