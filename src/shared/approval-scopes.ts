/**
 * Which "allow" scopes a permission prompt offers. The CLI's permission_suggestions decide it (recorded
 * cases 20c/22/22c): a `session` destination stays in memory, `localSettings` writes the rule to
 * `<project>/.claude/settings.local.json`. A Write prompt offers only a session mode switch (case 20).
 */
export type SuggestionDestination = 'session' | 'localSettings';

export function suggestionsWithDestination(suggestions: unknown[], destination: SuggestionDestination): object[] {
  return suggestions.filter(
    (s): s is object =>
      typeof s === 'object' && s !== null && (s as { destination?: unknown }).destination === destination,
  );
}

export function approvalScopes(suggestions: unknown[]): { session: boolean; always: boolean } {
  return {
    session: suggestionsWithDestination(suggestions, 'session').length > 0,
    always: suggestionsWithDestination(suggestions, 'localSettings').length > 0,
  };
}
