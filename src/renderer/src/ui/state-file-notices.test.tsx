import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeHost } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';

describe("problems with the app's own files", () => {
  it('a state file moved aside at start is shown, and stays until dismissed', async () => {
    const host = createFakeHost();
    const warning =
      'claude_code_settings.json could not be read (EISDIR) and has been moved aside to claude_code_settings.json.unreadable-1; starting fresh.';
    host.appInfo = { ...host.appInfo, warnings: [warning] };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp({ host });
      expect(await screen.findByText(warning)).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(60_000)); // ordinary warnings fade after 6 s; this one must not
      expect(screen.getByText(warning)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
