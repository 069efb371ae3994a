import type { ComponentType } from 'react';
import type { DialogName } from '../shell/events.ts';
import type { HostedDialogProps } from '../../ui/Dialog.tsx';

export type DialogModule = { default: ComponentType<HostedDialogProps> };

/**
 * Each dialog is its own chunk, fetched the first time someone opens it: none of this code is in
 * the page until then. Every dialog name has its loader (the type makes sure of it).
 */
export const dialogLoaders: Record<DialogName, () => Promise<DialogModule>> = {
  'fee-calculator': () => import('../pricing/FeeCalculatorDialog.tsx'),
  'contractor-signup': () => import('../pricing/ContractorSignupDialog.tsx'),
  faq: () => import('./FaqDialog.tsx'),
  barter: () => import('./BarterDialog.tsx'),
  arbitration: () => import('./ArbitrationDialog.tsx'),
  'quality-evaluation': () => import('./QualityEvaluationDialog.tsx'),
  updates: () => import('../announcements/UpdatesDialog.tsx'),
  forum: () => import('../forum/ForumDialog.tsx'),
  contact: () => import('../contact/ContactDialog.tsx'),
  feedback: () => import('../feedback/FeedbackDialog.tsx'),
};
