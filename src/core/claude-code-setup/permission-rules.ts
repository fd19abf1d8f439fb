/**
 * Permission rules as Claude Code writes them: `Tool` or `Tool(specifier)` — `Bash(npm test:*)`, `Edit(src/**)`,
 * `WebFetch(domain:example.com)`, `mcp__server__tool`. Checked so a page can say why a rule does nothing.
 */

const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Why Claude Code cannot use `rule` as written, or undefined when it can. */
export function ruleProblem(rule: string): string | undefined {
  const text = rule.trim();
  if (!text) return 'The rule is empty.';
  if (text !== rule) return 'The rule has spaces around it; Claude Code compares it as written.';
  const open = text.indexOf('(');
  if (open < 0) return TOOL_NAME.test(text) ? undefined : `"${text}" is not a tool name.`;
  const tool = text.slice(0, open);
  if (!TOOL_NAME.test(tool)) return `"${tool}" is not a tool name.`;
  if (!text.endsWith(')')) return 'The rule opens a "(" it does not close at its end.';
  if (text.length === open + 2) return `"${tool}()" has nothing between the brackets; write "${tool}" for every call.`;
  // Recorded case 47b: a Write(...) rule does not stop a Write; the file rules are Edit(...) rules (case 47c).
  if (tool === 'Write' || tool === 'MultiEdit' || tool === 'NotebookEdit')
    return `File rules are Edit(...) rules: "${tool}(...)" does not cover a write. Use "Edit${text.slice(open)}".`;
  return undefined;
}

/**
 * A rule the user typed, as it is written to the file: trimmed, and a file rule for a writing tool as the `Edit(…)`
 * rule that covers it (case 47c). Throws a sentence when the rule cannot be used.
 */
export function normalizeRule(typed: string): string {
  let rule = typed.trim();
  const m = /^(Write|MultiEdit)(\(.+\))$/.exec(rule);
  if (m) rule = `Edit${m[2]}`;
  const problem = ruleProblem(rule);
  if (problem) throw new Error(problem);
  return rule;
}
