import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';
import { withAttachedTexts } from '../../../../shared/attached-text';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

const lines = (n: number) => Array.from({ length: n }, (_, i) => `log line ${i + 1}`).join('\n');

/** A paste event as the browser makes it for copied text. */
function pasteText(box: HTMLElement, text: string): void {
  fireEvent.paste(box, {
    clipboardData: { files: [], types: ['text/plain'], getData: (t: string) => (t === 'text/plain' ? text : '') },
  });
}

describe('the user bubble', () => {
  it('renders markdown and code like an answer, keeps line breaks, and never runs HTML', async () => {
    const text = 'Two lines\nkept apart\n\n```ts\nconst a = 1;\n```\n\n**bold** and <img src=x onerror=alert(1)>';
    const host = createFakeHost({
      threads: [makeThread(T, 'Work', [{ id: 'u1', role: 'user', createdAt: 1, text }])],
    });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const bubble = await screen.findByTestId('user-message');
    expect(bubble.querySelector('pre code')).toHaveTextContent('const a = 1;');
    expect(within(bubble).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(bubble.querySelector('strong')).toHaveTextContent('bold');
    expect(bubble.querySelector('p')?.textContent).toBe('Two lines\nkept apart');
    expect(bubble.querySelector('img')).toBeNull();
    expect(bubble).not.toHaveTextContent('```');
  });

  it('an attached file or long paste shows folded as a chip that opens on a click', async () => {
    const text = withAttachedTexts('What is wrong here?', [{ name: 'Pasted text', text: lines(142) }]);
    const host = createFakeHost({
      threads: [makeThread(T, 'Work', [{ id: 'u1', role: 'user', createdAt: 1, text }])],
    });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const chip = await screen.findByTestId('message-attachment');
    expect(chip).toHaveTextContent('Pasted text · 142 lines');
    expect(screen.getByTestId('user-message')).not.toHaveTextContent('log line 1');
    await userEvent.click(within(chip).getByRole('button', { expanded: false }));
    expect(screen.getByTestId('message-attachment-preview')).toHaveTextContent('log line 142');
    await userEvent.click(within(chip).getByRole('button', { expanded: true }));
    expect(screen.queryByTestId('message-attachment-preview')).not.toBeInTheDocument();
  });
});

describe('the composer: a long paste', () => {
  it('folds into a chip, is sent in full, and shows folded in the bubble', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message');
    pasteText(box, 'short paste');
    expect(screen.queryByTestId('attachment')).not.toBeInTheDocument(); // a short one is left to the browser
    pasteText(box, lines(30));
    expect(await screen.findByTestId('attachment')).toHaveTextContent('Pasted text · 30 lines');
    expect(box).toHaveValue('');
    await userEvent.type(box, 'Why?{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    const sent = (host.callsTo('sendMessage')[0] as { text: string }).text;
    expect(sent.startsWith('Why?\n\nPasted text:\n```attached\nlog line 1\n')).toBe(true);
    expect(sent).toContain('log line 30');
    expect(screen.queryByTestId('attachment')).not.toBeInTheDocument();
    expect(await screen.findByTestId('message-attachment')).toHaveTextContent('Pasted text · 30 lines');
    expect(screen.getByTestId('user-message')).not.toHaveTextContent('log line 2');
  });

  it('the chip opens to show the text, can go back into the box as text, or be removed', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message');
    pasteText(box, lines(25));
    pasteText(box, lines(40));
    const chips = await screen.findAllByTestId('attachment');
    expect(chips.map((c) => c.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Pasted text · 25 lines',
      'Pasted text 2 · 40 lines',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove pasted text 2' }));
    expect(screen.getAllByTestId('attachment')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /Pasted text/, expanded: false }));
    expect(screen.getByTestId('attachment-preview')).toHaveTextContent('log line 25');
    await userEvent.click(screen.getByRole('button', { name: 'Insert as text' }));
    expect(screen.queryByTestId('attachment')).not.toBeInTheDocument();
    expect(box).toHaveValue(lines(25));
  });
});

describe('Edit & resend with an attached paste', () => {
  it('edits only the typed words; the paste stays a chip and goes again with the edit', async () => {
    const text = withAttachedTexts('Why does it fail?', [{ name: 'Pasted text', text: lines(30) }]);
    const host = createFakeHost({
      threads: [makeThread(T, 'Work', [{ id: 'u1', role: 'user', createdAt: 1, text }])],
    });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const bubble = await screen.findByTestId('user-message');
    await userEvent.click(within(bubble).getByRole('button', { name: /Edit & resend/ }));
    const editor = within(bubble).getByRole('textbox', { name: 'Edit message' });
    expect(editor).toHaveValue('Why does it fail?');
    expect(within(bubble).getByTestId('edit-attachment')).toHaveTextContent('Pasted text · 30 lines');
    await userEvent.clear(editor);
    await userEvent.type(editor, 'What is wrong?{Enter}');
    await waitFor(() => expect(host.callsTo('resendFrom')).toHaveLength(1));
    expect(host.callsTo('resendFrom')[0]).toMatchObject({
      messageId: 'u1',
      text: withAttachedTexts('What is wrong?', [{ name: 'Pasted text', text: lines(30) }]),
    });
  });
});
