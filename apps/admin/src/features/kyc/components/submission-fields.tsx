import type { AdminKycDetail } from '@swx/contract';
import type { ReactNode } from 'react';
import { t } from '../../../i18n/translate';
import { TimeStamp } from '../../../shared/ui/time-stamp';

/** What the customer typed into the form, to compare against the document images. */
export function SubmissionFields({ submission }: { submission: AdminKycDetail }) {
  const fields: readonly { label: string; value: ReactNode }[] = [
    { label: t('kyc.field.firstName'), value: submission.firstName },
    { label: t('kyc.field.lastName'), value: submission.lastName },
    { label: t('kyc.field.sex'), value: t(`kyc.sex.${submission.sex}`) },
    {
      label: t('kyc.field.birthdate'),
      value: (
        <time dateTime={submission.birthdate} className="tabular-nums">
          {submission.birthdate}
        </time>
      ),
    },
    { label: t('kyc.field.country'), value: submission.country },
    { label: t('kyc.field.address'), value: submission.address },
    { label: t('kyc.field.phone'), value: <span dir="ltr">{submission.phone}</span> },
    {
      label: t('kyc.field.documentType'),
      value: t(`kyc.documentType.${submission.documentType}`),
    },
    { label: t('kyc.field.submitted'), value: <TimeStamp iso={submission.submittedAt} /> },
  ];
  return (
    <section
      aria-labelledby="kyc-fields-heading"
      className="rounded-lg border border-line bg-surface p-4"
    >
      <h2 id="kyc-fields-heading" className="text-sm font-semibold">
        {t('kyc.detail.fields')}
      </h2>
      <dl className="mt-3 grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
        {fields.map((field) => (
          <div key={field.label} className="contents">
            <dt className="text-muted">{field.label}</dt>
            <dd className="min-w-0 font-medium break-words">{field.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
