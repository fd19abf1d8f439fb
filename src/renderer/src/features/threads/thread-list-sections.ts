import type { ComponentType } from 'react';
import { WaitingInbox } from '../waiting/waiting-inbox';

/**
 * Small sections stacked over the thread list in the Threads tab, in order (each renders nothing when
 * it has nothing to show). They stay put while the long, virtualized list scrolls under them.
 */
export const THREAD_LIST_SECTIONS: ComponentType[] = [WaitingInbox];
