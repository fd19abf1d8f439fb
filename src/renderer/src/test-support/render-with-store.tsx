import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { setApiForTests } from '../api';
import { createDeskStore } from '../store/desk-store';
import { DeskStoreProvider } from '../store/store-context';
import { createFakeHost, type FakeHost } from './fake-api';

/** Render one component with a store and a fake host (cards, without the whole app). */
export function renderWithStore(ui: ReactNode, opts: { host?: FakeHost } = {}) {
  const host = opts.host ?? createFakeHost();
  setApiForTests(host.api);
  const store = createDeskStore();
  const view = render(<DeskStoreProvider store={store}>{ui}</DeskStoreProvider>);
  return { host, store, ...view };
}
