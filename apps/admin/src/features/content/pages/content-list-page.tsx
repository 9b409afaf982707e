import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { Button } from '../../../shared/ui/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { ContentTable } from '../components/content-table';
import { CreateContentDialog } from '../components/create-content-dialog';
import { CONTENT_KINDS, type ContentKindValue, kindTab } from '../content.model';

function isKind(value: string | null): value is ContentKindValue {
  return (CONTENT_KINDS as readonly (string | null)[]).includes(value);
}

export function ContentListPage() {
  useDocumentTitle(t('nav.content'));
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const requested = search.get('kind');
  const kind: ContentKindValue = isKind(requested) ? requested : 'page';
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title={t('nav.content')}
        description={t('content.description')}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('content.create.open')}
          </Button>
        }
      />
      <Tabs.Root
        value={kind}
        onValueChange={(value) =>
          setSearch(value === 'page' ? {} : { kind: value }, { replace: true })
        }
        activationMode="manual"
      >
        <Tabs.List
          aria-label={t('content.tabsLabel')}
          className="mb-3 flex gap-1 border-b border-line"
        >
          {CONTENT_KINDS.map((k) => (
            <Tabs.Trigger
              key={k}
              value={k}
              className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg"
            >
              {t(kindTab(k))}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {CONTENT_KINDS.map((k) => (
          <Tabs.Content key={k} value={k} className="outline-none">
            <ContentTable kind={k} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {creating ? (
        <CreateContentDialog
          initialKind={kind}
          onClose={() => setCreating(false)}
          onCreated={(id) => void navigate(`/content/${id}`)}
        />
      ) : null}
    </>
  );
}
