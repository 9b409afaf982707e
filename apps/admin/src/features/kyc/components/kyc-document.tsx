import { t } from '../../../i18n/translate';
import { ADMIN_KYC_FILE_PATH } from '@swx/contract';
import { fillPath } from '../../../shared/api/request-url';
import { PrivateImage } from '../../../shared/ui/private-image';
import type { KycSlot } from '../kyc.rules';

const boxClass =
  'flex h-48 w-full flex-col items-center justify-center gap-2 rounded-md border border-line bg-raised p-3 text-center text-xs text-muted';

/** One slot of a submission: the image (click or Enter to enlarge), or why there is none. */
export function KycDocument({
  submissionId,
  slot,
  fileId,
}: {
  submissionId: number;
  slot: KycSlot;
  fileId: number | undefined;
}) {
  const label = t(`kyc.slot.${slot}`);
  return (
    <figure className="flex min-w-0 flex-col gap-1.5" data-slot={slot}>
      <figcaption className="text-xs font-semibold text-muted">{label}</figcaption>
      {fileId === undefined ? (
        <div className={`${boxClass} border-dashed`}>{t('kyc.slot.missing')}</div>
      ) : (
        <PrivateImage
          key={fileId}
          path={fillPath(ADMIN_KYC_FILE_PATH, { id: submissionId, fileId })}
          label={label}
          alt={t('kyc.image.alt', { slot: label, id: submissionId })}
          downloadName={`kyc-${submissionId}-${fileId}`}
        />
      )}
    </figure>
  );
}
