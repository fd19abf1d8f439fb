/**
 * The agent's Bash trying to read phone access's CA key: behind the bubblewrap wall (the Linux one; Seatbelt's on
 * macOS is the same `state/` deny) it cannot. Skipped where bwrap cannot run, with the reason in the suite name.
 * Where no wall exists (Windows, Linux without bubblewrap) the key has only its 0600 permissions, like the data dir.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirLayout } from '../../core/store/data-dir';
import { selectSandbox } from '../../core/sandbox/select-sandbox';
import { EventBus } from '../event-bus';
import type { DeskHandlers } from '../../shared/contract';
import { wirePhone } from './phone-wiring';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-cawall-'));
const layout = dataDirLayout(path.join(root, 'home', '.config', 'Claude Desk'));
const scratch = path.join(root, 'scratch');
fs.mkdirSync(scratch, { recursive: true });
const box =
  process.platform === 'linux'
    ? await selectSandbox({ platform: 'linux', env: { PATH: process.env['PATH'] }, privateDirs: [layout.stateDir] })
    : undefined;
const skip = !box ? `not Linux (${process.platform})` : box.kind !== 'bubblewrap' ? box.reason : '';

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.skipIf(skip !== '')(`the CA key behind the wall${skip ? ` — SKIPPED: ${skip}` : ''}`, () => {
  it('phone access keeps the CA key where the agent cannot read it', async () => {
    const phone = await wirePhone({
      stateDir: layout.stateDir,
      bus: new EventBus(),
      handlers: () => ({}) as DeskHandlers,
      recentProjects: async () => [],
      addresses: () => [{ interface: 'lo', label: 'Other', address: '127.0.0.2', family: 'IPv4', scope: 'private' }],
      startListener: async (r) => ({ origin: r.origin(1), port: 1, close: async () => {} }),
    });
    await phone.handlers.setPhoneAccess({ on: true, route: 'lan', address: '127.0.0.2' });
    await phone.close();
    const caKey = path.join(layout.stateDir, 'phone', 'ca-key.pem');
    expect(fs.readFileSync(caKey, 'utf8')).toContain('PRIVATE KEY'); // there, for Claude Desk
    const cat = async (file: string): Promise<string> => {
      const cmd = await box!.wrap('/bin/cat', [file], scratch);
      try {
        return execFileSync(cmd.file, cmd.args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (err) {
        return String((err as { stdout?: string }).stdout ?? '');
      }
    };
    const visible = path.join(scratch, 'visible.txt');
    fs.writeFileSync(visible, 'the agent reads this');
    expect(await cat(visible)).toBe('the agent reads this'); // the wall runs commands…
    expect(await cat(caKey)).not.toContain('PRIVATE KEY'); // …and hides the key
  });
});
