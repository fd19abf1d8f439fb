import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks shared by every loopback server the app runs (the MCP endpoint, browser mode).
 *
 * Host: a web page can point a hostname it controls at 127.0.0.1 (DNS rebinding); its requests then carry
 * that hostname in Host, so only our own loopback authority is accepted.
 */
export function isLoopbackHost(hostHeader: string | undefined, port: number): boolean {
  const host = (hostHeader ?? '').toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Constant-time comparison of two secrets; hashing first gives equal-length buffers whatever was sent. */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
