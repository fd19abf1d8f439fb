import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { rememberedNote } from './remember-panel';

describe('# remember this', () => {
  it('reads a note after one #, not a ## heading', () => {
    expect(rememberedNote('# Use pnpm, not npm')).toBe('Use pnpm, not npm');
    expect(rememberedNote('#always run the linter')).toBe('always run the linter');
    expect(rememberedNote('## Heading')).toBeNull();
    expect(rememberedNote('Hi #1')).toBeNull();
    expect(rememberedNote('# Title\n\nA pasted document')).toBeNull();
  });

  it('a # note is not sent: it is appended to the CLAUDE.md the user picks', async () => {
    const host = createFakeHost({ threads: [makeThread('th-1', 'Work')] });
    const setup = {
      home: '/h',
      projectDir: '/p',
      settings: [],
      instructions: [
        { kind: 'user' as const, path: '/h/.claude/CLAUDE.md', exists: true, text: '' },
        { kind: 'project' as const, path: '/p/CLAUDE.md', exists: true, text: '' },
      ],
      agents: [],
      skills: [],
      outputStyles: [],
    };
    host.handle('getClaudeCodeSetup', () => setup);
    const appended: unknown[] = [];
    host.handle('appendInstruction', (input) => {
      appended.push(input);
      return { setup, takesEffect: '' };
    });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    await userEvent.type(screen.getByLabelText('Message'), '# Use pnpm{Enter}');
    const yours = await screen.findByRole('radio', { name: /Yours/ });
    expect(screen.getByRole('radio', { name: /This project/ })).toBeChecked(); // the project's by default
    await userEvent.click(yours);
    await userEvent.click(screen.getByRole('button', { name: 'Remember' }));
    await waitFor(() =>
      expect(appended).toEqual([{ threadId: 'th-1', path: '/h/.claude/CLAUDE.md', note: 'Use pnpm' }]),
    );
    expect(host.callsTo('sendMessage')).toHaveLength(0);
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });
});
