/**
 * Which "allow" scopes a permission prompt offers, and the exact rule each one writes. Claude Code's own prompt
 * offers, beside "once": the rest of this session, and always in this project. The CLI's permission_suggestions
 * carry its rule for a shell command (recorded cases 20c/22/22c: `addRules` Bash(<command>) → `localSettings`,
 * which writes `<project>/.claude/settings.local.json`); the same rule with destination `session` stays in the
 * process's memory (case 22c) — and the host gives it again to each new process of the session (case 55,
 * core/turn/session-rules.ts). For a file edit the CLI only suggests switching the whole session to acceptEdits
 * (case 20), which would leave the thread's mode toggle saying Ask: Claude Desk offers an `Edit(<path>)` rule
 * instead — the rule the CLI honours for Write and Edit alike (case 47c; a `Write(...)` rule is ignored, case 47b).
 */
import type { ApprovalOffers, ApprovalRequest, ApprovalScope, ScopeOffer } from './turn-events';

export type SuggestionDestination = 'session' | 'localSettings';

type Rule = { toolName: string; ruleContent?: string };

export function suggestionsWithDestination(suggestions: unknown[], destination: SuggestionDestination): object[] {
  return suggestions.filter(
    (s): s is object =>
      typeof s === 'object' && s !== null && (s as { destination?: unknown }).destination === destination,
  );
}

/** A rule as settings.json spells it. */
export function ruleText(rule: Rule): string {
  return rule.ruleContent === undefined ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`;
}

function offer(rules: Rule[], destination: SuggestionDestination): ScopeOffer {
  return {
    rules: rules.map(ruleText),
    permissions: [{ type: 'addRules', rules, behavior: 'allow', destination }],
  };
}

/** The CLI's own allow rules among its suggestions (it suggests them for shell commands). */
function suggestedRules(suggestions: unknown[]): Rule[] {
  return suggestionsWithDestination(suggestions, 'localSettings').flatMap((s) => {
    const r = s as { type?: unknown; behavior?: unknown; rules?: unknown };
    if (r.type !== 'addRules' || r.behavior !== 'allow' || !Array.isArray(r.rules)) return [];
    return (r.rules as unknown[]).filter((x): x is Rule => typeof (x as Rule | null)?.toolName === 'string');
  });
}

const FILE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/** `file` relative to `dir` (either separator), or undefined when it is not inside it. */
function inside(dir: string, file: string): string | undefined {
  const norm = (p: string) => p.replaceAll('\\', '/').replace(/\/+$/, '');
  const base = norm(dir);
  const full = norm(file);
  return base && full.startsWith(`${base}/`) ? full.slice(base.length + 1) : undefined;
}

/** A card saved before the host computed its offers: the CLI's suggestions, echoed as they came. */
function suggestedOffers(suggestions: unknown[]): ApprovalOffers {
  const rules = suggestedRules(suggestions).map(ruleText);
  const scope = (destination: SuggestionDestination): ScopeOffer | undefined => {
    const permissions = suggestionsWithDestination(suggestions, destination);
    return permissions.length > 0 ? { rules, permissions } : undefined;
  };
  return { session: scope('session'), always: scope('localSettings') };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The scopes a prompt offers, computed once by the host when the prompt arrives. `projectDir`: the folder the CLI
 * runs in (a file rule is written relative to it); undefined for a card saved before the host computed its offers,
 * which then offers what the CLI suggested.
 */
export function approvalOffers(request: ApprovalRequest, projectDir?: string): ApprovalOffers {
  if (request.offers) return request.offers;
  if (projectDir === undefined) return suggestedOffers(request.suggestions);
  const suggested = suggestedRules(request.suggestions);
  if (suggested.length > 0) return { session: offer(suggested, 'session'), always: offer(suggested, 'localSettings') };
  const input = request.input;
  if (request.toolName === 'Bash') {
    // No rule suggested: the CLI cannot judge this command ahead (a variable, a redirection…), so a rule would not
    // stop it asking again.
    const why = request.decisionReason ?? 'Claude Code does not offer a rule for this command';
    return { onceOnly: `${why.replace(/\.$/, '')}, so it can only be allowed once.` };
  }
  let rule: Rule | undefined;
  if (FILE_TOOLS.has(request.toolName)) {
    const file = typeof input.file_path === 'string' ? input.file_path : input.notebook_path;
    const relative = typeof file === 'string' && projectDir ? inside(projectDir, file) : undefined;
    if (!relative) {
      return { onceOnly: 'This file is outside the project folder, so its edits can only be allowed once.' };
    }
    rule = { toolName: 'Edit', ruleContent: relative };
  } else if (request.toolName === 'WebFetch' && typeof input.url === 'string') {
    const host = hostOf(input.url);
    rule = host ? { toolName: 'WebFetch', ruleContent: `domain:${host}` } : undefined;
  } else if (!['AskUserQuestion', 'ExitPlanMode'].includes(request.toolName)) {
    rule = { toolName: request.toolName };
  }
  if (!rule) return {};
  return { session: offer([rule], 'session'), always: offer([rule], 'localSettings') };
}

/** What an allow with `scope` carries as `updatedPermissions` (none for once). */
export function permissionsFor(scope: ApprovalScope, request: ApprovalRequest): object[] {
  if (scope === 'once') return [];
  return approvalOffers(request)[scope]?.permissions ?? [];
}

/** Which scopes a card offers, for a front door that only needs to know (the command line's prompt). */
export function approvalScopes(request: ApprovalRequest): { session: boolean; always: boolean } {
  const offers = approvalOffers(request);
  return { session: offers.session !== undefined, always: offers.always !== undefined };
}
