import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/navigation/paths';
import { Icon } from '../../../shared/ui/icons';

/** Title block of the account sub-pages, with the way back to the account home. */
export function ProfileHeading({
  title,
  lead,
  back = true,
  actions,
}: {
  title: ReactNode;
  lead?: ReactNode;
  back?: boolean;
  /** Buttons at the end of the title row ("mark all read"). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  return (
    <header className="flex flex-col gap-2">
      {back ? (
        <Link
          to={paths.profile}
          className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-link hover:underline"
        >
          <Icon name="chevronEnd" className="size-4 rotate-180" />
          {t('backToAccount')}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
        {actions}
      </div>
      {lead ? <p className="max-w-2xl text-muted">{lead}</p> : null}
    </header>
  );
}

/** The frame of every account page: width, padding and vertical rhythm. */
export function ProfileFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div
      className={`mx-auto flex w-full flex-col gap-6 px-4 py-6 sm:px-6 md:py-10 ${
        wide ? 'max-w-5xl' : 'max-w-3xl'
      }`}
    >
      {children}
    </div>
  );
}

/** A titled card section. */
export function Section({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-line bg-surface p-4 sm:p-5 ${className}`}
    >
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
