/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * Create (`/console/create`): the simple form (a shoulder the user may mint on, a target, ERC who/what/when)
 * that mints the next identifier, and the advanced form (`/console/create/advanced`: a custom suffix or a
 * whole identifier, the status with its reason, and the metadata of the profile chosen, ERC, Dublin Core or
 * DataCite). Both work without JavaScript; a failed submission shows the form again with the values kept,
 * an error summary at the top and each message beside its field. A success goes to the identifier's page.
 */
import {
  type BindingInput,
  mayCreate,
  ownerGroupFor,
  type Principal,
  type Shoulder,
  type Store,
  shoulderGroupOf,
} from '@pidgate/store';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { FC } from 'hono/jsx';
import { mint } from '../admin/index.ts';
import type { AppDeps } from '../deps.ts';
import { storageKey } from '../resolution/index.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { ErrorSummary } from './forms.tsx';
import {
  Field,
  fieldId,
  identifierPath,
  PageScript,
  ProfileChoice,
  RadioGroup,
  StatusFields,
  summaryOf,
} from './parts.tsx';
import type { FieldError, MetadataProfile } from './profiles.ts';
import { consolePage } from './shell.tsx';
import { type AdvancedCreate, checkAdvancedCreate, checkSimpleCreate, errorFor, formValues } from './validation.ts';

/** The shoulders `p` may mint on, in key order. */
export async function mintableShoulders(store: Store, p: Principal): Promise<Shoulder[]> {
  const list = await store.listShoulders();
  if (!list.ok) return [];
  return list.value.filter((s) => mayCreate(p, s.key, s.group)).sort((a, b) => (a.key < b.key ? -1 : 1));
}

const ShoulderSelect: FC<{ shoulders: readonly Shoulder[]; value: string; errors: readonly FieldError[] }> = ({
  shoulders,
  value,
  errors,
}) => {
  const error = errorFor(errors, 'shoulder');
  const id = fieldId('shoulder');
  return (
    <div class={`field${error ? ' field-error' : ''}`}>
      <label for={id}>Shoulder</label>
      <p class="hint" id={`${id}-hint`}>
        The prefix the new identifier starts with. You may mint on these.
      </p>
      {error ? (
        <p class="error-message" id={`${id}-error`}>
          <span class="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <select
        id={id}
        name="shoulder"
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? 'true' : undefined}
      >
        {shoulders.map((s) => (
          <option value={s.key} selected={s.key === value}>
            {s.key}
            {s.group ? ` (group ${s.group})` : ''}
          </option>
        ))}
      </select>
    </div>
  );
};

const NoShoulder: FC<{ base: string }> = ({ base }) => (
  <p class="flash flash-error">
    You may not mint on any shoulder yet. An administrator can add you to a group that has one (
    <a href={`${base}account`}>your account</a> lists your groups).
  </p>
);

const SimpleForm: FC<{
  base: string;
  csrf: string;
  shoulders: readonly Shoulder[];
  values: Readonly<Record<string, string>>;
  errors: readonly FieldError[];
}> = ({ base, csrf, shoulders, values, errors }) => (
  <form method="post" action={`${base}create`} novalidate>
    <CsrfField token={csrf} />
    <ErrorSummary errors={summaryOf(errors)} />
    <ShoulderSelect shoulders={shoulders} value={values['shoulder'] ?? shoulders[0]?.key ?? ''} errors={errors} />
    <Field
      name="target"
      label="Target URL"
      hint="Where the identifier sends people, e.g. https://example.org/item/1"
      type="url"
      values={values}
      errors={errors}
    />
    <Field
      name="erc.who"
      label="Who (optional)"
      hint="Who made it, e.g. Miller, Elizabeth"
      values={values}
      errors={errors}
    />
    <Field name="erc.what" label="What (optional)" hint="A title, e.g. Field notes" values={values} errors={errors} />
    <Field name="erc.when" label="When (optional)" hint="A date, e.g. 1932" values={values} errors={errors} />
    <button type="submit">Create identifier</button>
  </form>
);

const AdvancedForm: FC<{
  base: string;
  csrf: string;
  shoulders: readonly Shoulder[];
  values: Readonly<Record<string, string>>;
  errors: readonly FieldError[];
}> = ({ base, csrf, shoulders, values, errors }) => (
  <form method="post" action={`${base}create/advanced`} novalidate>
    <CsrfField token={csrf} />
    <ErrorSummary errors={summaryOf(errors)} />
    <RadioGroup
      name="naming"
      legend="Identifier"
      options={[
        { value: 'mint', label: 'Mint the next identifier on the shoulder' },
        { value: 'suffix', label: 'The shoulder followed by a suffix of my choice' },
        { value: 'identifier', label: 'A whole identifier I write (under one of my shoulders)' },
      ]}
      value={values['naming'] ?? 'mint'}
      error={errorFor(errors, 'naming')}
    />
    <ShoulderSelect shoulders={shoulders} value={values['shoulder'] ?? shoulders[0]?.key ?? ''} errors={errors} />
    <Field name="suffix" label="Suffix" hint="Added after the shoulder, e.g. book1" values={values} errors={errors} />
    <Field
      name="identifier"
      label="Whole identifier"
      hint={`e.g. ${shoulders[0]?.key ?? 'ark:/99999/fk4'}example`}
      values={values}
      errors={errors}
    />
    <Field
      name="target"
      label="Target URL"
      hint="Where the identifier sends people, e.g. https://example.org/item/1"
      type="url"
      values={values}
      errors={errors}
    />
    <StatusFields values={values} errors={errors} reserved={true} />
    <ProfileChoice profile={(values['profile'] as MetadataProfile) ?? 'erc'} values={values} errors={errors} />
    <button type="submit">Create identifier</button>
  </form>
);

type Outcome = { ok: true; key: string } | { ok: false; errors: FieldError[] };

/** What the store's answer to a create means for the form. */
function createFailure(code: string, field: string, key: string): FieldError {
  switch (code) {
    case 'conflict':
      return { field, code: 'exists', message: `${key} already exists: choose another` };
    case 'tombstoned':
      return { field, code: 'deleted', message: `${key} was deleted and is never bound again: choose another` };
    case 'not-owner':
      return { field, code, message: `You may not create ${key}: its shoulder belongs to a group you are not in` };
    case 'mint-exhausted':
      return { field: 'shoulder', code, message: 'This shoulder has no identifiers left to mint' };
    default:
      return { field: '', code, message: `The identifier could not be created (${code}). Try again.` };
  }
}

/** Bind `key` for `p` (never over an existing one). */
async function bindNew(
  store: Store,
  p: Principal,
  key: string,
  shoulders: readonly Shoulder[],
  input: Omit<BindingInput, 'owner' | 'ownerGroup'>,
  field: string,
): Promise<Outcome> {
  const group = ownerGroupFor(
    p,
    shoulderGroupOf(
      shoulders.map((s) => ({ key: s.key, group: s.group })),
      key,
    ),
  );
  const put = await store.putBinding(key, { ...input, owner: p.username, ownerGroup: group }, p.username, {
    ifAbsent: true,
    acting: { principal: p },
  });
  if (!put.ok) return { ok: false, errors: [createFailure(put.error.code, field, key)] };
  return { ok: true, key };
}

/** The key the advanced form names, checked against the shoulders the user may mint on. */
function namedKey(deps: AppDeps, form: AdvancedCreate, shoulders: readonly Shoulder[]): { key: string } | FieldError {
  const naming = form.naming;
  const written =
    naming.kind === 'suffix'
      ? `${naming.shoulder}${naming.suffix}`
      : naming.kind === 'identifier'
        ? naming.identifier
        : '';
  const field = naming.kind === 'suffix' ? 'suffix' : 'identifier';
  const parsed = deps.registry.parse(written, deps.config.profile);
  if (!parsed.ok) {
    return {
      field,
      code: 'invalid-identifier',
      message: `${written} is not a valid identifier: ${parsed.error.message}`,
    };
  }
  const key = storageKey(parsed.value, deps.registry);
  if (!shoulders.some((s) => key.startsWith(s.key) && key.length > s.key.length)) {
    return {
      field,
      code: 'not-your-shoulder',
      message: `The identifier must start with one of your shoulders (${shoulders.map((s) => s.key).join(', ')}) and go on after it`,
    };
  }
  return { key };
}

async function createAdvanced(
  deps: AppDeps,
  store: Store,
  p: Principal,
  form: AdvancedCreate,
  shoulders: readonly Shoulder[],
): Promise<Outcome> {
  const input = {
    target: form.target,
    identifierStatus: form.status,
    statusReason: form.reason,
    erc: form.meta.erc,
    metadata: form.meta.metadata,
  };
  if (form.naming.kind === 'mint') {
    const minted = await mint(store, deps.registry, deps.config.profile, form.naming.shoulder, 1);
    if (!minted.ok) return { ok: false, errors: [createFailure(minted.error.code, 'shoulder', form.naming.shoulder)] };
    return bindNew(store, p, minted.value[0] as string, shoulders, input, 'shoulder');
  }
  const named = namedKey(deps, form, shoulders);
  if (!('key' in named)) return { ok: false, errors: [named] };
  return bindNew(store, p, named.key, shoulders, input, form.naming.kind === 'suffix' ? 'suffix' : 'identifier');
}

/** The create pages, mounted by the console's door. */
export function createPages(deps: AppDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  const page = (
    c: Context<ConsoleEnv>,
    kind: 'simple' | 'advanced',
    shoulders: readonly Shoulder[],
    values: Readonly<Record<string, string>>,
    errors: readonly FieldError[],
  ) => {
    const base = c.get('base');
    const csrf = c.get('session').csrf;
    const other =
      kind === 'simple' ? (
        <p>
          Need a suffix of your own, a reserved identifier or Dublin Core or DataCite metadata? Use the{' '}
          <a href={`${base}create/advanced`}>advanced form</a>.
        </p>
      ) : (
        <p>
          Just a target and who/what/when? Use the <a href={`${base}create`}>simple form</a>.
        </p>
      );
    const body = (
      <>
        {other}
        {shoulders.length === 0 ? (
          <NoShoulder base={base} />
        ) : kind === 'simple' ? (
          <SimpleForm base={base} csrf={csrf} shoulders={shoulders} values={values} errors={errors} />
        ) : (
          <AdvancedForm base={base} csrf={csrf} shoulders={shoulders} values={values} errors={errors} />
        )}
        <PageScript />
      </>
    );
    return consolePage(
      c,
      {
        title: kind === 'simple' ? 'Create an identifier' : 'Create an identifier: advanced',
        current: 'create',
      },
      body,
      errors.length > 0 ? 400 : 200,
    );
  };

  app.get('/create', async (c) =>
    page(c, 'simple', await mintableShoulders(c.get('store'), c.get('principal')), {}, []),
  );
  app.get('/create/advanced', async (c) =>
    page(c, 'advanced', await mintableShoulders(c.get('store'), c.get('principal')), {}, []),
  );

  const done = (c: Context<ConsoleEnv>, key: string) =>
    c.redirect(`${identifierPath(c.get('base'), key)}?created=1`, 303);

  app.post('/create', async (c) => {
    const store = c.get('store');
    const p = c.get('principal');
    const values = formValues(await c.req.parseBody());
    const shoulders = await mintableShoulders(store, p);
    const form = checkSimpleCreate(
      values,
      shoulders.map((s) => s.key),
    );
    if (!form.ok) return page(c, 'simple', shoulders, values, form.errors);
    const minted = await mint(store, deps.registry, deps.config.profile, form.value.shoulder, 1);
    if (!minted.ok) {
      return page(c, 'simple', shoulders, values, [createFailure(minted.error.code, 'shoulder', form.value.shoulder)]);
    }
    const made = await bindNew(
      store,
      p,
      minted.value[0] as string,
      shoulders,
      { target: form.value.target, erc: form.value.erc, metadata: { _profile: 'erc' } },
      'shoulder',
    );
    return made.ok ? done(c, made.key) : page(c, 'simple', shoulders, values, made.errors);
  });

  app.post('/create/advanced', async (c) => {
    const store = c.get('store');
    const p = c.get('principal');
    const values = formValues(await c.req.parseBody());
    const shoulders = await mintableShoulders(store, p);
    const form = checkAdvancedCreate(
      values,
      shoulders.map((s) => s.key),
    );
    if (!form.ok) return page(c, 'advanced', shoulders, values, form.errors);
    const made = await createAdvanced(deps, store, p, form.value, shoulders);
    return made.ok ? done(c, made.key) : page(c, 'advanced', shoulders, values, made.errors);
  });

  return app;
}
