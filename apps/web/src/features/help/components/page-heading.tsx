import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/navigation/paths';
import { Icon } from '../../../shared/ui/icons';

/** Title block of the help pages, with a way back to the help centre from the sub-pages. */
export function PageHeading({
  title,
  lead,
  back = true,
}: {
  title: ReactNode;
  lead?: ReactNode;
  back?: boolean;
}) {
  const { t } = useTranslation('help');
  return (
    <header className="flex flex-col gap-2">
      {back ? (
        <Link
          to={paths.help}
          className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-link hover:underline"
        >
          <Icon name="chevronEnd" className="size-4 rotate-180" />
          {t('backToHelp')}
        </Link>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      {lead ? <p className="max-w-2xl text-muted">{lead}</p> : null}
    </header>
  );
}
