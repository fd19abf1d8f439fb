import fs from 'node:fs';
import { MCP_NOT_TAKEN } from './run-attempt';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, createHarness, runTurn, waitGone } from '../../../test/fixtures/turn-harness';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
afterEach(() => h.cleanup());

const envFor = (mode: string, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH,
  FAKE_CLAUDE_MODE: mode,
  ...extra,
});

describe('TurnEngine with the fake claude', () => {
  it('streams a turn, saves the session, resumes it next time; scratch files gone, token never in argv', async () => {
    const argvFile = path.join(h.root, 'argv.json');
    const stdinFile = path.join(h.root, 'stdin.txt');
    const engine = h.engine(envFor('text', { FAKE_CLAUDE_ARGV_FILE: argvFile, FAKE_CLAUDE_STDIN_FILE: stdinFile }));
    const mcp = { url: 'http://127.0.0.1:1/mcp', token: 'secret-token-123' };
    const first = await runTurn(
      engine,
      h.request('t1', 'hello there', { mcp, settings: { systemPrompt: 'Be brief.' } }),
    );

    expect(first.outcome.status).toBe('done');
    expect(first.text).toBe('Hello from the mock API.');
    expect(first.types[0]).toBe('started');
    expect(first.types.slice(-2)).toEqual(['result', 'finished']);
    expect(first.types.filter((t) => t === 'finished')).toHaveLength(1);

    const argv1: string[] = JSON.parse(fs.readFileSync(argvFile, 'utf8'));
    const sessionId = argv1[argv1.indexOf('--session-id') + 1];
    expect(JSON.parse(fs.readFileSync(h.sessionsFile, 'utf8'))).toEqual({ t1: sessionId });
    expect(argv1.join(' ')).not.toContain('secret-token-123');
    const configPath = argv1[argv1.indexOf('--mcp-config') + 1] ?? '';
    expect(configPath.startsWith(h.root)).toBe(false); // outside the data dir
    expect(fs.existsSync(configPath)).toBe(false); // deleted after the turn
    expect(fs.existsSync(argv1[argv1.indexOf('--append-system-prompt-file') + 1] ?? '')).toBe(false);
    expect(argv1[argv1.indexOf('--add-dir') + 1]).toBe(h.workspaceDir);
    // The tool gate first (case 43), then the user line (after the answer the engine asks for the context
    // breakdown: a control request).
    const [init, userLine] = fs.readFileSync(stdinFile, 'utf8').trim().split('\n');
    expect(JSON.parse(init ?? '')).toMatchObject({ type: 'control_request', request: { subtype: 'initialize' } });
    expect(JSON.parse(userLine ?? '').message.content).toEqual([{ type: 'text', text: 'hello there' }]);

    const second = await runTurn(engine, h.request('t1', 'again'));
    expect(second.outcome.status).toBe('done');
    const argv2: string[] = JSON.parse(fs.readFileSync(argvFile, 'utf8'));
    expect(argv2[argv2.indexOf('--resume') + 1]).toBe(sessionId);
    expect(argv2).not.toContain('--session-id');
  });

  it('survives garbage and unknown lines', async () => {
    const r = await runTurn(h.engine(envFor('garbage')), h.request('t', 'x'));
    expect(r.outcome.status).toBe('done');
    expect(r.text).toBe('Hello from the mock API.');
  });

  it('reads 10 MB lines', async () => {
    const r = await runTurn(h.engine(envFor('big-line')), h.request('t', 'x'));
    expect(r.outcome.status).toBe('done');
    expect(r.text.length).toBe(10 * 1024 * 1024);
  });

  it('reassembles UTF-8 characters split across writes', async () => {
    const r = await runTurn(h.engine(envFor('split-utf8')), h.request('t', 'x'));
    expect(r.text).toBe('Grüße, 世界 🎉 ok');
  });

  it('a crash mid-stream keeps the partial text and fails with the stderr tail', async () => {
    const r = await runTurn(h.engine(envFor('crash')), h.request('t', 'x'));
    expect(r.outcome.status).toBe('failed');
    expect(r.text).toBe('Partial answ');
    expect(r.outcome.error?.kind).toBe('cli_error');
    expect(r.outcome.error?.message).toContain('exited with code 3');
    expect(r.outcome.error?.message).toContain('fake claude crashed mid-turn');
  });

  it('a silent CLI is killed by the idle bound, which the error names', async () => {
    const r = await runTurn(h.engine(envFor('silent', { CLAUDE_DESK_IDLE_TIMEOUT_MS: '300' })), h.request('t', 'x'));
    expect(r.outcome.status).toBe('failed');
    expect(r.outcome.error?.kind).toBe('idle_timeout');
    expect(r.outcome.error?.message).toContain('CLAUDE_DESK_IDLE_TIMEOUT_MS=300');
  });

  it('1 MB of stderr is capped to a 16 KiB tail', async () => {
    const r = await runTurn(h.engine(envFor('stderr-flood')), h.request('t', 'x'));
    expect(r.outcome.error?.kind).toBe('cli_error');
    const msg = r.outcome.error?.message ?? '';
    expect(msg).toContain('fake claude stderr flood');
    expect(msg.length).toBeLessThan(16 * 1024 + 200);
  });

  it.each(['1', '2', '0'])('exit %s without a verdict is an error, and the thread stays usable', async (code) => {
    const r = await runTurn(h.engine(envFor(`exit:${code}`)), h.request('t', 'x'));
    expect(r.outcome.status).toBe('failed');
    expect(r.outcome.error?.message).toContain(`exited with code ${code}`);
    const next = await runTurn(h.engine(envFor('text')), h.request('t', 'y'));
    expect(next.outcome.status).toBe('done');
  });

  it('a missing binary says where it looked', async () => {
    const missing = path.join(h.root, 'no-such-claude');
    const r = await runTurn(h.engine(envFor('text')), h.request('t', 'x', { cli: { path: missing } }));
    expect(r.outcome.error).toMatchObject({ kind: 'cli_missing', message: `Claude Code CLI not found at ${missing}` });
    expect(r.types.at(-1)).toBe('finished');
  });

  it('the root refusal of full access becomes a root_bypass error naming IS_SANDBOX', async () => {
    const script =
      "process.stderr.write('--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons\\n'); process.exit(1)";
    const wrap = () => ({ file: process.execPath, args: ['-e', script] });
    const r = await runTurn(
      h.engine(envFor('text')),
      h.request('t', 'x', { wrap, permissionMode: 'bypassPermissions' }),
    );
    expect(r.outcome.error?.kind).toBe('root_bypass');
    expect(r.outcome.error?.hint).toContain('IS_SANDBOX=1');
  });

  it('stop kills the whole process group, grandchild included', async () => {
    const pidFile = path.join(h.root, 'grandchild.pid');
    const engine = h.engine(envFor('grandchild', { FAKE_CLAUDE_PIDFILE: pidFile }));
    const events: string[] = [];
    const handle = engine.run(h.request('t', 'x'), (e) => events.push(e.type));
    while (!fs.existsSync(pidFile) || fs.readFileSync(pidFile, 'utf8') === '')
      await new Promise((r) => setTimeout(r, 20));
    const grandchild = Number(fs.readFileSync(pidFile, 'utf8'));
    handle.stop();
    const outcome = await handle.done;
    expect(outcome.status).toBe('stopped');
    expect(events.at(-1)).toBe('finished');
    expect(await waitGone(grandchild)).toBe(true);
  });

  it('a failed MCP endpoint runs the turn without tools and says so', async () => {
    const argvFile = path.join(h.root, 'argv.json');
    const r = await runTurn(
      h.engine(envFor('text', { FAKE_CLAUDE_ARGV_FILE: argvFile })),
      h.request('t', 'x', { mcp: 'failed' }),
    );
    expect(r.outcome.status).toBe('done');
    expect(r.types).toContain('warning');
    expect(JSON.parse(fs.readFileSync(argvFile, 'utf8'))).not.toContain('--mcp-config');
  });

  it("a CLI that should take Claude Desk's tools in initialize but does not say so: the turn runs and warns (case 59 b)", async () => {
    const argvFile = path.join(h.root, 'argv.json');
    const req = h.request('t', 'x', { mcp: { url: 'http://127.0.0.1:9/mcp', token: 'f00d'.repeat(16) } });
    // The fake answers initialize without mcp_servers_applied; its --version says 2.1.337.
    const r = await runTurn(
      h.engine(envFor('text', { FAKE_CLAUDE_ARGV_FILE: argvFile, FAKE_CLAUDE_MCP_NOT_APPLIED: '1' })),
      {
        ...req,
        cli: { ...req.cli, version: '2.1.337' },
      },
    );
    expect(r.outcome.status).toBe('done');
    expect(r.events.filter((e) => e.type === 'warning')).toEqual([expect.objectContaining({ message: MCP_NOT_TAKEN })]);
    const argv = JSON.parse(fs.readFileSync(argvFile, 'utf8')) as string[];
    expect(argv).toContain('--await-initialize');
    expect(argv).not.toContain('--mcp-config');
    expect(argv.join(' ')).not.toContain('f00d');
  });

  it('a missing project folder fails clearly without spawning', async () => {
    const r = await runTurn(
      h.engine(envFor('text')),
      h.request('t', 'x', { settings: { projectDir: path.join(h.root, 'gone') } }),
    );
    expect(r.outcome.error?.message).toContain('does not exist');
    expect(h.spawned).toHaveLength(0);
  });
});
