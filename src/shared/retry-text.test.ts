import { describe, expect, it } from 'vitest';
import { retrySentence } from './retry-text';

describe('the retry sentence', () => {
  it('names the reason from the recorded api_retry fields and counts down', () => {
    expect(
      retrySentence({ attempt: 5, maxRetries: 10, errorStatus: 529, error: 'overloaded', delayMs: 8000 }, 8000),
    ).toBe("Anthropic's API is overloaded — retrying in 8 s (attempt 5 of 10)");
    expect(retrySentence({ attempt: 1, maxRetries: 10, errorStatus: 500, error: 'server_error' }, 1192)).toBe(
      "Anthropic's API had a server error — retrying in 1 s (attempt 1 of 10)",
    );
    expect(retrySentence({ attempt: 1, maxRetries: 10, errorStatus: 429, error: 'rate_limit' }, 0)).toBe(
      "Anthropic's API is limiting how fast requests may come — retrying now (attempt 1 of 10)",
    );
    expect(retrySentence({ attempt: 2, maxRetries: 10 }, undefined)).toBe(
      "Claude Code could not reach Anthropic's API — retrying now (attempt 2 of 10)",
    );
  });
});
