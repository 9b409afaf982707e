import { listContents, type ContentSummary, type ContentType } from '@swx/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { detailHref, paths } from '../../shared/navigation/paths';
import { useRouteAvailable } from '../../shared/navigation/route-availability';

interface FooterLink {
  key: string;
  label: string;
  to: string;
}

function usePages(type: ContentType): readonly ContentSummary[] {
  const query = useApiQuery(
    `listContents/${type}`,
    (signal) => api.call(listContents, { params: { type } }, { signal }),
    { silent: true },
  );
  return query.data ?? [];
}

function pageLinks(pages: readonly ContentSummary[]): FooterLink[] {
  return pages.map((page) => ({
    key: `page-${page.id}`,
    label: page.title,
    to: detailHref(page.id, page.title),
  }));
}

/**
 * Footer groups of spec §2: company (type-1 pages, help centre, online support), statements
 * (type 3), policy (type 2), product (features that exist). Empty groups are left out; the
 * content pages come from the server in the reader's language.
 */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const available = useRouteAvailable();
  const company = usePages(1);
  const policy = usePages(2);
  const statements = usePages(3);

  const optional = (path: string, label: string): FooterLink[] =>
    available(path) ? [{ key: path, label, to: path }] : [];

  const groups: { id: string; title: string; links: FooterLink[] }[] = [
    {
      id: 'company',
      title: t('footer.company'),
      links: [
        ...pageLinks(company),
        ...optional(paths.help, t('footer.helpCentre')),
        ...optional(paths.support, t('footer.onlineSupport')),
      ],
    },
    { id: 'statements', title: t('footer.statements'), links: pageLinks(statements) },
    { id: 'policy', title: t('footer.policy'), links: pageLinks(policy) },
    {
      id: 'product',
      title: t('footer.product'),
      links: [
        ...optional(paths.market, t('footer.market')),
        ...optional(paths.loan, t('footer.investmentLoan')),
        ...optional(paths.nfts, t('footer.charityNft')),
        ...optional(paths.trading, t('footer.smartTrading')),
      ],
    },
  ].filter((group) => group.links.length > 0);

  return (
    <footer
      className={`border-t border-line bg-surface ${compact ? 'text-xs' : 'text-sm'}`}
      aria-label={t('footer.label')}
    >
      <div
        className={`mx-auto w-full max-w-7xl px-4 ${compact ? 'py-6' : 'py-10 sm:px-6 lg:px-8'}`}
      >
        <div
          className={`grid gap-x-6 ${compact ? 'grid-cols-2 gap-y-5' : 'grid-cols-2 gap-y-8 md:grid-cols-4'}`}
        >
          {groups.map((group) => (
            <nav key={group.id} aria-labelledby={`footer-${group.id}`} data-footer-group={group.id}>
              <h2 id={`footer-${group.id}`} className="mb-2 font-semibold text-fg">
                {group.title}
              </h2>
              <ul className={compact ? 'space-y-0.5' : 'space-y-1'}>
                {group.links.map((link) => (
                  <li key={link.key}>
                    <Link
                      to={link.to}
                      className="inline-flex min-h-8 items-center rounded text-muted hover:text-fg hover:underline pointer-coarse:min-h-11"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div
          className={`mt-8 flex flex-col gap-2 border-t border-line pt-6 text-muted ${compact ? '' : 'md:flex-row md:items-center md:justify-between'}`}
        >
          <p>{t('footer.riskNote')}</p>
          <p className="shrink-0">
            {t('footer.copyright', { year: String(new Date().getFullYear()) })}
          </p>
        </div>
      </div>
    </footer>
  );
}
