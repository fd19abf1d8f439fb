import { describe, expect, it } from 'vitest';
import { editsFiles, readOnlyCommand } from './edit-tools';

describe('which tool calls edit (a "when Claude first edits" thread moves before them)', () => {
  it('the file tools edit; reading, searching and Claude Desk’s own tools do not', () => {
    for (const tool of ['Edit', 'Write', 'NotebookEdit', 'MultiEdit']) expect(editsFiles(tool, {})).toBe(true);
    for (const tool of ['Read', 'Glob', 'Grep', 'WebFetch', 'TodoWrite', 'Agent', 'mcp__desk__memory_search'])
      expect(editsFiles(tool, {})).toBe(false);
  });

  it('an unknown tool, another MCP server’s, or a Bash call without a command counts as an edit', () => {
    expect(editsFiles('mcp__github__create_issue', {})).toBe(true);
    expect(editsFiles('SomeNewTool', {})).toBe(true);
    expect(editsFiles('Bash', {})).toBe(true);
  });

  it.each([
    'ls -la',
    'cat src/app.ts | head -20',
    'grep -rn TODO src && wc -l README.md',
    'git status --short; git log --oneline -5',
    'git diff main -- src 2>&1',
    'find . -name "*.ts" -type f',
    'cd src && rg foo',
    'sed -n 1,20p file.txt',
    'git config --get user.name',
    'ls >/dev/null 2>&1',
  ])('read-only: %s', (command) => {
    expect(readOnlyCommand(command)).toBe(true);
    expect(editsFiles('Bash', { command })).toBe(false);
  });

  it.each([
    'echo hi > notes.md',
    'cat a >> b',
    'npm test',
    'rm -rf build',
    'sed -i s/a/b/ file',
    'find . -name "*.tmp" -delete',
    'find . -exec rm {} \\;',
    'git commit -am x',
    'git checkout -b topic',
    'git branch',
    'ls | tee out.txt',
    'echo $(touch x)',
    'echo `touch x`',
    'python3 script.py',
    'sort -o out.txt in.txt',
    'cat <<EOF > x\nhi\nEOF',
    'sleep 5 &',
    'git config user.name me',
    'env FOO=1 make',
    'ls && mkdir x',
  ])('an edit: %s', (command) => {
    expect(editsFiles('Bash', { command })).toBe(true);
  });
});
