/**
 * The pure half of `npm run check:newest-claude-code`: which test files to run against a Claude Code release, and
 * how the results of a run on the newest release read next to the pinned one's. No process is started here.
 */

/**
 * The real-CLI tests (vitest) among the project's files (paths relative to its root, `/`-separated): every
 * `*.real-cli.test.ts`, the probe and MCP tests that start the CLI, and the command line's tests (`test/command-line-*.test.ts`).
 */
export function realCliTestFiles(files) {
  return files
    .filter(
      (f) =>
        f.endsWith('.real-cli.test.ts') ||
        f === 'src/core/claude-code/real-cli.test.ts' ||
        f === 'src/core/mcp/desk-mcp-real-cli.test.ts' ||
        /^test\/command-line-[^/]+\.test\.ts$/.test(f),
    )
    .sort();
}

/**
 * Vitest's JSON report (`--reporter=json`) as `file › test name` → passed / failed / skipped. A file that failed
 * before any of its tests ran (an import or a hook) counts as one failed entry named after the file.
 */
export function outcomesOf(report, root) {
  const out = new Map();
  for (const file of report?.testResults ?? []) {
    const name = root && file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const tests = file.assertionResults ?? [];
    if (tests.length === 0 && file.status === 'failed') out.set(`${name} › (the file)`, 'failed');
    for (const t of tests) {
      const status = t.status === 'passed' ? 'passed' : t.status === 'failed' ? 'failed' : 'skipped';
      out.set(`${name} › ${[...(t.ancestorTitles ?? []), t.title].join(' › ')}`, status);
    }
  }
  return out;
}

/** Playwright's JSON report (`--reporter=json`) as `spec › test title` → passed / failed / skipped. */
export function e2eOutcomesOf(report) {
  const out = new Map();
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      const results = (spec.tests ?? []).flatMap((t) => t.results ?? []);
      const status = spec.ok ? (results.every((r) => r.status === 'skipped') ? 'skipped' : 'passed') : 'failed';
      out.set([...trail, spec.title].join(' › '), status);
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
  return out;
}

/**
 * What differs between the newest release's run and the pinned one's: the tests that fail only on the newest (what
 * keeping pace means fixing), those that fail on both (not the release's doing), and those only the newest passes.
 * `pinned` may cover only the tests that failed on the newest (the script re-runs just those).
 */
export function compareOutcomes(newest, pinned) {
  const onlyNewest = [];
  const both = [];
  const fixedByNewest = [];
  for (const [test, status] of newest) {
    const before = pinned.get(test);
    if (status === 'failed' && before === 'failed') both.push(test);
    else if (status === 'failed') onlyNewest.push(test);
    else if (status === 'passed' && before === 'failed') fixedByNewest.push(test);
  }
  const count = (status) => [...newest.values()].filter((s) => s === status).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    onlyNewest: onlyNewest.sort(),
    both: both.sort(),
    fixedByNewest: fixedByNewest.sort(),
  };
}

/** A unified-looking diff of two texts by line (`claude --help`): what the newest added (+) and dropped (-). */
export function lineDiff(before, after) {
  const a = new Set(before.split('\n').map((l) => l.trimEnd()));
  const b = new Set(after.split('\n').map((l) => l.trimEnd()));
  const dropped = [...a].filter((l) => l.trim() && !b.has(l)).map((l) => `- ${l}`);
  const added = [...b].filter((l) => l.trim() && !a.has(l)).map((l) => `+ ${l}`);
  return [...dropped, ...added];
}

/** The report a person reads, one block per part. */
export function formatReport({ pinned, newest, help, unit, e2e }) {
  const lines = [`Claude Code ${newest} (newest) against ${pinned} (pinned)`, ''];
  lines.push(help.length ? `claude --help differs (${help.length} lines):` : 'claude --help: no difference.');
  for (const l of help.slice(0, 80)) lines.push(`  ${l}`);
  if (help.length > 80) lines.push(`  … ${help.length - 80} more`);
  for (const [title, r] of [
    ['Real-CLI tests', unit],
    ['Browser-mode e2e', e2e],
  ]) {
    lines.push('');
    if (!r) {
      lines.push(`${title}: not run.`);
      continue;
    }
    lines.push(`${title}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped on ${newest}.`);
    const part = (label, list) => {
      if (list.length === 0) return;
      lines.push(`  ${label}:`);
      for (const t of list) lines.push(`    ${t}`);
    };
    part(`fail on ${newest} only (to fix)`, r.onlyNewest);
    part(`fail on ${pinned} too (not the release's doing)`, r.both);
    part(`fail on ${pinned}, pass on ${newest}`, r.fixedByNewest);
    if (r.failed === 0) lines.push('  nothing differs.');
  }
  return lines.join('\n');
}
