/**
 * The tool gate with the REAL CLI against the mock (recorded case 43): the user line goes at once, and every tool
 * — even a Write that Accept edits allows without asking — waits until the turn's gate (the project's snapshot
 * for rewind) has settled. Asserted by what exists on disk while the gate is shut, never by timing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockApi } from '../../../test/fixtures/mock-anthropic-api';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn } from '../../../test/fixtures/turn-harness';

let mock: MockApi;
let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ mock, h, cli } = suite));

/** A gate that says when the CLI first waits at it (the session starts it then), and opens on demand. */
function gate() {
  let open!: () => void;
  let asked!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  const waitedOn = new Promise<void>((resolve) => (asked = resolve));
  const start = () => {
    asked();
    return promise;
  };
  return { start, open, waitedOn };
}

describe('the tool gate + real CLI + mock API', () => {
  it('the message is answered at once, but an auto-allowed Write runs only once the gate opens', async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' }, { keep: { keep: 2, keepIdleMs: 600_000 } });
    const written = path.join(h.workspaceDir, 'written-by-tool.txt');
    const shut = gate();
    const turn = runTurn(
      engine,
      h.request('t1', 'SCENARIO:write Please write the file.', {
        permissionMode: 'acceptEdits',
        toolGate: shut.start,
      }),
    );
    await shut.waitedOn; // the CLI asked before the Write (its PreToolUse hook)
    expect(mock.requests.length).toBeGreaterThanOrEqual(1); // the message reached Claude without waiting
    expect(fs.existsSync(written)).toBe(false);
    shut.open();
    const run = await turn;
    expect(run.outcome.status).toBe('done');
    expect(fs.readFileSync(written, 'utf8')).toBe('hello from the tool\n');

    // The kept process keeps its hook: the next turn's tools wait at that turn's gate.
    fs.rmSync(written);
    const next = gate();
    const second = runTurn(
      engine,
      h.request('t1', 'SCENARIO:write Write it again.', { permissionMode: 'acceptEdits', toolGate: next.start }),
    );
    await next.waitedOn;
    expect(fs.existsSync(written)).toBe(false);
    next.open();
    expect((await second).outcome.status).toBe('done');
    expect(fs.existsSync(written)).toBe(true);
    expect(engine.idle.stats.reused).toBe(1);
  });
});
