import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing.ts';

/**
 * The README's "Spreadsheet workflow" block is a transcript: `$ cat FILE` shows a file's content,
 * `$ npx pidgate ARGS` a command and its output. Each command is run here on that file.
 */
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Spreadsheet workflow'));
const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

interface Step {
  readonly command: string;
  readonly output: string;
}

function steps(text: string): Step[] {
  const out: { command: string; lines: string[] }[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('$ ')) out.push({ command: line.slice(2), lines: [] });
    else if (line !== '' || out.length > 0) out.at(-1)?.lines.push(line);
  }
  return out.map((s) => ({ command: s.command, output: `${s.lines.join('\n').trimEnd()}\n` }));
}

describe('README: spreadsheet workflow', () => {
  const all = steps(block);

  it('has the example', () => {
    expect(all.map((s) => s.command.split(' ')[0])).toEqual(['cat', 'npx', 'npx']);
  });

  it('each command gives the output shown', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pidgate-readme-'));
    for (const step of all) {
      const words = step.command.split(' ');
      if (words[0] === 'cat') {
        writeFileSync(join(dir, words[1] as string), step.output);
        continue;
      }
      expect(words.slice(0, 2)).toEqual(['npx', 'pidgate']);
      const { code, stdout } = await runCli(words.slice(2), '', { cwd: dir });
      expect(code, step.command).toBe(0);
      expect(stdout, step.command).toBe(step.output);
    }
  });
});
