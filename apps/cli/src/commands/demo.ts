import { normalizeRecord } from '@pidgate/core';
import { registry } from '@pidgate/schemes';
import type { Command } from '../command.ts';
import { write } from '../io.ts';

const EXAMPLES = [
  'URN:EXAMPLE:a123%2cz456?+x#y',
  'urn:example:a123%2Cz456',
  'urn:nbn:de:bvb:19-146642',
  'http://bad.example.org/ark:/13030/tqb3kh97gh8w',
  'ark:/13030/tq-b3kh97gh8w',
  'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
  'urn:pdi://ap.org.us/1997/08/04/001.text.1',
  'not-an-id',
];

export const demoCommand: Command = {
  name: 'demo',
  summary: 'normalize a few example identifiers',
  usage: 'pidgate demo\n\nNormalizes a few example identifiers of every scheme and prints the results.',
  async run(_args, io) {
    for (const input of EXAMPLES) await write(io.stdout, `${JSON.stringify(normalizeRecord(registry, input))}\n`);
    return 0;
  },
};
