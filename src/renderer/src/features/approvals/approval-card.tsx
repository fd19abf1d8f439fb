import { lazyPart } from '../../ui/lazy-part';
// The cards' styles stay with the first screen: the tool cards' proposed diffs use them too.
import './approvals.css';

/**
 * A permission prompt, a question or a plan to approve (approval-card-body.tsx and what it shows: ~18 KB) is its own
 * chunk: it appears only once a turn asks, so a new window's first screen does not wait for it. It is fetched after
 * the first paint; a prompt that arrives before that shows a frame or two later.
 */
export const ApprovalCardView = lazyPart(
  () => import('./approval-card-body'),
  (m) => m.ApprovalCardView,
);
