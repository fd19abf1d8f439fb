import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { EventBus } from '../app/event-bus';
import type { DeskHandlers } from '../shared/contract';
import { RENDERER_CSP } from '../shared/csp';
import { precompress } from '../../compress-plugin';
import { acceptedEncodings } from './static-files';
import { startWebHost, type WebHost } from './web-host';

function get(port: number, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser mode serves the build compressed', () => {
  let host: WebHost;
  let dir: string;
  const script = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  const asset = '/assets/index-B60PUhO9.js';

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-web-gz-'));
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html><title>Claude Desk</title>${' '.repeat(2000)}`);
    await fs.writeFile(path.join(dir, 'assets', 'index-B60PUhO9.js'), script);
    await fs.writeFile(path.join(dir, 'assets', 'tiny-Abcdefgh.js'), 'export {};\n');
    for (const f of ['index.html', 'assets/index-B60PUhO9.js', 'assets/tiny-Abcdefgh.js'])
      await precompress(path.join(dir, f));
    host = await startWebHost({ handlers: {} as DeskHandlers, bus: new EventBus(), rendererDir: dir, token: 't0k' });
  });
  afterAll(async () => {
    await host.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a browser that accepts brotli gets the brotli copy, with the same bytes once decoded and every guard header', async () => {
    const res = await get(host.port, `${asset}?token=t0k`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('accept-encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(RENDERER_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    // Content-hashed: cached for good.
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('gzip when brotli is not accepted; the plain file when nothing is', async () => {
    const gz = await get(host.port, `${asset}?token=t0k`, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(host.port, `${asset}?token=t0k`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // Too small to have a copy: sent as it is even to a brotli client.
    const tiny = await get(host.port, '/assets/tiny-Abcdefgh.js?token=t0k', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
  });

  it('the page is compressed but never cached, and nothing is served without the token', async () => {
    const page = await get(host.port, '/?token=t0k', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['set-cookie']).toBeDefined();
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<title>Claude Desk</title>');
    const refused = await get(host.port, asset, { 'accept-encoding': 'br' });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding as HTTP means it: q=0 refuses, * allows the rest', () => {
    expect([...acceptedEncodings('gzip, br')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*;q=0.1, gzip;q=0')]).toEqual(['br']);
    expect([...acceptedEncodings('identity')]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
