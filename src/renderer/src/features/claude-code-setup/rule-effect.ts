import type { EffectiveSettingsView, PermissionRuleView, SettingsFileView } from '../../../../shared/claude-code-setup';

export interface RuleEffect {
  on: boolean;
  /** "In effect", or "Not in effect: <why>" in one sentence. */
  text: string;
}

const off = (why: string): RuleEffect => ({ on: false, text: `Not in effect: ${why}` });

/**
 * Whether Claude Code itself reports a rule of a file in force (its `get_settings` answer, recorded cases 45, 52c).
 * It names the files it could not use and lists the rules of each file it read, as written — it does not check
 * them (52c), so a rule it loaded that can match nothing, or one a deny of the same text overrides, is said here.
 */
export function ruleEffect(
  file: SettingsFileView,
  rule: PermissionRuleView,
  effective: EffectiveSettingsView,
): RuleEffect {
  const error = effective.errors.find((e) => e.path === file.path);
  if (error) return off(`Claude Code could not use this file: ${error.message}`);
  const source = effective.sources.find((s) => s.scope === file.scope);
  if (!source) return off('Claude Code did not read this file.');
  if (!source.rules[rule.list].includes(rule.rule)) return off('Claude Code did not read this rule from the file.');
  // The rule's own problem is shown beside it; the mark only says what it means.
  if (rule.problem) return off('Claude Code loaded it, but it matches nothing (see why beside it).');
  // Deny is applied first, then ask, then allow: the same rule in a stronger list decides.
  if (rule.list !== 'deny' && effective.rules.deny.includes(rule.rule))
    return off('a deny rule for the same calls wins.');
  if (rule.list === 'allow' && effective.rules.ask.includes(rule.rule))
    return off('an ask rule for the same calls comes first, so Claude Code asks.');
  return { on: true, text: 'In effect' };
}
