import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayDocument } from '../testing/openapi-client.ts';
import { METHODS } from './openapi.ts';

// Issue 17: the OpenAPI document is lint-clean under @redocly/cli's recommended rules and valid for
// swagger-parser, for whatever routes the app has when the test runs (the document is generated from them).
// Offline: redocly runs with telemetry and update checks off, on a file on disk.

const require = createRequire(import.meta.url);
const cliPackage = require.resolve('@redocly/cli/package.json');
const cli = join(
  dirname(cliPackage),
  (require(cliPackage) as { bin: Record<string, string> }).bin['redocly'] as string,
);
const dir = mkdtempSync(join(tmpdir(), 'pidgate-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function redoclyLint(file: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, 'lint', file, '--extends=recommended', '--format=stylish'],
      {
        cwd: dir,
        timeout: 120_000,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe('the OpenAPI document and the tools people feed it to', async () => {
  const doc = await gatewayDocument();
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));

  it("is lint-clean under @redocly/cli's recommended rules (no error, no warning)", async () => {
    const { code, out } = await redoclyLint(file);
    expect(out).toContain('Your API description is valid');
    // (the CLI's framed banner about Node.js versions is not a finding)
    const findings = out.split('\n').filter((l) => !/[║╔╚]/.test(l));
    expect(findings.filter((l) => /warning|error/i.test(l))).toEqual([]);
    expect(code).toBe(0);
  }, 150_000);

  it('is valid for swagger-parser (info.license included)', async () => {
    // from the file on disk, as a user hands it over (swagger-parser dereferences in place: not our object)
    await expect(SwaggerParser.validate(file)).resolves.toBeTruthy();
    expect((doc['info'] as { license: unknown }).license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('gives every operation a unique operationId, a security requirement ([] when public) and a 4xx', () => {
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc['paths'] as Record<string, Record<string, unknown>>)) {
      for (const method of METHODS) {
        const op = item[method] as { operationId?: string; security?: unknown[]; responses: object } | undefined;
        if (!op) continue;
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        ids.push(op.operationId as string);
        expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
        expect(
          Object.keys(op.responses).some((s) => s.startsWith('4')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    // the public routes say so
    const paths = doc['paths'] as Record<string, Record<string, { security?: unknown[] }>>;
    expect(paths['/api/v1/parse']?.['get']?.security).toEqual([]);
    expect(paths['/api/v1/bindings']?.['get']?.security).toEqual([{ bearer: [] }]);
  });

  it('documents per method what a binding answers (GET, PUT and DELETE differ) and the reload, listing and import errors', () => {
    const paths = doc['paths'] as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const one = paths['/api/v1/bindings/{identifier}'] ?? {};
    const codes = (m: string) => Object.keys(one[m]?.responses ?? {}).sort();
    expect(codes('get')).not.toContain('201');
    expect(codes('delete')).not.toContain('201');
    expect(codes('put')).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '409', '410', '413', '414', '415', '503']),
    );
    expect(Object.keys(paths['/api/v1/admin/reload']?.['post']?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '404', '503']),
    );
    expect(Object.keys(paths['/api/v1/bindings']?.['get']?.responses ?? {})).toContain('400');
    expect(Object.keys(paths['/api/v1/bindings/import']?.['post']?.responses ?? {})).toContain('400');
  });
});
