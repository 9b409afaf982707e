import { type SystemParam, updateParam } from '@swx/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { controlClass } from '../../../shared/ui/field';
import { Td } from '../../../shared/ui/data-table';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { paramValueError, PARAM_VALUE_MAX } from '../params.rules';

/** One parameter, edited in place: the value cell becomes a small form. */
export function ParamRow({
  param,
  onSaved,
}: {
  param: SystemParam;
  onSaved: (param: SystemParam) => void;
}) {
  const [draft, setDraft] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const editing = draft !== undefined;
  const clientError = editing ? paramValueError(param.kind, draft) : undefined;
  const error = clientError ? t(clientError) : serverError;

  const stop = () => {
    setDraft(undefined);
    setServerError(undefined);
    // Back to where the user was, for keyboard users.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === undefined || clientError) return;
    if (draft === param.value) return stop();
    setPending(true);
    setServerError(undefined);
    try {
      const saved = await apiCall(updateParam, {
        params: { key: param.key },
        body: { value: draft },
        quiet: true,
      });
      onSaved(saved);
      toast.success(t('params.saved', { key: saved.key }));
      stop();
    } catch (failure) {
      setServerError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <tr className="hover:bg-raised/60" data-param={param.key}>
      <Td className="font-mono text-xs whitespace-nowrap">{param.key}</Td>
      <Td className="min-w-56 text-muted">{param.description}</Td>
      <Td className={editing ? 'min-w-96' : 'min-w-40'}>
        {editing ? (
          <form className="flex flex-col gap-1" noValidate onSubmit={(e) => void save(e)}>
            <label htmlFor={inputId} className="sr-only">
              {t('params.valueOf', { key: param.key })}
            </label>
            <div className="flex flex-wrap gap-1.5">
              <input
                id={inputId}
                autoFocus
                dir="ltr"
                spellCheck={false}
                maxLength={PARAM_VALUE_MAX}
                inputMode={
                  param.kind === 'decimal'
                    ? 'decimal'
                    : param.kind === 'integer'
                      ? 'numeric'
                      : undefined
                }
                type={param.kind === 'url' ? 'url' : 'text'}
                value={draft}
                placeholder={param.kind === 'url' ? t('params.urlPlaceholder') : undefined}
                onChange={(event) => {
                  // Only free text may carry spaces; for the other kinds they are typos.
                  const raw = event.target.value;
                  setDraft(param.kind === 'text' ? raw : raw.trim());
                  setServerError(undefined);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') stop();
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className={`${controlClass} min-w-48 flex-1 font-mono`}
              />
              <Button
                type="submit"
                size="sm"
                variant="primary"
                pending={pending}
                disabled={Boolean(clientError)}
              >
                {t('common.save')}
              </Button>
              <Button size="sm" onClick={stop}>
                {t('common.cancel')}
              </Button>
            </div>
            {error ? (
              <p id={`${inputId}-error`} className="text-xs font-medium text-danger" role="alert">
                {error}
              </p>
            ) : null}
          </form>
        ) : (
          <span className="font-mono text-sm break-all" dir="ltr">
            {param.value === '' ? (
              <span className="text-muted italic">{t('params.empty')}</span>
            ) : (
              param.value
            )}
          </span>
        )}
      </Td>
      <Td>
        <Badge>{t(`params.kind.${param.kind}`)}</Badge>
      </Td>
      <Td>
        <TimeStamp iso={param.updatedAt} />
      </Td>
      <Td>
        {editing ? null : (
          <Button
            ref={editButton}
            size="sm"
            onClick={() => setDraft(param.value)}
            aria-label={t('params.editKey', { key: param.key })}
          >
            {t('common.edit')}
          </Button>
        )}
      </Td>
    </tr>
  );
}
