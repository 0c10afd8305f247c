/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * Pieces the dashboard, create and identifier pages share: field ids, the metadata fieldsets of each
 * profile and the status fields (a label, hint and message beside every field, `aria-describedby`), the
 * identifier page's path, the demo notice and the script that shows times in the reader's locale.
 */
import type { MiddlewareHandler } from 'hono';
import { raw } from 'hono/html';
import type { Child, FC } from 'hono/jsx';
import type { DemoPolicy } from '../demo/index.ts';
import { demoExpiry, isDemo } from '../demo/index.ts';
import type { ConsoleEnv } from './env.ts';
import type { FieldError as SummaryError } from './forms.tsx';
import { TextField } from './forms.tsx';
import {
  type FieldError,
  METADATA_PROFILES,
  type MetadataProfile,
  PROFILE_FIELDS,
  PROFILE_LABELS,
} from './profiles.ts';
import { Time } from './shell.tsx';
import { errorFor } from './validation.ts';

/** The `id` of the input for a form field name (`erc.who` → `f-erc-who`): no dots, so `#id` links and selectors work. */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** Field messages as the error summary lists them: a link to each field. */
export function summaryOf(errors: readonly FieldError[]): SummaryError[] {
  return errors.map((e) => ({ field: e.field === '' ? 'main' : fieldId(e.field), text: e.message }));
}

/**
 * The path of an identifier's console page below `base`: the key as it is, each character that would end
 * or change a path (`?`, `#`, `%`, white space, controls, non-ASCII) percent-encoded.
 */
export function identifierPath(base: string, key: string): string {
  return `${base}id/${encodeURI(key).replace(/[?#]/g, (c) => encodeURIComponent(c))}`;
}

/** The key in an identifier page's path (what follows `/id/`), decoded; null when the escapes are malformed. */
export function keyFromPath(rest: string): string | null {
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/** A choice among radio buttons, in a fieldset whose legend is the label, with a hint and a message. */
export const RadioGroup: FC<{
  name: string;
  legend: Child;
  options: readonly { value: string; label: Child }[];
  value: string;
  hint?: Child;
  error?: string | undefined;
}> = ({ name, legend, options, value, hint, error }) => {
  const id = fieldId(name);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset class={`field${error ? ' field-error' : ''}`} aria-describedby={described} id={id}>
      <legend>{legend}</legend>
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
      {options.map((o) => (
        <div class="choice">
          <input type="radio" id={`${id}-${o.value}`} name={name} value={o.value} checked={o.value === value} />{' '}
          <label for={`${id}-${o.value}`}>{o.label}</label>
        </div>
      ))}
    </fieldset>
  );
};

/** A text field for a form field name, with its message from `errors`. */
export const Field: FC<{
  name: string;
  label: Child;
  values: Readonly<Record<string, string>>;
  errors: readonly FieldError[];
  hint?: Child;
  type?: 'text' | 'url';
  required?: boolean;
  multiline?: boolean;
}> = ({ name, label, values, errors, hint, type = 'text', required, multiline }) => (
  <TextField
    id={fieldId(name)}
    name={name}
    label={label}
    value={values[name] ?? ''}
    hint={hint}
    error={errorFor(errors, name)}
    type={type}
    required={required}
    multiline={multiline}
  />
);

/** The list of suggested values of a field (`<datalist>`). */
const Suggestions: FC<{ id: string; values: readonly string[] }> = ({ id, values }) => (
  <datalist id={id}>
    {values.map((v) => (
      <option value={v} />
    ))}
  </datalist>
);

/** The fields of one profile, in a fieldset with its name as the legend (required fields say so). */
export const ProfileFieldset: FC<{
  profile: MetadataProfile;
  values: Readonly<Record<string, string>>;
  errors: readonly FieldError[];
}> = ({ profile, values, errors }) => (
  <fieldset class="profile" data-profile={profile} id={`profile-${profile}`}>
    <legend>{PROFILE_LABELS[profile]}</legend>
    {PROFILE_FIELDS[profile].map((f) => {
      const id = fieldId(f.name);
      const error = errorFor(errors, f.name);
      const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
      return (
        <div class={`field${error ? ' field-error' : ''}`}>
          <label for={id}>
            {f.label}
            {f.required ? ' (required)' : ''} <code class="element">{f.name}</code>
          </label>
          <p class="hint" id={`${id}-hint`}>
            {f.hint}
          </p>
          {error ? (
            <p class="error-message" id={`${id}-error`}>
              <span class="visually-hidden">Error: </span>
              {error}
            </p>
          ) : null}
          <input
            type="text"
            id={id}
            name={f.name}
            value={values[f.name] ?? ''}
            aria-describedby={described}
            aria-invalid={error ? 'true' : undefined}
            list={f.suggestions ? `${id}-list` : undefined}
            inputmode={f.name === 'datacite.publicationyear' ? 'numeric' : undefined}
            spellcheck={false}
          />
          {f.suggestions ? <Suggestions id={`${id}-list`} values={f.suggestions} /> : null}
        </div>
      );
    })}
  </fieldset>
);

/**
 * The profile choice and every profile's fieldset. Without JavaScript all three are shown and only the
 * chosen one is read; the script hides the others and shows the one chosen.
 */
export const ProfileChoice: FC<{
  profile: MetadataProfile;
  values: Readonly<Record<string, string>>;
  errors: readonly FieldError[];
}> = ({ profile, values, errors }) => (
  <>
    <RadioGroup
      name="profile"
      legend="Metadata profile"
      hint="Fill in the fields of the profile you choose; the others are ignored."
      options={METADATA_PROFILES.map((p) => ({ value: p, label: PROFILE_LABELS[p] }))}
      value={profile}
      error={errorFor(errors, 'profile')}
    />
    {METADATA_PROFILES.map((p) => (
      <ProfileFieldset profile={p} values={values} errors={errors} />
    ))}
  </>
);

/** Status and the reason of an unavailable identifier. */
export const StatusFields: FC<{
  values: Readonly<Record<string, string>>;
  errors: readonly FieldError[];
  /** Offer `reserved` (not once an identifier was made public). */
  reserved: boolean;
}> = ({ values, errors, reserved }) => (
  <>
    <RadioGroup
      name="status"
      legend="Status"
      hint="Public identifiers resolve. Reserved ones are known to you only (404 to everyone else), and can be made public later. Unavailable ones answer 410 Gone with their metadata."
      options={[
        { value: 'public', label: 'Public' },
        ...(reserved ? [{ value: 'reserved', label: 'Reserved' }] : []),
        { value: 'unavailable', label: 'Unavailable' },
      ]}
      value={values['status'] ?? 'public'}
      error={errorFor(errors, 'status')}
    />
    <Field
      name="reason"
      label="Reason it is unavailable (optional)"
      hint="Only for unavailable identifiers, e.g. withdrawn by the author"
      values={values}
      errors={errors}
    />
  </>
);

/**
 * Shows the profile chosen and hides the others (the shell's console.js writes the times in the reader's
 * locale). Inline and small; without it every profile's fields are shown and the form works the same.
 */
export const PageScript: FC = () => (
  <script>
    {raw(`(()=>{const radios=document.querySelectorAll('input[name=profile]');const show=()=>{const v=[...radios].find(r=>r.checked)?.value;
for(const s of document.querySelectorAll('fieldset.profile'))s.hidden=s.dataset.profile!==v;};
for(const r of radios)r.addEventListener('change',show);if(radios.length)show();})();`)}
  </script>
);

/** The demo notice of a page about one identifier, or null when it is no demo identifier. */
export const DemoNote: FC<{ policy: DemoPolicy; identifier: string; createdAt: string }> = ({
  policy,
  identifier,
  createdAt,
}) =>
  isDemo(policy, identifier) ? (
    <p class="demo-note" role="note">
      <strong>Demo identifier:</strong> expires on <Time iso={demoExpiry(policy, createdAt)} />, when it is deleted.
    </p>
  ) : null;

/** The banner every console page shows when the instance has test shoulders. */
export const DemoBanner: FC<{ policy: DemoPolicy }> = ({ policy }) =>
  policy.prefixes.length === 0 ? null : (
    <>
      <strong>Demo identifiers:</strong> identifiers under{' '}
      {policy.prefixes.map((p, i) => (
        <>
          {i > 0 ? ', ' : ''}
          <code>{p}</code>
        </>
      ))}{' '}
      are for trying things out and are deleted {policy.expiryDays} days after they are made.
    </>
  );

/** Middleware: every console page shows the demo banner when the instance has test shoulders. */
export function demoBanner(policy: DemoPolicy): MiddlewareHandler<ConsoleEnv> {
  const banner = policy.prefixes.length > 0 ? <DemoBanner policy={policy} /> : undefined;
  return async (c, next) => {
    if (banner) c.set('banner', banner);
    await next();
  };
}
