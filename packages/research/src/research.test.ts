import type { DefinedScheme } from '@pidgate/core';
import { readmeExamples, schemeContract } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import {
  asclScheme,
  cstrScheme,
  GND_ERROR_CODES,
  type GndErrorCode,
  gndScheme,
  HAL_ERROR_CODES,
  type HalErrorCode,
  halScheme,
  ISTC_ERROR_CODES,
  type IstcErrorCode,
  istcScheme,
  LSID_ERROR_CODES,
  type LsidErrorCode,
  lsidScheme,
  OPENALEX_ERROR_CODES,
  type OpenalexErrorCode,
  openalexScheme,
  rridScheme,
  VIAF_ERROR_CODES,
  type ViafErrorCode,
  viafScheme,
  WIKIDATA_ERROR_CODES,
  type WikidataErrorCode,
  wikidataScheme,
} from './index.ts';
import type { IdComponents } from './shell.ts';

/** The DNB's recipe, written here: weights 2, 3, … from the right; GND (11 - sum mod 11) mod 11, SWD sum mod 11. */
function dnbCheck(digits: string, rule: 'gnd' | 'swd'): string {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    sum += Number(d) * (i + 2);
  });
  const v = rule === 'gnd' ? (11 - (sum % 11)) % 11 : sum % 11;
  return v === 10 ? 'X' : String(v);
}

/** ISO 21047's recipe, written here: weights 11, 9, 3, 1 over the hexadecimal values, sum mod 16. */
function istcCheckOf(fifteen: string): string {
  const w = [11, 9, 3, 1];
  const sum = [...fifteen].reduce((t, c, i) => t + Number.parseInt(c, 16) * (w[i % 4] as number), 0);
  return (sum % 16).toString(16).toUpperCase();
}

describe('check digits, by the authorities’ recipes', () => {
  it('GND: the DNB’s worked examples and real IDs', () => {
    // DNB wiki, "Prüfziffernberechnung": 0095980479 → X (GND), 95980479-1 (SWD)
    expect(dnbCheck('0095980479', 'gnd')).toBe('X');
    expect(dnbCheck('95980479', 'swd')).toBe('1');
    expect(dnbCheck('11854023', 'gnd')).toBe('8'); // Goethe, gnd:118540238
    expect(dnbCheck('105586469', 'gnd')).toBe('5');
    expect(dnbCheck('4079154', 'swd')).toBe('3'); // SWD 4079154-3
    for (const id of ['https://d-nb.info/gnd/118540238', 'gnd:95980479X', 'gnd:95980479-1', 'gnd:95980479-X']) {
      expect(gndScheme.parse(id).ok, id).toBe(true);
    }
    const wrong = gndScheme.parse('gnd:118540237');
    expect(!wrong.ok && wrong.error.message).toContain('should be 8');
  });

  it('ISTC: ISO 21047’s example', () => {
    expect(istcCheckOf('0A9200212B4A105')).toBe('7');
    expect(istcScheme.parse('ISTC 0A9-2002-12B4A105-7').ok).toBe(true);
    const wrong = istcScheme.parse('ISTC 0A9-2002-12B4A105-8');
    expect(!wrong.ok && wrong.error.code).toBe('istc-check');
  });
});

schemeContract(gndScheme, {
  valid: [
    'https://d-nb.info/gnd/4079154-3',
    'http://d-nb.info/gnd/1055864695',
    'd-nb.info/gnd/118540238',
    'GND:4079154-3',
    '4079154-3',
    'gnd:95980479x',
  ],
  invalid: [
    'gnd:4079154-4',
    'gnd:118540237',
    'gnd:1185402381234',
    'gnd:1185-40238',
    'gnd:',
    'https://d-nb.info/gnd/4079154-3/x',
  ],
  equivalent: [
    ['https://d-nb.info/gnd/4079154-3', 'gnd:4079154-3', '4079154-3', 'd-nb.info/gnd/4079154-3/'],
    ['gnd:95980479X', 'gnd:95980479x'],
  ],
  distinct: [['gnd:4079154-3', 'gnd:118540238']],
});

schemeContract(viafScheme, {
  valid: [
    'https://viaf.org/viaf/75121530',
    'http://www.viaf.org/viaf/75121530/',
    'viaf:75121530',
    'VIAF:9999999999999999999',
  ],
  invalid: ['viaf:075121530', 'viaf:7', 'viaf:751215x', 'https://viaf.org/viaf/'],
  equivalent: [['https://viaf.org/viaf/75121530', 'viaf:75121530', 'viaf.org/viaf/75121530/']],
  distinct: [['viaf:75121530', 'viaf:75121531']],
});

schemeContract(wikidataScheme, {
  valid: [
    'Q42',
    'wikidata:Q42',
    'wd:P31',
    'https://www.wikidata.org/wiki/Q42',
    'http://www.wikidata.org/entity/Q42',
    'https://www.wikidata.org/wiki/Property:P31',
    'https://www.wikidata.org/wiki/Lexeme:L7',
    'L7-F1',
    'wikidata:L7-S2',
  ],
  invalid: [
    'wikidata:Q042',
    'wikidata:X42',
    'https://www.wikidata.org/wiki/Property:Q31',
    'wikidata:Q42-F1',
    'wikidata:L7-F',
    'wd:Q',
  ],
  equivalent: [
    ['Q42', 'wikidata:Q42', 'https://www.wikidata.org/wiki/Q42', 'wd:Q42', 'https://m.wikidata.org/wiki/Q42/'],
    ['P31', 'https://www.wikidata.org/wiki/Property:P31'],
  ],
  distinct: [
    ['Q42', 'P42'],
    ['L7', 'L7-F1'],
  ],
});

schemeContract(openalexScheme, {
  valid: [
    'https://openalex.org/W2741809807',
    'openalex.org/works/W2741809807',
    'https://api.openalex.org/authors/A5023888391',
    'openalex:w2741809807',
    'W2741809807',
    'I27837315',
    'C41008148',
  ],
  invalid: [
    'openalex:X2741809807',
    'openalex:W',
    'openalex:W0123',
    'https://api.openalex.org/works/A5023888391',
    'openalex:W27418x',
  ],
  equivalent: [
    [
      'https://openalex.org/W2741809807',
      'openalex:w2741809807',
      'W2741809807',
      'https://api.openalex.org/works/W2741809807/',
    ],
  ],
  distinct: [['W2741809807', 'A2741809807']],
});

schemeContract(lsidScheme, {
  valid: [
    'urn:lsid:ubio.org:namebank:11815',
    'URN:LSID:ubio.org:namebank:11815:2',
    'urn:lsid:ipni.org:names:77103633-1',
    'urn:lsid:zoobank.org:act:6EA8BB2A-A57B-47C1-953E-042D8CD8E0E2',
  ],
  invalid: [
    'urn:lsid:ubio.org:namebank',
    'urn:lsid:ubio.org::11815',
    'urn:lsid:ubio_org:namebank:1',
    'urn:lsid:a:b:c:d:e',
    'urn:lsid:a:b:c d',
  ],
  equivalent: [['urn:lsid:ubio.org:namebank:11815', 'URN:LSID:UBIO.ORG:namebank:11815']],
  distinct: [['urn:lsid:ubio.org:namebank:11815', 'urn:lsid:ubio.org:NameBank:11815']],
});

schemeContract(istcScheme, {
  valid: ['ISTC 0A9-2002-12B4A105-7', 'istc:0a9200212b4a1057', '0A9 2002 12B4A105 7', '0A9-2002-12B4A105-7'],
  invalid: [
    'ISTC 0A9-2002-12B4A105-8',
    'ISTC 0A9-2002-12B4A105',
    'ISTC 0A9-2002-12B4A105-7-1',
    'ISTC 0A9-2002-12G4A105-7',
    'istc:0A9--2002-12B4A105-7',
  ],
  equivalent: [['ISTC 0A9-2002-12B4A105-7', 'istc:0a9200212b4a1057', '0A9 2002 12B4A105 7']],
  distinct: [['ISTC 0A9-2002-12B4A105-7', 'ISTC 0A9-2002-12B4A106-A']],
});

schemeContract(halScheme, {
  valid: [
    'hal-01234567',
    'hal:inserm-13102590',
    'mem_13102590',
    'tel-00123456v2',
    'https://hal.science/hal-01234567',
    'https://theses.hal.science/tel-00123456/',
    'in2p3-00012345',
  ],
  invalid: [
    'hal:hal-0123456',
    'hal:HAL-01234567',
    'hal:hal-01234567v',
    'hal:hal-01234567v0',
    'hal:ab-01234567',
    'https://hal.science/hal-01234567/document',
  ],
  equivalent: [
    ['hal-01234567', 'hal:hal-01234567', 'https://hal.archives-ouvertes.fr/hal-01234567', 'hal.science/hal-01234567/'],
  ],
  distinct: [['hal-01234567', 'hal-01234567v2']],
});

schemeContract(asclScheme, {
  valid: ['ascl:1908.011', 'ASCL:1908.0113', 'https://ascl.net/1908.011', 'ascl.net/1908.011/'],
  invalid: ['ascl:1913.011', 'ascl:1908.01', 'ascl:1908.01134', 'ascl:1908-011', 'ascl:19a8.011'],
  equivalent: [['ascl:1908.011', 'https://ascl.net/1908.011', 'ASCL:1908.011']],
  distinct: [['ascl:1908.011', 'ascl:1908.0110']],
});

schemeContract(cstrScheme, {
  valid: [
    'CSTR:31253.11.sciencedb.j00001.00123',
    'cstr:16389.09.A08V-0001',
    'https://cstr.cn/31253.11.sciencedb.j00001.00123',
  ],
  invalid: ['CSTR:3125.11.x', 'CSTR:31253.1.x', 'CSTR:31253.11.', 'CSTR:31253.11.a b', 'CSTR:31253-11.x'],
  equivalent: [
    [
      'CSTR:31253.11.sciencedb.j00001.00123',
      'cstr:31253.11.sciencedb.j00001.00123',
      'https://cstr.cn/31253.11.sciencedb.j00001.00123',
    ],
  ],
  distinct: [['CSTR:16389.09.A08V-0001', 'CSTR:16389.09.a08v-0001']],
});

schemeContract(rridScheme, {
  valid: [
    'RRID:AB_90755',
    'RRID:SCR_001905',
    'rrid:CVCL_0033',
    'RRID:IMSR_JAX:000664',
    'RRID:Addgene_12259',
    'RRID:SAMN19842595',
    'https://scicrunch.org/resolver/RRID:AB_90755',
  ],
  invalid: ['RRID:_90755', 'RRID:AB_', 'RRID:AB 90755', 'RRID:AB_90755-', 'RRID:ABC'],
  equivalent: [['RRID:AB_90755', 'rrid:AB_90755', 'https://scicrunch.org/resolver/RRID:AB_90755']],
  distinct: [['RRID:AB_90755', 'RRID:AB_90756']],
});

readmeExamples(new URL('../README.md', import.meta.url));

/** One input per error code: every code is reachable, and each rule gives its own. */
describe('error codes', () => {
  const cases = <C extends string>(
    scheme: { parse(s: string): { ok: boolean; error?: { code: string } } },
    codes: readonly C[],
    table: Record<C, string>,
  ) => {
    for (const code of codes) {
      const r = scheme.parse(table[code]);
      expect(r.ok ? 'ok' : r.error?.code, table[code]).toBe(code);
    }
  };
  it('GND', () =>
    cases(gndScheme, GND_ERROR_CODES, {
      'gnd-label': 'gdn:4079154-3',
      'gnd-character': 'gnd:40791a4-3',
      'gnd-length': 'gnd:12345678901X',
      'gnd-check': 'gnd:4079154-2',
    } satisfies Record<GndErrorCode, string>));
  it('VIAF', () =>
    cases(viafScheme, VIAF_ERROR_CODES, {
      'viaf-label': 'via:1',
      'viaf-character': 'viaf:12a',
      'viaf-leading-zero': 'viaf:012',
      'viaf-length': 'viaf:12345678901234567890123',
    } satisfies Record<ViafErrorCode, string>));
  it('Wikidata', () =>
    cases(wikidataScheme, WIKIDATA_ERROR_CODES, {
      'wikidata-label': 'wiki:Q1',
      'wikidata-prefix': 'wikidata:X1',
      'wikidata-namespace': 'https://www.wikidata.org/wiki/Lexeme:Q1',
      'wikidata-number': 'wikidata:Q01',
      'wikidata-form': 'wikidata:L1-X1',
    } satisfies Record<WikidataErrorCode, string>));
  it('OpenAlex', () =>
    cases(openalexScheme, OPENALEX_ERROR_CODES, {
      'openalex-label': 'openalx:W1',
      'openalex-entity': 'openalex:Z1',
      'openalex-number': 'openalex:W1x',
    } satisfies Record<OpenalexErrorCode, string>));
  it('LSID', () =>
    cases(lsidScheme, LSID_ERROR_CODES, {
      'lsid-label': 'urn:lsi:a:b:c',
      'lsid-authority': 'urn:lsid:a_b:b:c',
      'lsid-parts': 'urn:lsid:a:b',
      'lsid-character': 'urn:lsid:a:b:c%zz',
    } satisfies Record<LsidErrorCode, string>));
  it('ISTC', () =>
    cases(istcScheme, ISTC_ERROR_CODES, {
      'istc-label': 'isct:0A9200212B4A1057',
      'istc-character': 'istc:0A9200212B4A105Z',
      'istc-length': 'istc:0A9200212B4A10',
      'istc-check': 'istc:0A9200212B4A1058',
    } satisfies Record<IstcErrorCode, string>));
  it('HAL', () =>
    cases(halScheme, HAL_ERROR_CODES, {
      'hal-label': 'hl:hal-01234567',
      'hal-prefix': 'hal:Hal-01234567',
      'hal-number': 'hal:hal-0123456',
      'hal-version': 'hal:hal-01234567x',
    } satisfies Record<HalErrorCode, string>));
});

describe('resolvers', () => {
  const url = (scheme: DefinedScheme<IdComponents>, input: string) => {
    const r = scheme.parse(input);
    if (!r.ok) throw new Error(r.error.message);
    return scheme.resolve(r.value.components);
  };
  it('names each identifier’s page at its authority', () => {
    expect(url(gndScheme, '4079154-3')).toBe('https://d-nb.info/gnd/4079154-3');
    expect(url(viafScheme, 'viaf:75121530')).toBe('https://viaf.org/viaf/75121530');
    expect(url(wikidataScheme, 'https://www.wikidata.org/wiki/Property:P31')).toBe(
      'https://www.wikidata.org/entity/P31',
    );
    expect(url(openalexScheme, 'openalex:w2741809807')).toBe('https://openalex.org/W2741809807');
    expect(url(halScheme, 'hal:tel-00123456')).toBe('https://hal.science/tel-00123456');
    expect(url(asclScheme, 'ascl:1908.011')).toBe('https://ascl.net/1908.011');
    expect(url(cstrScheme, 'CSTR:31253.11.sciencedb.j00001.00123')).toBe(
      'https://cstr.cn/31253.11.sciencedb.j00001.00123',
    );
    expect(url(rridScheme, 'RRID:AB_90755')).toBe('https://scicrunch.org/resolver/RRID:AB_90755');
    expect(url(lsidScheme, 'urn:lsid:ubio.org:namebank:11815')).toBeUndefined();
    expect(url(istcScheme, 'ISTC 0A9-2002-12B4A105-7')).toBeUndefined();
  });
});
