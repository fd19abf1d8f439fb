/**
 * Plugins through Claude Code's own subcommands with the REAL CLI (recorded case 49), offline: every https request
 * goes to a closed local port. A marketplace in a local folder works; a remote install fails with Claude Code's
 * sentence, which the page shows as it is.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RealCliEnv, realCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import { wireClaudeCodeSetup } from './claude-code-setup-wiring';

let cli: RealCliEnv;
let handlers: ReturnType<typeof wireClaudeCodeSetup>['handlers'];
const changed: string[] = [];

beforeEach(() => {
  const offline = { HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9' };
  cli = realCliEnv({ url: 'http://127.0.0.1:9' }, { extra: offline });
  changed.length = 0;
  handlers = wireClaudeCodeSetup({
    env: cli.env,
    threads: { summary: () => undefined },
    workspaceDir: cli.home,
    filesChanged: (reason) => changed.push(reason),
    launcher: { withEnv: async () => ({ file: realCliPath(), env: cli.env }) },
  }).handlers;
});
afterEach(() => cli.cleanup());

function localMarketplace(dir: string): void {
  const put = (rel: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  };
  put('.claude-plugin/marketplace.json', {
    name: 'desk-local',
    owner: { name: 'Desk' },
    plugins: [{ name: 'hello', source: './plugins/hello', description: 'Says hello' }],
  });
  put('plugins/hello/.claude-plugin/plugin.json', { name: 'hello', version: '1.0.0', description: 'Says hello' });
  put('plugins/hello/commands/hello.md', '---\ndescription: Say hello\n---\nSay hello to $ARGUMENTS.\n');
  put('plugins/hello/agents/greeter.md', '---\nname: greeter\ndescription: Greets people.\n---\nGreet.\n');
}

describe('plugins + real CLI, offline', () => {
  it('lists an installed plugin with what it adds, turns it off, and says why a remote install fails', async () => {
    // A fresh HOME has only what is built into Claude Code (case 64: four on 2.1.337): on, no version, apart.
    const fresh = await handlers.listClaudePlugins(undefined);
    expect(fresh.every((p) => p.builtIn === true && p.id.endsWith('@builtin') && p.version === undefined)).toBe(true);
    expect(fresh.every((p) => p.enabled && (p.displayName ?? '') !== '')).toBe(true);
    const builtIns = fresh.map((p) => p.id);
    const market = path.join(cli.home, 'market');
    localMarketplace(market);
    execFileSync(realCliPath(), ['plugin', 'marketplace', 'add', market], { env: cli.env, cwd: cli.home });

    const listed = await handlers.installClaudePlugin({ id: 'hello@desk-local' });
    const installed = listed.filter((p) => !p.builtIn);
    expect(installed).toEqual([expect.objectContaining({ id: 'hello@desk-local', enabled: true, scope: 'user' })]);
    expect(installed[0]!.adds.join('\n')).toMatch(/Agents \(1\): greeter/);
    expect(listed.filter((p) => p.builtIn).map((p) => p.id)).toEqual(builtIns);
    expect(changed).toEqual(['a plugin was installed']);

    const off = await handlers.setClaudePluginEnabled({ id: 'hello@desk-local', enabled: false });
    expect(off.find((p) => p.id === 'hello@desk-local')!.enabled).toBe(false);
    // A built-in one turns off and on the same way (where Claude Code allows it: every one on 2.1.337).
    if (builtIns[0]) {
      const builtInOff = await handlers.setClaudePluginEnabled({ id: builtIns[0], enabled: false });
      expect(builtInOff.find((p) => p.id === builtIns[0])!.enabled).toBe(false);
      const builtInOn = await handlers.setClaudePluginEnabled({ id: builtIns[0], enabled: true });
      expect(builtInOn.find((p) => p.id === builtIns[0])!.enabled).toBe(true);
    }

    await expect(handlers.installClaudePlugin({ id: 'code-review@anthropic-plugin-directory' })).rejects.toThrow(
      /^Could not install code-review@anthropic-plugin-directory: .*could not be reached; check your network connection/,
    );
  });
});
