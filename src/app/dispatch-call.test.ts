import { describe, expect, it } from 'vitest';
import type { DeskHandlers } from '../shared/contract';
import { dispatchCall } from './dispatch-call';

describe('dispatchCall (Electron IPC and browser mode)', () => {
  const renamed: unknown[] = [];
  const handlers = {
    renameThread: async (input: unknown) => {
      renamed.push(input);
      return null;
    },
  } as Partial<DeskHandlers> as DeskHandlers; // only the verb under test

  it('refuses a name that is not a contract call', async () => {
    await expect(dispatchCall(handlers, 'constructor', {})).rejects.toThrow('Unknown call: constructor');
  });

  it('refuses input its schema rejects, with a sentence naming the call, and calls nothing', async () => {
    await expect(dispatchCall(handlers, 'renameThread', { threadId: 't', title: '' })).rejects.toThrow(
      /Invalid input for renameThread/,
    );
    expect(renamed).toEqual([]);
  });

  it('hands valid input to its handler', async () => {
    await expect(dispatchCall(handlers, 'renameThread', { threadId: 't', title: 'Plans' })).resolves.toBeNull();
    expect(renamed).toEqual([{ threadId: 't', title: 'Plans' }]);
  });
});
