import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../shared/i18n/language-picker';
import { useDeviceLayout } from '../../../shared/layout/device-context';
import { paths } from '../../../shared/navigation/paths';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { ThemeToggle } from '../../../shared/ui/theme-toggle';

/**
 * The frame of the sign-in pages, which have no app navigation: the brand (home), language and
 * theme, then the page's card. On phones the form fills the width; on desktop it sits in a
 * centred card.
 */
export function AuthShell({
  documentTitle,
  title,
  lead,
  children,
  footer,
}: {
  documentTitle: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card ("No account yet? Register"). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const device = useDeviceLayout();
  const mobile = device === 'mobile';
  return (
    <div className="flex flex-1 flex-col bg-canvas">
      <title>{documentTitle}</title>
      <div
        className={`mx-auto flex w-full items-center justify-between gap-2 px-3 pt-[max(0.5rem,env(safe-area-inset-top))] ${
          mobile ? '' : 'max-w-7xl sm:px-6 lg:px-8'
        }`}
      >
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg pe-1 text-lg font-bold tracking-tight text-fg"
          aria-label={t('brand.home')}
        >
          <BrandMark />
          <span dir="ltr">SWX</span>
        </Link>
        <div className="flex items-center">
          <LanguagePicker compact={mobile} />
          <ThemeToggle />
        </div>
      </div>
      <div
        className={
          mobile
            ? 'flex flex-1 flex-col px-4 pt-4 pb-[max(1.5rem,env(safe-area-inset-bottom))]'
            : 'flex flex-1 flex-col items-center px-4 py-10 sm:py-14'
        }
      >
        <div
          className={
            mobile
              ? 'flex w-full flex-col gap-6'
              : 'flex w-full max-w-md flex-col gap-6 rounded-2xl border border-line bg-surface p-8 shadow-sm'
          }
        >
          <header className="flex flex-col gap-1.5">
            <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
            {lead ? <p className="text-muted">{lead}</p> : null}
          </header>
          {children}
        </div>
        {footer ? (
          <div
            className={`mt-6 flex flex-col items-center gap-2 text-sm ${mobile ? '' : 'w-full max-w-md'}`}
          >
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** "Question? Link" under the card. */
export function ShellLink({
  question,
  to,
  children,
}: {
  question?: ReactNode;
  to: string;
  children: ReactNode;
}) {
  return (
    <p className="text-center text-muted">
      {question ? <>{question} </> : null}
      <Link
        to={to}
        className="inline-flex min-h-11 items-center font-medium text-link hover:underline"
      >
        {children}
      </Link>
    </p>
  );
}
