import type { FaqGroup } from '@swx/contract';
import { Accordion } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons';
import { useInternalLinks } from './use-internal-links';

/** FAQ entries grouped by category; each question opens its answer (server-sanitised HTML). */
export function FaqGroups({ groups }: { groups: readonly FaqGroup[] }) {
  const { t } = useTranslation('help');
  const onClick = useInternalLinks();
  return (
    <div className="flex flex-col gap-8">
      {groups.map((group) => (
        <section
          key={group.category}
          aria-labelledby={`faq-${group.category}`}
          data-faq-group={group.category}
          className="scroll-mt-24"
        >
          <h2 id={`faq-${group.category}`} className="mb-3 text-lg font-semibold">
            {t(`categories.${group.category}`)}
          </h2>
          <Accordion.Root
            type="multiple"
            className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
          >
            {group.items.map((item) => (
              <Accordion.Item key={item.id} value={String(item.id)} data-faq-item={item.id}>
                <Accordion.Header asChild>
                  <h3>
                    <Accordion.Trigger className="group flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-start font-medium text-fg hover:bg-subtle">
                      <span>{item.title}</span>
                      <Icon
                        name="chevronDown"
                        className="size-5 text-muted transition-transform group-data-[state=open]:rotate-180"
                      />
                    </Accordion.Trigger>
                  </h3>
                </Accordion.Header>
                <Accordion.Content className="px-4 pb-4">
                  <div
                    className="prose-content text-sm text-fg"
                    onClick={onClick}
                    // The server sanitises FAQ bodies to a small tag whitelist (contract: body).
                    dangerouslySetInnerHTML={{ __html: item.body }}
                  />
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </section>
      ))}
    </div>
  );
}
