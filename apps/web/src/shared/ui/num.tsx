import type { ReactNode } from 'react';

/**
 * A number, amount, code or date inside running text: tabular figures, and isolated left to right
 * so "−1.23 %" or "BTC/USDT" never reorders inside Arabic sentences.
 */
export function Num({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={`tabular ${className}`}>
      {children}
    </bdi>
  );
}
