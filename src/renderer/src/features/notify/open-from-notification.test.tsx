import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { OPEN_THREAD_MESSAGE } from '../../store/notify-slice';

describe('a tapped notification opens its thread', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('opened at /#thread=<id>: that thread is shown and the fragment leaves the address bar', async () => {
    window.history.replaceState(null, '', '/#thread=th-2');
    const host = createFakeHost({ threads: [makeThread('th-1', 'First'), makeThread('th-2', 'Second')] });
    const { store } = renderApp({ host });
    await waitFor(() => expect(store.getState().activeThreadId).toBe('th-2'));
    expect(window.location.hash).toBe('');
  });

  it('an open page hears the service worker and shows the thread; other messages are ignored', async () => {
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    const host = createFakeHost({ threads: [makeThread('th-1', 'First'), makeThread('th-2', 'Second')] });
    const { store } = renderApp({ host });
    const post = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));
    await waitFor(() => expect(store.getState().threads.length).toBe(2));
    post({ type: 'something-else', threadId: 'th-1' });
    post({ type: OPEN_THREAD_MESSAGE, threadId: 42 });
    expect(store.getState().activeThreadId).not.toBe('th-1');
    post({ type: OPEN_THREAD_MESSAGE, threadId: 'th-1' });
    await waitFor(() => expect(store.getState().activeThreadId).toBe('th-1'));
  });
});
