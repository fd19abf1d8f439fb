import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { DeskState } from './desk-state';
import type { DeskStore } from './desk-state';

const StoreContext = createContext<DeskStore | null>(null);

export function DeskStoreProvider({ store, children }: { store: DeskStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useDeskStore(): DeskStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useDesk needs a <DeskStoreProvider> above it');
  return store;
}

/** Subscribe to one slice of state; the component re-renders only when the selected value changes. */
export function useDesk<T>(selector: (state: DeskState) => T): T {
  return useStore(useDeskStore(), selector);
}
