import { describe, expect, it } from 'vitest';
import {
  compareOutcomes,
  e2eOutcomesOf,
  formatReport,
  lineDiff,
  outcomesOf,
  realCliTestFiles,
} from './newest-claude-code-report.mjs';

describe('check:newest-claude-code, its report', () => {
  it('runs the real-CLI tests: *.real-cli.test.ts, the probe and MCP ones, the command line’s', () => {
    expect(
      realCliTestFiles([
        'src/app/turns/prewarm.real-cli.test.ts',
        'src/core/claude-code/real-cli.test.ts',
        'src/core/mcp/desk-mcp-real-cli.test.ts',
        'src/core/turn/spawn-plan.test.ts',
        'test/command-line-commands.test.ts',
        'test/layering.test.ts',
      ]),
    ).toEqual([
      'src/app/turns/prewarm.real-cli.test.ts',
      'src/core/claude-code/real-cli.test.ts',
      'src/core/mcp/desk-mcp-real-cli.test.ts',
      'test/command-line-commands.test.ts',
    ]);
  });

  it('tells the failures of the newest release only from those the pinned one has too', () => {
    const newest = outcomesOf(
      {
        testResults: [
          {
            name: '/r/src/a.real-cli.test.ts',
            status: 'failed',
            assertionResults: [
              { ancestorTitles: ['plugins'], title: 'lists', status: 'failed' },
              { ancestorTitles: [], title: 'flaky on both', status: 'failed' },
              { ancestorTitles: [], title: 'ok', status: 'passed' },
              { ancestorTitles: [], title: 'skipped', status: 'pending' },
            ],
          },
          { name: '/r/src/b.real-cli.test.ts', status: 'failed', assertionResults: [] },
        ],
      },
      '/r',
    );
    const pinned = new Map<string, 'failed'>([
      ['src/a.real-cli.test.ts › flaky on both', 'failed'],
      ['src/a.real-cli.test.ts › ok', 'failed'],
    ]);
    expect(compareOutcomes(newest, pinned)).toEqual({
      passed: 1,
      failed: 3,
      skipped: 1,
      onlyNewest: ['src/a.real-cli.test.ts › plugins › lists', 'src/b.real-cli.test.ts › (the file)'],
      both: ['src/a.real-cli.test.ts › flaky on both'],
      fixedByNewest: ['src/a.real-cli.test.ts › ok'],
    });
  });

  it('reads Playwright’s report by spec, and prints what differs', () => {
    const e2e = e2eOutcomesOf({
      suites: [
        {
          title: 'chat.e2e.ts',
          specs: [
            { title: 'sends', ok: true, tests: [{ results: [{ status: 'passed' }] }] },
            { title: 'status card', ok: false, tests: [{ results: [{ status: 'failed' }] }] },
          ],
        },
      ],
    });
    expect([...e2e]).toEqual([
      ['chat.e2e.ts › sends', 'passed'],
      ['chat.e2e.ts › status card', 'failed'],
    ]);
    expect(lineDiff('a\n  --old  x\nb', 'a\nb\n  --new  y')).toEqual(['-   --old  x', '+   --new  y']);
    const text = formatReport({
      pinned: '2.1.337',
      newest: '2.1.340',
      help: ['+   --new  y'],
      unit: compareOutcomes(new Map([['x › y', 'passed' as const]]), new Map()),
      e2e: compareOutcomes(e2e, new Map()),
    });
    expect(text).toContain('Claude Code 2.1.340 (newest) against 2.1.337 (pinned)');
    expect(text).toContain('Real-CLI tests: 1 passed, 0 failed, 0 skipped on 2.1.340.\n  nothing differs.');
    expect(text).toContain('fail on 2.1.340 only (to fix):\n    chat.e2e.ts › status card');
  });
});
