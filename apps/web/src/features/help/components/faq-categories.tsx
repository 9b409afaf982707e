import { FaqCategory } from '@swx/contract';
import type { IconName } from '../../../shared/ui/icons';

/** The contract's FAQ categories in display order, each with its icon. */
export const FAQ_CATEGORIES: readonly { id: FaqCategory; icon: IconName }[] = [
  { id: 'account', icon: 'profile' },
  { id: 'security', icon: 'shield' },
  { id: 'funding', icon: 'wallet' },
  { id: 'trading', icon: 'market' },
  { id: 'earn_loans', icon: 'loan' },
  { id: 'demo', icon: 'trading' },
];

export function parseCategory(value: string | null): FaqCategory | null {
  const parsed = FaqCategory.safeParse(value);
  return parsed.success ? parsed.data : null;
}
