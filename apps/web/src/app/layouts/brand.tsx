import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../shared/navigation/paths';
import { BrandMark } from '../../shared/ui/brand-mark';

/** The SWX mark and word, linking home. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.home}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg pe-1 font-bold tracking-tight text-fg"
      aria-label={t('brand.home')}
    >
      <BrandMark />
      {/* On phones the mark alone leaves room for the header's controls (language, theme, price
          colours, notifications, support, the demo badge or the login button). */}
      <span dir="ltr" className="text-lg max-[399px]:sr-only">
        SWX
      </span>
    </Link>
  );
}
