import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runToEnd, startProcess } from '../process-runner';
import { startTailscaleServe, tailscaleState, TailscaleRefusal, type TailscaleDeps } from './tailscale';

// No `tailscale` on a test machine: a fake one on PATH (test/fixtures/fake-tailscale.mjs) plays it.
const FAKE = path.resolve(import.meta.dirname, '../../../test/fixtures/fake-tailscale.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function fakeTailscale(status?: object, serve?: object) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-ts-'));
  dirs.push(dir);
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'tailscale'), `#!/bin/sh\nexec "${process.execPath}" "${FAKE}" "$@"\n`, {
    mode: 0o755,
  });
  if (status) fs.writeFileSync(path.join(dir, 'status.json'), JSON.stringify(status));
  if (serve) fs.writeFileSync(path.join(dir, 'serve.json'), JSON.stringify(serve));
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, FAKE_TAILSCALE_DIR: dir };
  const deps: TailscaleDeps = { run: runToEnd, start: startProcess, env };
  return {
    deps,
    serve: () =>
      JSON.parse(fs.readFileSync(path.join(dir, 'serve.json'), 'utf8')) as Record<string, Record<string, unknown>>,
    calls: () => fs.readFileSync(path.join(dir, 'calls.log'), 'utf8').trim().split('\n'),
  };
}

const RUNNING = { BackendState: 'Running', Self: { DNSName: 'desk.tail1234.ts.net.' } };

describe.skipIf(process.platform === 'win32')('the Tailscale route', () => {
  it('tells missing, logged out and ready apart', async () => {
    const missing = await tailscaleState({ run: runToEnd, start: startProcess, binary: 'no-such-tailscale-here' });
    expect(missing.state).toBe('missing');
    expect(missing.sentence).toMatch(/not installed/);
    expect((await tailscaleState(fakeTailscale({ BackendState: 'NeedsLogin' }).deps)).sentence).toMatch(/tailscale up/);
    expect(await tailscaleState(fakeTailscale(RUNNING).deps)).toEqual({ state: 'ready', name: 'desk.tail1234.ts.net' });
  });

  it('serves in the foreground (never --bg), and the entry goes when it stops', async () => {
    const ts = fakeTailscale(RUNNING);
    const serve = await startTailscaleServe(ts.deps, { name: 'desk.tail1234.ts.net', port: 47831, loopbackPort: 5000 });
    expect(serve.origin).toBe('https://desk.tail1234.ts.net:47831');
    expect(ts.serve().Web).toHaveProperty(['desk.tail1234.ts.net:47831']);
    expect(ts.calls()).toContain('serve --https=47831 http://127.0.0.1:5000');
    expect(ts.calls().some((c) => c.includes('--bg') || c.includes('funnel'))).toBe(false);
    await serve.stop();
    expect(ts.serve().Web).not.toHaveProperty(['desk.tail1234.ts.net:47831']);
  });

  it('refuses when Funnel covers the port, changing nothing', async () => {
    const serveJson = {
      Web: { 'desk.tail1234.ts.net:47831': { Handlers: {} } },
      AllowFunnel: { 'desk.tail1234.ts.net:47831': true },
    };
    const ts = fakeTailscale(RUNNING, serveJson);
    await expect(
      startTailscaleServe(ts.deps, { name: 'desk.tail1234.ts.net', port: 47831, loopbackPort: 5000 }),
    ).rejects.toThrow(TailscaleRefusal);
    expect(ts.serve()).toEqual(serveJson);
    expect(ts.calls()).toEqual(['serve status --json']);
  });

  it('removes an entry left on the port by an earlier run before serving', async () => {
    const ts = fakeTailscale(RUNNING, {
      TCP: { '47831': { HTTPS: true } },
      Web: { 'desk.tail1234.ts.net:47831': { Handlers: { '/': { Proxy: 'http://127.0.0.1:1' } } } },
    });
    const serve = await startTailscaleServe(ts.deps, { name: 'desk.tail1234.ts.net', port: 47831, loopbackPort: 5000 });
    expect(ts.calls().slice(0, 3)).toEqual([
      'serve status --json',
      'serve --https=47831 off',
      'serve --https=47831 http://127.0.0.1:5000',
    ]);
    await serve.stop();
  });

  it('says so in one sentence when serve cannot start', async () => {
    const ts = fakeTailscale({ BackendState: 'Stopped', Self: { DNSName: 'desk.tail1234.ts.net.' } });
    await expect(
      startTailscaleServe(ts.deps, { name: 'desk.tail1234.ts.net', port: 47831, loopbackPort: 5000 }),
    ).rejects.toThrow(/Tailscale could not serve phone access: Tailscale is stopped/);
  });
});
