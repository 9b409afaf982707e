import type { ReactNode } from 'react';
import { t } from '../../../i18n/translate';
import { ThemeToggle } from '../../../shared/ui/theme-toggle';

/** The signed-out frame: brand, one card, the theme switch. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3">
        <span className="flex items-baseline gap-1.5 font-semibold tracking-tight">
          {t('app.brand')}
          <span className="text-xs font-normal text-muted">{t('app.backOffice')}</span>
        </span>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-10 sm:items-center">
        <section className="w-full max-w-md rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
          <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
          {description ? <div className="mt-1 text-sm text-muted">{description}</div> : null}
          <div className="mt-5">{children}</div>
        </section>
      </main>
    </div>
  );
}
