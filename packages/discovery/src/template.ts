/**
 * Target URL templates of today's NAAN registry: `https://example.org/ark:/${content}`.
 *
 * For the ARK `ark:/12345/x6np1wh8k/c2.pdf` matched by the record `what`:
 * - `${content}`: everything after `ark:/`, `12345/x6np1wh8k/c2.pdf`
 * - `${value}`:   the Name and Qualifier, everything after `NAAN/`, `x6np1wh8k/c2.pdf`
 * - `${pid}`:     the whole ARK, `ark:/12345/x6np1wh8k/c2.pdf`
 * - `${suffix}`:  the content after the matched record's `what` (`12345/x6` → `np1wh8k/c2.pdf`;
 *                 `19156/tkt42` and `19156/tkt42/03n01` → `/03n01`)
 */
import { err, ok, type PidError, type Result } from '@pidgate/core';
import type { DiscoveryErrorCode } from './codes.ts';

export const TEMPLATE_VARIABLES = ['content', 'value', 'pid', 'suffix'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** A template split into literal text and variables, ready to expand many times. */
export type CompiledTemplate = readonly (string | { readonly variable: TemplateVariable })[];

/** Split a template. Never throws; linear. `$` not followed by `{` is literal text. */
export function compileTemplate(template: string): Result<CompiledTemplate, PidError<DiscoveryErrorCode>> {
  const parts: (string | { variable: TemplateVariable })[] = [];
  let last = 0;
  for (let i = template.indexOf('${'); i !== -1; i = template.indexOf('${', last)) {
    const close = template.indexOf('}', i + 2);
    if (close === -1) return err('registry-template', 'a template variable "${" is not closed by "}"', i);
    const name = template.slice(i + 2, close);
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name)) {
      return err(
        'registry-template',
        `unknown template variable \${${name}}: use \${content}, \${value}, \${pid} or \${suffix}`,
        i,
      );
    }
    if (i > last) parts.push(template.slice(last, i));
    parts.push({ variable: name as TemplateVariable });
    last = close + 1;
  }
  if (last < template.length) parts.push(template.slice(last));
  return ok(parts);
}

export type TemplateValues = Readonly<Record<TemplateVariable, string>>;

export function expandTemplate(template: CompiledTemplate, values: TemplateValues): string {
  let out = '';
  for (const part of template) out += typeof part === 'string' ? part : values[part.variable];
  return out;
}
