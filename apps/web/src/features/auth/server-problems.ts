import { ErrorReply, isErrorCode } from '@swx/contract';
import { ApiError } from '../../shared/api/api-error';
import type { AuthField, FieldProblems, Problem } from './auth-validation';

const FIELDS: ReadonlySet<string> = new Set<AuthField>([
  'account',
  'username',
  'email',
  'areaCode',
  'phone',
  'password',
  'confirmPassword',
  'code',
  'inviteCode',
]);

const FieldList = ErrorReply.shape.result.unwrap().shape.fields.unwrap();

/** The paths of a validation reply's `result.fields`; the form marks those fields. */
function rejectedPaths(error: ApiError): string[] {
  const parsed = FieldList.safeParse((error as { fields?: unknown }).fields);
  return parsed.success ? parsed.data.map((field) => field.path) : [];
}

/**
 * Which fields a failed call is about, so the message shows next to the field: catalogue codes
 * the form knows (`codeFields`, e.g. 10006 "username taken" -> username) with the catalogue's
 * message, and the fields of a validation reply. An empty result means "show it above the
 * button".
 */
export function serverFieldProblems(
  error: unknown,
  codeFields: Readonly<Partial<Record<number, AuthField>>>,
): FieldProblems {
  if (!(error instanceof ApiError) || error.kind !== 'http' || error.code === null) return {};
  const field = codeFields[error.code];
  if (field) return { [field]: { key: `errors:${error.code}` } };
  // A validation reply: 10100, or a catalogue code that a route gives its field (10001...).
  if (rejectedPaths(error).length > 0) {
    const problems: FieldProblems = {};
    for (const path of rejectedPaths(error)) {
      const name = path.split('.').at(-1) ?? '';
      if (FIELDS.has(name)) problems[name as AuthField] = { key: 'auth:validation.checkField' };
    }
    return problems;
  }
  return {};
}

/**
 * Any failure as a message key, for showing it next to the control that caused it (the send-code
 * button): the catalogue's code, or the texts for a timeout or a lost connection.
 */
export function problemOfError(error: unknown): Problem {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return { key: 'common:errors.timeout' };
    if (error.kind === 'network') return { key: 'common:errors.network' };
    if (error.kind === 'http' && error.code !== null && isErrorCode(error.code)) {
      return { key: `errors:${error.code}`, values: { requestId: error.requestId ?? '—' } };
    }
  }
  return { key: 'errors:unknown' };
}

/**
 * A refused Google token (10120) or wallet signature (10121) comes with HTTP 401 (contract
 * errors.ts). The API client reads any 401 as "session over" before it looks at the body: it
 * clears the session, heads for the login page and reports code 401. For these sign-in calls
 * that 401 can only mean the refusal, so it is given its own code back.
 */
export function signInRefusal(error: unknown, code: 10120 | 10121): unknown {
  return error instanceof ApiError && error.kind === 'http' && error.code === 401
    ? new ApiError({ kind: 'http', code, status: 401 })
    : error;
}

/**
 * A validation reply (10100) to a request whose fields the form had all checked: the server's
 * own checks beyond the schemas are what is left, and for a sign-up with an invite code that is
 * the code naming no one (the API client does not pass on `result.fields` to say so).
 */
export function isInviteRefusal(error: unknown, inviteSent: boolean): boolean {
  return (
    inviteSent &&
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.code === 10100 &&
    rejectedPaths(error).every((path) => path.endsWith('inviteCode'))
  );
}
