// A PUT of `/api/v1/bindings/{identifier}`: the subject of the path, then the body read by that subject's schema.
import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps.ts';
import { isJsonContentType, problem, problemJson } from '../http/index.ts';
import { BindingBody, PdiBindingBody } from './admin-schemas.ts';
import type { AuthEnv } from './auth.ts';
import {
  type ArkSubject,
  bindingTarget,
  identify,
  PDI_SERIES,
  type PdiSubject,
  type Refusal,
  refuse,
  type SeriesSubject,
  seriesSubject,
} from './binding-subject.ts';

export type PdiInput = z.infer<typeof PdiBindingBody>;

/** What a PUT binds: the subject of the path, with the body read by that subject's schema. */
export type Put =
  | (ArkSubject & { readonly input: z.infer<typeof BindingBody> })
  | (PdiSubject & { readonly input: PdiInput })
  | (SeriesSubject & { readonly input: PdiInput });

export interface PutEnv {
  Variables: AuthEnv['Variables'] & { put: Put };
}

/**
 * PUT: the subject of the path and the body read by its schema (an ARK's binding, a PDI's version) on
 * `c.var.put`, or the refusal; the path is checked before the body (403 `out-of-scope` before 400 `invalid-json`).
 */
export function putInput(deps: AppDeps) {
  return createMiddleware<PutEnv>(async (c, next) => {
    const { raw, query } = bindingTarget(c);
    const series = PDI_SERIES.exec(raw);
    const subject = series
      ? seriesSubject(c.var.token, (series[1] as string).toLowerCase())
      : await identify(c.var.token, deps, raw, query);
    if ('refused' in subject) return problemJson(c, subject.refused);
    const put = await putOf(c, deps, subject);
    if ('refused' in put) return problemJson(c, put.refused);
    c.set('put', put);
    await next();
  });
}

/** What a PUT of `subject` binds: its PUT-only checks, then the body read by its schema. */
async function putOf(c: Context, deps: AppDeps, subject: ArkSubject | PdiSubject | SeriesSubject) {
  switch (subject.kind) {
    case 'ark': {
      if (subject.rule && !(await deps.own?.refresh().then(() => deps.own?.has(subject.naan)))) {
        return refuse(
          problem(
            400,
            'prefix-rule-not-own',
            `prefix rules are kept under this institution's own NAANs; ${subject.naan} is not one (declare it with a shoulder first)`,
          ),
        );
      }
      const input = await readBody(c, BindingBody);
      return 'refused' in input ? input : { ...subject, input: input.value };
    }
    case 'pdi': {
      if (subject.version !== null) {
        return refuse(
          problem(400, 'pdi-version-assigned', 'versions are assigned by the gateway: PUT the PDI without its version'),
        );
      }
      const input = await readBody(c, PdiBindingBody);
      return 'refused' in input ? input : { ...subject, input: input.value };
    }
    case 'series': {
      const input = await readBody(c, PdiBindingBody);
      return 'refused' in input ? input : { ...subject, input: input.value };
    }
  }
}

/** The body as JSON (415 unless it says it is, 400 `invalid-json`), checked by `schema` (400 `invalid-binding`). */
async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<{ readonly value: T } | Refusal> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    return refuse(problem(415, 'unsupported-media-type', 'send the binding as application/json'));
  }
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return refuse(problem(400, 'invalid-json', 'the body is not JSON'));
  }
  const input = schema.safeParse(json);
  if (input.success) return { value: input.data };
  const { issues } = input.error;
  // A target read two ways has its own code (the store's `ambiguous-target`); every other issue is `invalid-binding`.
  const ambiguous = issues.some((i) => i.code === 'custom' && i.params?.['code'] === 'ambiguous-target');
  return refuse(
    problem(
      400,
      ambiguous ? 'ambiguous-target' : 'invalid-binding',
      issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      {
        issues: issues.map((i) => ({ path: i.path.map(String), message: i.message })),
      },
    ),
  );
}
