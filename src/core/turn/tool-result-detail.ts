import type { PatchHunk, ToolResultDetail, WithheldReason } from '../../shared/turn-events';
import { type Json, isObject, num } from '../claude-code-wire/cli-json';
import { DISALLOWED_TOOLS } from './build-turn-args';

/**
 * The CLI's refusal of a tool --disallowedTools took away (recorded case 56):
 * "Error: No such tool available: Bash. Bash is disabled for this session, in subagents as well as here."
 */
const DISABLED_TOOL = /^Error: No such tool available: (\w+)\. \1 is disabled for this session/;

/** Which of Accept edits' withheld built-ins a refused call was. `Task` withholds the sub-agent tool, now `Agent`. */
const WITHHELD: Record<string, WithheldReason> = {
  Bash: 'shell',
  BashOutput: 'shell',
  KillShell: 'shell',
  WebFetch: 'web',
  WebSearch: 'web',
  Task: 'subagents',
  Agent: 'subagents',
};

function withheldDetail(text: string): ToolResultDetail | undefined {
  const tool = DISABLED_TOOL.exec(text)?.[1];
  const reason = tool ? WITHHELD[tool] : undefined;
  // Only the built-ins the app itself withholds: a tool off for another reason (a server the user turned off) is not
  // "off in Accept edits".
  if (!tool || !reason || !(DISALLOWED_TOOLS.includes(tool) || tool === 'Agent')) return undefined;
  return { kind: 'withheld', reason };
}

/** A patch bigger than this is not kept: the card falls back to the diff of the call's input. */
const MAX_PATCH_LINES = 3000;
const MAX_FILENAMES = 500;

function hunksOf(raw: unknown): PatchHunk[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const hunks: PatchHunk[] = [];
  let total = 0;
  for (const h of raw) {
    if (!isObject(h) || !Array.isArray(h.lines)) return undefined;
    const lines = h.lines.filter((l): l is string => typeof l === 'string');
    total += lines.length;
    if (total > MAX_PATCH_LINES) return undefined;
    hunks.push({
      oldStart: num(h.oldStart) ?? 0,
      oldLines: num(h.oldLines) ?? 0,
      newStart: num(h.newStart) ?? 0,
      newLines: num(h.newLines) ?? 0,
      lines,
    });
  }
  return hunks;
}

/**
 * The structured result the CLI adds to a tool's `user` line (`tool_use_result`, recorded cases 30–34b), reduced to
 * what a card shows. Whole file contents (`originalFile`, `file.content`) are left out: the text is in the result
 * or on disk, and a thread file must not grow by a copy of every file read.
 */
export function toolResultDetail(raw: unknown): ToolResultDetail | undefined {
  if (typeof raw === 'string') return withheldDetail(raw);
  if (!isObject(raw)) return undefined; // a failure is a plain string ("Error: Exit code 3…", case 31)
  const r: Json = raw;
  if (Array.isArray(r.structuredPatch)) {
    const hunks = hunksOf(r.structuredPatch);
    if (!hunks) return undefined;
    return r.type === 'create' ? { kind: 'patch', hunks, created: true } : { kind: 'patch', hunks };
  }
  if (isObject(r.file) && num(r.file.startLine) !== undefined) {
    return {
      kind: 'read',
      startLine: num(r.file.startLine) ?? 1,
      numLines: num(r.file.numLines) ?? 0,
      totalLines: num(r.file.totalLines) ?? 0,
    };
  }
  if (Array.isArray(r.filenames) && r.filenames.length > 0) {
    const filenames = r.filenames.filter((f): f is string => typeof f === 'string');
    return {
      kind: 'files',
      filenames: filenames.slice(0, MAX_FILENAMES),
      numFiles: num(r.numFiles) ?? filenames.length,
      truncated: r.truncated === true || filenames.length > MAX_FILENAMES,
    };
  }
  if (typeof r.agentId === 'string' && r.status === 'completed') {
    return {
      kind: 'subagent',
      durationMs: num(r.totalDurationMs),
      toolUses: num(r.totalToolUseCount),
      totalTokens: num(r.totalTokens),
    };
  }
  return undefined;
}
