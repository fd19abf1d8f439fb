import { render } from '@testing-library/react';
import { setApiForTests } from '../api';
import { App } from '../App';
import { createDeskStore, type DeskStore } from '../store/desk-store';
import type { StoreDeps } from '../store/desk-state';
import { createFakeHost, type FakeHost } from './fake-api';
import { trackRendered } from './rendered-stores';

/** Render the whole app against a fake host; returns the host, the store and RTL's result. */
export function renderApp(opts: { host?: FakeHost; deps?: StoreDeps } = {}) {
  const host = opts.host ?? createFakeHost();
  setApiForTests(host.api);
  const store: DeskStore = createDeskStore(opts.deps);
  trackRendered(store);
  const view = render(<App store={store} api={host.api} />);
  return { host, store, ...view };
}
