import { type ReactNode, useId } from 'react';

/** A titled card of label/value pairs. */
export function FactCard({
  title,
  facts,
}: {
  title: string;
  facts: readonly { label: string; value: ReactNode; testId?: string }[];
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-surface p-4">
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      <dl className="mt-3 grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
        {facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-muted">{fact.label}</dt>
            <dd className="min-w-0 break-words" data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
