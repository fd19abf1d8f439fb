import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiForTests } from '../../api';
import { renderApp } from '../../test-support/render-app';
import { createFakeHost, makeThread, summaryOf } from '../../test-support/fake-api';

/** A host whose first answers have not come yet: each call stays pending until the test lets it go. */
function slowHost() {
  const host = createFakeHost({ threads: [makeThread('t1', 'Yesterday’s thread')] });
  const held: (() => void)[] = [];
  const answers = {
    listThreads: () => host.threads.map(summaryOf),
    getSettings: () => host.settings,
    getCliStatus: () => host.overview,
    getAppInfo: () => host.appInfo,
    getWindowState: () => host.windowState,
  };
  for (const [name, answer] of Object.entries(answers)) {
    host.handle(name as keyof typeof answers, () => new Promise((resolve) => held.push(() => resolve(answer()))));
  }
  return { host, release: () => held.splice(0).forEach((go) => go()) };
}

describe('a new window before the host answers', () => {
  afterEach(() => setApiForTests(undefined));

  it('shows the shell and a usable composer at once, and keeps what was typed when the data lands', async () => {
    const { host, release } = slowHost();
    renderApp({ host });
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toBeEnabled();
    expect(screen.getByRole('navigation', { name: 'Threads' })).toBeInTheDocument();
    // The list is on its way: it does not claim there are no threads.
    expect(screen.queryByText('No threads yet.')).toBeNull();
    expect(screen.getByTestId('thread-list')).toHaveAttribute('aria-busy', 'true');

    fireEvent.change(box, { target: { value: 'typed before the list came' } });
    await act(async () => release());
    await screen.findByText('Yesterday’s thread');
    expect(screen.getByTestId('thread-list')).not.toHaveAttribute('aria-busy');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('typed before the list came'),
    );
  });

  it('reads no layout in its first render: a forced layout there delays the first screen', () => {
    // What a virtualizer reads of its scroller when it mounts (clientWidth/clientHeight): in a browser, each read
    // in a commit lays out the whole page before the composer can show.
    const proto = HTMLElement.prototype;
    const before = ['clientWidth', 'clientHeight'].map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)] as const);
    const reads: string[] = [];
    for (const [key, d] of before) {
      Object.defineProperty(proto, key, {
        configurable: true,
        get(this: HTMLElement) {
          reads.push(`${this.className}.${key}`);
          return d?.get?.call(this) as number;
        },
      });
    }
    try {
      renderApp({ host: slowHost().host });
      expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
      expect(reads).toEqual([]);
    } finally {
      for (const [key, d] of before) {
        if (d) Object.defineProperty(proto, key, d);
        else Reflect.deleteProperty(proto, key);
      }
    }
  });

  it('says the list is empty once the host answered with no threads', async () => {
    const host = createFakeHost();
    renderApp({ host });
    expect(await screen.findByText('No threads yet.')).toBeInTheDocument();
  });
});
