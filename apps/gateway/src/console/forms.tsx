/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { Child, FC } from 'hono/jsx';

/** A message about one field of a form: the field's `id` (the summary links to it) and the text. */
export interface FieldError {
  readonly field: string;
  readonly text: string;
}

/**
 * The error summary at the top of a form (GOV.UK style): a heading and a link to each field in error.
 * Focused by the page's `autofocus` order: it comes first, with `tabindex=-1` and `role=alert`.
 */
export const ErrorSummary: FC<{ errors: readonly FieldError[] }> = ({ errors }) =>
  errors.length === 0 ? null : (
    <div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex={-1}>
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        {errors.map((e) => (
          <li>
            <a href={`#${e.field}`}>{e.text}</a>
          </li>
        ))}
      </ul>
    </div>
  );

/** The error of `field` among `errors`, if any. */
export function errorOf(errors: readonly FieldError[], field: string): string | undefined {
  return errors.find((e) => e.field === field)?.text;
}

export interface TextFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: Child;
  readonly value?: string | null;
  readonly hint?: Child;
  readonly error?: string | undefined;
  readonly type?: 'text' | 'password' | 'email' | 'url' | 'date' | 'search' | 'number';
  readonly autocomplete?: string;
  readonly required?: boolean;
  readonly multiline?: boolean;
}

/** A labelled field with its hint and its error message beside it (`aria-describedby` names both). */
export const TextField: FC<TextFieldProps> = ({
  id,
  name,
  label,
  value,
  hint,
  error,
  type = 'text',
  autocomplete,
  required,
  multiline,
}) => {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' field-error' : ''}`}>
      <label for={id}>{label}</label>
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="error-message" id={`${id}-error`}>
          <span class="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {multiline ? (
        <textarea id={id} name={name} aria-describedby={described} aria-invalid={error ? 'true' : undefined} rows={4}>
          {value ?? ''}
        </textarea>
      ) : (
        <input
          type={type}
          id={id}
          name={name}
          value={type === 'password' ? '' : (value ?? '')}
          autocomplete={autocomplete}
          required={required}
          aria-describedby={described}
          aria-invalid={error ? 'true' : undefined}
          spellcheck={type === 'text' ? false : undefined}
        />
      )}
    </div>
  );
};

/** A form field's value as a trimmed string ('' when absent or a file). */
export function field(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0].trim() : '';
  return typeof v === 'string' ? v.trim() : '';
}

/** A list typed one per line or separated by commas or spaces, without empty items or repeats. */
export function listField(body: Record<string, unknown>, name: string): string[] {
  return [
    ...new Set(
      field(body, name)
        .split(/[\s,]+/)
        .filter((s) => s.length > 0),
    ),
  ];
}

/** A form field's value exactly as sent (passwords: spaces count). */
export function rawField(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  return typeof v === 'string' ? v : '';
}
